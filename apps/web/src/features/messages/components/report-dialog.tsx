import toast from 'react-hot-toast';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { useT } from '../../../lib/i18n/i18n';
import { useReportMessage } from '../api/messages-api';

/** Asks before reporting a message to the school administrators, with an optional reason. */
export function ReportDialog({ messageId, onClose }: { messageId: string | null; onClose: () => void }) {
  const { t } = useT('messages');
  const [reason, setReason] = useState('');
  const report = useReportMessage();
  const close = () => {
    setReason('');
    onClose();
  };
  return (
    <ConfirmDialog
      open={messageId !== null}
      onOpenChange={(open) => !open && close()}
      title={t('report.title')}
      description={t('report.description')}
      confirmLabel={t('report.confirm')}
      tone="danger"
      pending={report.isPending}
      onConfirm={() =>
        messageId &&
        report.mutate(
          { id: messageId, reason: reason.trim() },
          {
            onSuccess: () => {
              toast.success(t('report.done'));
              close();
            },
          },
        )
      }
    >
      <TextAreaField
        id="report-reason"
        label={t('report.reason')}
        value={reason}
        maxLength={500}
        rows={3}
        onChange={(e) => setReason(e.target.value)}
      />
    </ConfirmDialog>
  );
}
