import type { Notification } from '@lyceum/shared/api';
import { X } from 'lucide-react';
import { useT } from '../../../lib/i18n/i18n';
import { useDeleteNotification } from '../api/delete-notification';

/** The × beside a notification (bell and page): deletes it for its reader only. */
export function DeleteNotificationButton({ notification }: { notification: Notification }) {
  const { t } = useT('notifications');
  const remove = useDeleteNotification();
  return (
    <button
      type="button"
      aria-label={t('bell.delete', { title: notification.title })}
      disabled={remove.isPending}
      onClick={() => remove.mutate(notification.id)}
      className="m-2 flex size-8 shrink-0 items-center justify-center rounded-md text-slate-400 hover:bg-slate-100 hover:text-slate-700"
    >
      <X className="size-4" aria-hidden="true" />
    </button>
  );
}
