import { useState } from 'react';
import { useParentSearch } from '../../../api/lookups';
import { Button } from '../../../components/ui/button';
import { SearchInput } from '../../../components/ui/search-input';
import { useT } from '../../../lib/i18n/i18n';

/** Search the school's parents and pick one (e.g. to link to a student). */
export function ParentPicker({
  id,
  exclude,
  onPick,
}: {
  id: string;
  exclude: readonly string[];
  onPick: (parent: { id: string; name: string; email: string }) => void;
}) {
  const { t } = useT('students');
  const [search, setSearch] = useState('');
  const results = useParentSearch(search, search.length > 0);
  const items = (results.data?.items ?? []).filter((p) => !exclude.includes(p.id));
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 p-3">
      <SearchInput id={id} label={t('parentPicker.search')} value={search} onChange={setSearch} />
      {search && (
        <ul className="max-h-40 divide-y divide-slate-100 overflow-y-auto" aria-label={t('parentPicker.matching')}>
          {results.isPending ? (
            <li className="py-2 text-sm text-slate-500">{t('parentPicker.searching')}</li>
          ) : items.length === 0 ? (
            <li className="py-2 text-sm text-slate-500">{t('parentPicker.none')}</li>
          ) : (
            items.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-2 py-1.5 text-sm">
                <span className="min-w-0 truncate">
                  {p.name} <span className="text-slate-500">· {p.email}</span>
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => onPick(p)}
                  aria-label={t('parentPicker.chooseName', { name: p.name })}
                >
                  {t('parentPicker.choose')}
                </Button>
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
