import { useState } from 'react';
import { useStudentSearch } from '../../../api/lookups';
import { ErrorState } from '../../../components/ui/error-state';
import { SearchInput } from '../../../components/ui/search-input';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n/i18n';

/**
 * Staff and teachers open a student's history by name: the first matches of what they type (the students
 * they may see), nothing asked before the first letter.
 */
export function StudentFinder({ onPick }: { onPick: (id: string) => void }) {
  const { t } = useT('attendance');
  const [search, setSearch] = useState('');
  const results = useStudentSearch(search, search.length > 0);
  return (
    <div className="w-full space-y-2 sm:w-72">
      <SearchInput id="history-search" label={t('history.search')} value={search} onChange={setSearch} />
      {search.length > 0 &&
        (results.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : results.isError ? (
          <ErrorState error={results.error} onRetry={() => results.refetch()} />
        ) : results.data.items.length === 0 ? (
          <p className="text-sm text-slate-600">{t('history.noMatch')}</p>
        ) : (
          <ul
            className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white"
            aria-label={t('history.matches')}
          >
            {results.data.items.map((s) => (
              <li key={s.id}>
                <button
                  type="button"
                  onClick={() => {
                    onPick(s.id);
                    setSearch('');
                  }}
                  className="w-full px-3 py-2 text-start text-sm hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none"
                >
                  <span className="font-medium text-slate-900">{s.name}</span>{' '}
                  <span className="text-slate-600">{s.classLabel}</span>
                </button>
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}
