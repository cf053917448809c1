import { Download } from 'lucide-react';
import { API_BASE } from '../../lib/api-client';
import { useT } from '../../lib/i18n/i18n';
import { toQueryString } from '../../api/people-cache';
import { buttonClasses } from '../ui/button';

/** "Export CSV": a plain download link (same-origin cookie), with the list's current filters. */
export function ExportLink({
  path,
  filters = {},
  label,
}: {
  path: string;
  filters?: Record<string, string | undefined>;
  label?: string;
}) {
  const { t } = useT('people');
  return (
    <a href={`${API_BASE}${path}${toQueryString(filters)}`} download className={buttonClasses('secondary')}>
      <Download className="size-4" aria-hidden="true" />
      {label ?? t('exportCsv')}
    </a>
  );
}
