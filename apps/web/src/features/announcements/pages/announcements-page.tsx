import { isSchoolRole } from '@lyceum/shared/roles';
import type { Announcement } from '@lyceum/shared/announcements';
import { Megaphone } from 'lucide-react';
import { useState } from 'react';
import { NotForRole } from '../../../components/people/not-for-role';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAuth } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/i18n';
import { type AnnouncementStatusFilter, useAnnouncements } from '../api/announcements';
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
  const { t: tc } = useT();
  const { user } = useAuth();
  const publisher = PUBLISHERS.has(user?.role ?? '');
  const [status, setStatus] = useState<AnnouncementStatusFilter>('active');
  const [publishing, setPublishing] = useState(false);
  const [readersOf, setReadersOf] = useState<Announcement | null>(null);
  const [editing, setEditing] = useState<Announcement | null>(null);
  const query = useAnnouncements(status);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

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
      {publisher && (
        <Select
          id="announcement-status"
          label={t('status.label')}
          hideLabel
          value={status}
          onChange={(event) => setStatus(event.target.value as AnnouncementStatusFilter)}
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
                <Button variant="secondary" onClick={() => setPublishing(true)}>
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
              <AnnouncementCard announcement={announcement} onShowReaders={setReadersOf} onEdit={setEditing} />
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
