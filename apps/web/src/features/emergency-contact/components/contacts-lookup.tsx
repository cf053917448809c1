import { useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { SearchInput } from '../../../components/ui/search-input';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n/i18n';
import { useEmergencyLookup } from '../api/emergency-contacts';
import { StudentContacts } from './student-contacts';

/**
 * Staff: find a student by name (the request waits until typing pauses) and call one of their contacts.
 * A parent: their children's contacts, which they keep. `canEdit`: the school office and parents.
 */
export function ContactsLookup({ mode, canEdit }: { mode: 'search' | 'children'; canEdit: boolean }) {
  const { t } = useT('emergency-contact');
  const [search, setSearch] = useState('');
  const searching = mode === 'search';
  const lookup = useEmergencyLookup(search, !searching || search.length > 0);
  const items = lookup.data?.items ?? [];

  return (
    <section aria-labelledby="student-contacts-title" className="space-y-3">
      <h2 id="student-contacts-title" className="text-lg font-semibold text-slate-900">
        {searching ? t('lookup.title') : t('children.title')}
      </h2>
      <p className="text-sm text-slate-600">{searching ? t('lookup.description') : t('children.description')}</p>
      {searching && (
        <SearchInput id="emergency-search" label={t('lookup.search')} value={search} onChange={setSearch} />
      )}
      {searching && !search ? null : lookup.isPending ? (
        <Skeleton className="h-32" />
      ) : lookup.isError ? (
        <ErrorState error={lookup.error} onRetry={() => lookup.refetch()} retrying={lookup.isFetching} />
      ) : items.length === 0 ? (
        <EmptyState title={searching ? t('lookup.none', { search }) : t('children.none')} />
      ) : (
        <ul className="space-y-3" aria-label={searching ? t('lookup.results') : t('children.title')}>
          {items.map((s) => (
            <li key={s.studentId}>
              <StudentContacts student={s} canEdit={canEdit} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
