import { cn } from '../../lib/cn';

const SIZES = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-16 text-xl' } as const;

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '?';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** A person's picture, or their initials until they upload one. Decorative: the name is always next to it. */
export function PersonAvatar({
  name,
  src,
  size = 'sm',
}: {
  name: string;
  src?: string | null;
  size?: keyof typeof SIZES;
}) {
  if (src) {
    return <img src={src} alt="" className={cn('shrink-0 rounded-full object-cover', SIZES[size])} />;
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-blue-100 font-semibold text-blue-800',
        SIZES[size],
      )}
    >
      {initials(name)}
    </span>
  );
}

/** Avatar + name (+ a second line), the first cell of every people list. */
export function PersonCell({ name, sub, src }: { name: React.ReactNode; sub?: React.ReactNode; src?: string | null }) {
  const label = typeof name === 'string' ? name : '';
  return (
    <span className="flex min-w-0 items-center gap-3">
      <PersonAvatar name={label} src={src} />
      <span className="min-w-0">
        <span className="block truncate font-medium text-slate-900">{name}</span>
        {sub && <span className="block truncate text-xs text-slate-500">{sub}</span>}
      </span>
    </span>
  );
}
