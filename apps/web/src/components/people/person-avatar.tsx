import { Avatar, type AvatarSize } from '../ui/avatar';

const SIZES = { sm: 'sm', md: 'md', lg: 'lg' } as const satisfies Record<string, AvatarSize>;

/** A person's picture, or their initial until they upload one (the shared Avatar). Decorative: the name is always next to it. */
export function PersonAvatar({
  name,
  src,
  size = 'sm',
}: {
  name: string;
  src?: string | null;
  size?: keyof typeof SIZES;
}) {
  return <Avatar name={name} src={src} size={SIZES[size]} />;
}

/**
 * Avatar + name (+ a second line), the first cell of every people list. Both are someone's text, isolated, so
 * right to left `Doe, "Jane"` never reads `"Doe, "Jane` (docs/product.md, "In the web app").
 */
export function PersonCell({ name, sub, src }: { name: React.ReactNode; sub?: React.ReactNode; src?: string | null }) {
  const label = typeof name === 'string' ? name : '';
  return (
    <span className="flex min-w-0 items-center gap-3">
      <PersonAvatar name={label} src={src} />
      <span className="min-w-0">
        <span className="block truncate font-medium text-slate-900">
          <bdi>{name}</bdi>
        </span>
        {sub && (
          <span className="block truncate text-xs text-slate-500">
            <bdi>{sub}</bdi>
          </span>
        )}
      </span>
    </span>
  );
}
