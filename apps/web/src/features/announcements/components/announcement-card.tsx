import type { Announcement } from '@lyceum/shared/announcements';
import { Pin } from 'lucide-react';
import toast from 'react-hot-toast';
import { AttachmentList } from '../../../components/attachments/attachment-list';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n';
import { richText } from '../../../lib/rich-text';
import { useMarkAnnouncementRead, useUpdateAnnouncement } from '../api/announcements';
import { SafeHtml } from './safe-html';

interface AnnouncementCardProps {
  announcement: Announcement;
  onShowReaders: (announcement: Announcement) => void;
  /**
   * Opens the edit dialog; offered where the reader may edit it (`canManage`: the author and managers) and it
   * is not archived.
   */
  onEdit: (announcement: Announcement) => void;
}

export function AnnouncementCard({ announcement: a, onShowReaders, onEdit }: AnnouncementCardProps) {
  const { t } = useT('announcements');
  const { dateTime } = useFormat();
  const markRead = useMarkAnnouncementRead();
  const update = useUpdateAnnouncement();
  const change = (data: { pinned?: boolean; status?: 'active' | 'archived' }) =>
    update.mutate(
      { id: a.id, data },
      {
        // Says what was done, as the button said it.
        onSuccess: () =>
          toast.success(
            data.status === 'archived'
              ? t('card.archiveDone')
              : data.status === 'active'
                ? t('card.restoreDone')
                : data.pinned
                  ? t('card.pinDone')
                  : t('card.unpinDone'),
          ),
        onError: () => toast.error(t('card.updateError')),
      },
    );
  const titleId = `announcement-${a.id}`;
  // Archived, it is taken down: the server refuses a correction, so none is offered (docs/product.md,
  // "Announcements"). Pin, archive and restore stay; one past its expiry may still be corrected or extended.
  const editable = a.status === 'active';
  return (
    <Card className="p-5">
      <article aria-labelledby={titleId}>
        <div className="flex flex-wrap items-start gap-2">
          <h2 id={titleId} dir="auto" className="min-w-0 flex-1 text-base font-semibold break-words text-slate-900">
            {a.pinned && <Pin className="me-1 inline size-4 text-amber-600" aria-label={t('card.pinned')} />}
            {a.title}
          </h2>
          <span className="flex flex-wrap gap-1">
            {!a.read && <Badge tone="info">{t('card.unread')}</Badge>}
            {a.status === 'archived' && <Badge>{t('card.archived')}</Badge>}
          </span>
        </div>
        <p className="mt-1 text-xs text-slate-500">
          {/* The author's name isolated: right to left, a Latin name beside the date pulled the day number next
              to it, away from its month (docs/product.md, "In the web app"). */}
          {richText(t('card.by', { name: '{name}', date: dateTime(a.createdAt) }), {
            name: <bdi>{a.author.name}</bdi>,
          })}
          {a.editedAt && (
            <>
              {' · '}
              {/* The word on the card, the edit's time on hover and for screen readers. */}
              <span title={t('card.editedAt', { date: dateTime(a.editedAt) })}>
                <span aria-hidden="true">{t('card.edited')}</span>
                <span className="sr-only">{t('card.editedAt', { date: dateTime(a.editedAt) })}</span>
              </span>
            </>
          )}
          {a.expiresAt && ` · ${t('card.expires', { date: dateTime(a.expiresAt) })}`}
        </p>
        <SafeHtml
          html={a.body}
          className="mt-3 space-y-2 text-sm break-words text-slate-700 [&_ol]:list-decimal [&_ol]:ps-5 [&_ul]:list-disc [&_ul]:ps-5"
        />
        <AttachmentList attachments={a.attachments} className="mt-3 max-w-md" />
        <div className="mt-3 flex flex-wrap items-center gap-1 text-xs text-slate-500">
          <span>{t('card.to')}</span>
          {a.audience.map((audience) => (
            <Badge key={audience}>{t(`audience.${audience}`)}</Badge>
          ))}
          {a.classes.map((c) => (
            <Badge key={c.id} tone="accent">
              {c.name}
            </Badge>
          ))}
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-2">
          {!a.read && (
            <Button size="sm" variant="secondary" loading={markRead.isPending} onClick={() => markRead.mutate(a.id)}>
              {t('card.markRead')}
            </Button>
          )}
          {a.canManage && (
            <>
              {a.readCount !== null && a.audienceCount !== null && (
                <span className="text-sm text-slate-600">
                  {t('card.reads', { read: a.readCount, total: a.audienceCount })}
                </span>
              )}
              <Button size="sm" variant="ghost" onClick={() => onShowReaders(a)}>
                {t('card.whoHasNotRead')}
              </Button>
              {editable && (
                <Button size="sm" variant="ghost" onClick={() => onEdit(a)}>
                  {t('card.edit')}
                </Button>
              )}
              <Button
                size="sm"
                variant="ghost"
                disabled={update.isPending}
                onClick={() => change({ pinned: !a.pinned })}
              >
                {a.pinned ? t('card.unpin') : t('card.pin')}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                disabled={update.isPending}
                onClick={() => change({ status: a.status === 'active' ? 'archived' : 'active' })}
              >
                {a.status === 'active' ? t('card.archive') : t('card.restore')}
              </Button>
            </>
          )}
        </div>
      </article>
    </Card>
  );
}
