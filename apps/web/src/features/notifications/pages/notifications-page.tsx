import type { Notification } from '@lyceum/shared/api';
import { NOTIFICATION_TYPES, type NotificationType } from '@lyceum/shared/notifications';
import { BellOff } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n/i18n';
import { type NotificationFilters, useNotificationPage } from '../api/get-notification-page';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { DeleteNotificationButton } from '../components/delete-notification-button';
import { NotificationItem } from '../components/notification-item';

/** /notifications: the bell's "See all": every notification, filtered by type and read state, a page at a time. */
export function NotificationsPage() {
  const { t } = useT('notifications');
  const { t: tc } = useT();
  const [filters, setFilters] = useState<NotificationFilters>({ type: '', read: 'all' });
  const query = useNotificationPage(filters);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const unread = query.data?.pages[0]?.unread ?? 0;
  const filtered = filters.type !== '' || filters.read !== 'all';
  const select = (notification: Notification) => {
    if (!notification.read) markRead.mutate(notification.id);
  };

  return (
    <>
      <PageHeader
        title={t('page.title')}
        description={t('page.description')}
        actions={
          <Button variant="secondary" disabled={unread === 0 || markAll.isPending} onClick={() => markAll.mutate()}>
            {t('bell.markAllRead')}
          </Button>
        }
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:max-w-xl">
        <Select
          id="notification-type"
          label={t('page.type')}
          hideLabel
          value={filters.type}
          onChange={(event) => setFilters({ ...filters, type: event.target.value as NotificationType | '' })}
          options={[
            { value: '', label: t('types.all') },
            ...NOTIFICATION_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) })),
          ]}
        />
        <Select
          id="notification-read"
          label={t('page.read')}
          hideLabel
          value={filters.read}
          onChange={(event) => setFilters({ ...filters, read: event.target.value as NotificationFilters['read'] })}
          options={[
            { value: 'all', label: t('readFilter.all') },
            { value: 'unread', label: t('readFilter.unread') },
            { value: 'read', label: t('readFilter.read') },
          ]}
        />
      </div>
      {query.isPending ? (
        <div className="space-y-2" role="status" aria-label={t('page.loading')}>
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : items.length === 0 ? (
        <Card>
          <EmptyState
            icon={<BellOff className="size-6" aria-hidden="true" />}
            title={filtered ? t('page.empty') : t('page.emptyAll')}
          />
        </Card>
      ) : (
        <Card className="overflow-hidden">
          <ul className="divide-y divide-slate-100" aria-label={t('page.list')}>
            {items.map((notification) => (
              <li key={notification.id} className="flex items-start">
                <NotificationItem notification={notification} onSelect={select} />
                <DeleteNotificationButton notification={notification} />
              </li>
            ))}
          </ul>
        </Card>
      )}
      {query.hasNextPage && (
        <Button
          variant="secondary"
          className="mt-4 w-full"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {tc('actions.loadMore')}
        </Button>
      )}
    </>
  );
}
