import type { Announcement } from '@lyceum/shared/announcements';
import { useState } from 'react';
import { PersonAvatar } from '../../../components/people/person-avatar';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n';
import { useAnnouncementReaders } from '../api/announcements';

/** Who of the audience has (not) read an announcement, a page at a time; for its author and managers. */
export function ReadersDialog({
  announcement,
  onOpenChange,
}: {
  announcement: Announcement | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useT('announcements');
  const { t: tc } = useT();
  const { dateTime } = useFormat();
  const [state, setState] = useState<'unread' | 'read'>('unread');
  const readers = useAnnouncementReaders(announcement?.id ?? '', state, announcement !== null);
  const items = readers.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Dialog
      open={announcement !== null}
      onOpenChange={onOpenChange}
      title={t('readers.title')}
      description={announcement ? t('readers.description', { title: announcement.title }) : undefined}
    >
      <Select
        id="readers-state"
        label={t('readers.list')}
        hideLabel
        value={state}
        onChange={(event) => setState(event.target.value as 'unread' | 'read')}
        options={[
          { value: 'unread', label: t('readers.unread') },
          { value: 'read', label: t('readers.read') },
        ]}
        containerClassName="mb-3"
      />
      {readers.isPending ? (
        <div className="space-y-2" role="status" aria-label={tc('states.loading')}>
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : readers.isError ? (
        <ErrorState error={readers.error} onRetry={() => void readers.refetch()} />
      ) : items.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500">
          {state === 'unread' ? t('readers.empty') : t('readers.emptyRead')}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label={t('readers.list')}>
          {items.map((reader) => (
            <li key={reader.id} className="flex items-center gap-3 py-2">
              <PersonAvatar name={reader.name} size="sm" />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm text-slate-900">{reader.name}</span>
                <span className="block text-xs text-slate-500">
                  {tc(`roles.${reader.role}`)}
                  {reader.readAt && ` · ${t('readers.readAt', { date: dateTime(reader.readAt) })}`}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {readers.hasNextPage && (
        <Button
          variant="secondary"
          className="mt-3 w-full"
          loading={readers.isFetchingNextPage}
          onClick={() => void readers.fetchNextPage()}
        >
          {tc('actions.loadMore')}
        </Button>
      )}
    </Dialog>
  );
}
