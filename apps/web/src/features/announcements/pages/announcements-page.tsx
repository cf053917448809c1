import { isSchoolRole } from '@lyceum/shared/roles';
import type { Announcement } from '@lyceum/shared/announcements';
import { Megaphone } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { NotForRole } from '../../../components/people/not-for-role';
import { BackLink } from '../../../components/ui/back-link';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAuth } from '../../../lib/auth';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/i18n';
import {
  type AnnouncementStatusFilter,
  useAnnouncement,
  useAnnouncements,
  useMarkAnnouncementRead,
} from '../api/announcements';
import { AnnouncementCard } from '../components/announcement-card';
import { EditAnnouncementDialog } from '../components/edit-dialog';
import { PublishDialog } from '../components/publish-dialog';
import { ReadersDialog } from '../components/readers-dialog';

const PUBLISHERS = new Set(['school_admin', 'principal', 'teacher']);

/**
 * /announcements. Company staff belong to no school, so no school's announcements are theirs to read: the
 * page says so rather than showing the server's refusal (docs/product.md, "Routes and who may open them").
 */
export function AnnouncementsPage() {
  const { t } = useT('announcements');
  const { user } = useAuth();
  if (!user || !isSchoolRole(user.role)) return <NotForRole title={t('title')} description={t('notForRole')} />;
  return <SchoolAnnouncements />;
}

/** What the reader's role and classes let them see, pinned first; publishers post and follow reads. */
function SchoolAnnouncements() {
  const { t } = useT('announcements');
  const { user } = useAuth();
  const publisher = PUBLISHERS.has(user?.role ?? '');
  const [status, setStatus] = useState<AnnouncementStatusFilter>('active');
  const [publishing, setPublishing] = useState(false);
  const [readersOf, setReadersOf] = useState<Announcement | null>(null);
  const [editing, setEditing] = useState<Announcement | null>(null);
  // A notification opens its announcement on its own (docs/product.md, "Notifications").
  const [params] = useSearchParams();
  const opened = params.get('a');

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          publisher && (
            <Button onClick={() => setPublishing(true)}>
              <Megaphone className="size-4" aria-hidden="true" />
              {t('publish.open')}
            </Button>
          )
        }
      />
      {opened ? (
        <OpenedAnnouncement id={opened} onShowReaders={setReadersOf} onEdit={setEditing} />
      ) : (
        <AnnouncementList
          publisher={publisher}
          status={status}
          onStatus={setStatus}
          onPublish={() => setPublishing(true)}
          onShowReaders={setReadersOf}
          onEdit={setEditing}
        />
      )}
      {publisher && <PublishDialog open={publishing} onOpenChange={setPublishing} />}
      {editing && (
        <EditAnnouncementDialog
          key={editing.id}
          announcement={editing}
          onOpenChange={(open) => !open && setEditing(null)}
        />
      )}
      <ReadersDialog announcement={readersOf} onOpenChange={(open) => !open && setReadersOf(null)} />
    </>
  );
}

/** The one a notification leads to, or, when it is gone or never was the reader's, a page that says so. */
function OpenedAnnouncement({
  id,
  onShowReaders,
  onEdit,
}: {
  id: string;
  onShowReaders: (a: Announcement) => void;
  onEdit: (a: Announcement) => void;
}) {
  const { t } = useT('announcements');
  const query = useAnnouncement(id);
  const markRead = useMarkAnnouncementRead({ quiet: true });
  // Opened alone from its notification, it is being read: recorded once per announcement, as `Mark as read`
  // records it in the list, which clears its bell line too (docs/product.md, "Announcements").
  const marked = useRef<string | null>(null);
  const unread = query.data?.read === false;
  useEffect(() => {
    if (!unread || marked.current === id) return;
    marked.current = id;
    markRead.mutate(id);
  }, [unread, id, markRead.mutate]);
  const back = <BackLink to="/announcements">{t('opened.all')}</BackLink>;
  if (query.isPending) {
    return (
      <div role="status" aria-label={t('loading')}>
        <Skeleton className="h-40" />
      </div>
    );
  }
  // Not found, or an address no announcement could have (400): both mean there is nothing to show.
  const gone = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  if (query.isError && !gone) {
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  return (
    <>
      {back}
      {query.data ? (
        <AnnouncementCard announcement={query.data} onShowReaders={onShowReaders} onEdit={onEdit} />
      ) : (
        <Card>
          <EmptyState
            icon={<Megaphone className="size-6" aria-hidden="true" />}
            title={t('opened.goneTitle')}
            description={t('opened.goneDescription')}
          />
        </Card>
      )}
    </>
  );
}

function AnnouncementList({
  publisher,
  status,
  onStatus,
  onPublish,
  onShowReaders,
  onEdit,
}: {
  publisher: boolean;
  status: AnnouncementStatusFilter;
  onStatus: (status: AnnouncementStatusFilter) => void;
  onPublish: () => void;
  onShowReaders: (a: Announcement) => void;
  onEdit: (a: Announcement) => void;
}) {
  const { t } = useT('announcements');
  const { t: tc } = useT();
  const query = useAnnouncements(status);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      {publisher && (
        <Select
          id="announcement-status"
          label={t('status.label')}
          hideLabel
          value={status}
          onChange={(event) => onStatus(event.target.value as AnnouncementStatusFilter)}
          options={[
            { value: 'active', label: t('status.active') },
            { value: 'archived', label: t('status.archived') },
          ]}
          containerClassName="mb-4 sm:max-w-48"
        />
      )}
      {query.isPending ? (
        <div className="space-y-4" role="status" aria-label={t('loading')}>
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : items.length === 0 ? (
        <Card>
          <EmptyState
            icon={<Megaphone className="size-6" aria-hidden="true" />}
            title={t('empty.title')}
            description={
              status === 'archived' ? t('empty.archived') : publisher ? t('empty.publisher') : t('empty.description')
            }
            action={
              publisher &&
              status !== 'archived' && (
                <Button variant="secondary" onClick={onPublish}>
                  {t('publish.open')}
                </Button>
              )
            }
          />
        </Card>
      ) : (
        <ul className="space-y-4" aria-label={t('list')}>
          {items.map((announcement) => (
            <li key={announcement.id}>
              <AnnouncementCard announcement={announcement} onShowReaders={onShowReaders} onEdit={onEdit} />
            </li>
          ))}
        </ul>
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
