import type { ReactNode } from 'react';
import { PersonAvatar } from './person-avatar';

/** One labelled value of a profile's details card. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * A profile's heading: picture, name (or "My profile"), a line of facts and the page's actions. The name is
 * isolated, so right to left a Latin `Doe, "Jane"` keeps its quotes (docs/product.md, "In the web app").
 */
export function ProfileHeader({
  name,
  src,
  title,
  facts,
  actions,
}: {
  name: string;
  src: string | null;
  title: string;
  facts: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-center gap-4">
      <PersonAvatar name={name} src={src} size="lg" />
      <div className="min-w-0 flex-1">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
          <bdi>{title}</bdi>
        </h1>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-500">{facts}</p>
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
