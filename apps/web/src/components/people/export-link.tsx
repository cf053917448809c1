import { Download } from 'lucide-react';
import { API_BASE } from '../../lib/api-client';
import { toQueryString } from '../../api/people-cache';
import { buttonClasses } from '../ui/button';

/** "Export CSV": a plain download link (same-origin cookie), with the list's current filters. */
export function ExportLink({
  path,
  filters = {},
  label = 'Export CSV',
}: {
  path: string;
  filters?: Record<string, string | undefined>;
  label?: string;
}) {
  return (
    <a href={`${API_BASE}${path}${toQueryString(filters)}`} download className={buttonClasses('secondary')}>
      <Download className="size-4" aria-hidden="true" />
      {label}
    </a>
  );
}
