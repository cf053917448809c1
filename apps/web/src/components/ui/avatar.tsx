import { useEffect, useState } from 'react';
import { cn } from '../../lib/cn';

const SIZES = {
  xs: 'size-7 text-xs',
  sm: 'size-9 text-sm',
  md: 'size-12 text-base',
  lg: 'size-24 text-3xl',
} as const;

export type AvatarSize = keyof typeof SIZES;

/** The first letter of a name, upper-cased; `?` for an empty one. */
export function initialOf(name: string): string {
  return name.trim().charAt(0).toUpperCase() || '?';
}

interface AvatarProps {
  name: string;
  /** The picture's URL (a user's `profileImage`); without one, or when it fails to load, the initial. */
  src?: string | null;
  size?: AvatarSize;
  className?: string;
  /** Decorative next to the person's visible name (the default); otherwise the picture is labelled with it. */
  decorative?: boolean;
  'data-testid'?: string;
}

/** A person's picture in a circle, or their initial on a colour when they have none. */
export function Avatar({ name, src, size = 'sm', className, decorative = true, 'data-testid': testId }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  // A new picture gets a new chance to load.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on src change only
  useEffect(() => setFailed(false), [src]);
  const box = cn(
    'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full',
    SIZES[size],
    className,
  );

  if (src && !failed) {
    return (
      <img
        src={src}
        alt={decorative ? '' : name}
        aria-hidden={decorative || undefined}
        data-testid={testId}
        onError={() => setFailed(true)}
        className={cn(box, 'bg-slate-200 object-cover')}
      />
    );
  }
  return (
    <span
      aria-hidden={decorative || undefined}
      data-testid={testId}
      className={cn(box, 'bg-blue-600 font-semibold text-white')}
    >
      {decorative ? (
        initialOf(name)
      ) : (
        <>
          <span aria-hidden="true">{initialOf(name)}</span>
          <span className="sr-only">{name}</span>
        </>
      )}
    </span>
  );
}
