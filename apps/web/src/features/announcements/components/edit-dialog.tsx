import {
  type Announcement,
  CreateAnnouncementRequest,
  type UpdateAnnouncementRequest,
} from '@lyceum/shared/announcements';
import { wallClockAsUtc } from '@lyceum/shared/zoned-time';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { useAttachmentDraft } from '../../../components/attachments/use-attachment-draft';
import { FormDialog } from '../../../components/ui/form-dialog';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n';
import { zodResolver } from '../../../lib/zod-resolver';
import { useUpdateAnnouncement } from '../api/announcements';
import { editableBody } from './editable-body';
import { AnnouncementTextFields, ExpiryField, expiryToSend } from './publish-dialog';

/** Checked as publishing checks them, with the same messages. */
const EditForm = z.object({
  title: CreateAnnouncementRequest.shape.title,
  body: CreateAnnouncementRequest.shape.body,
  /** A `datetime-local` value on the school's clock, or empty. */
  expiresAt: z.string(),
});
type EditForm = z.input<typeof EditForm>;

/** An instant as a `datetime-local` value on the school's clock (the one the card shows it in). */
const wallClockInput = (iso: string, timeZone: string) =>
  new Date(wallClockAsUtc(new Date(iso), timeZone)).toISOString().slice(0, 16);

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * Corrects a published announcement: its title, message, expiry and files (docs/product.md, "Announcements";
 * its audience and classes stay as published; an archived one is not offered for editing). Only what was
 * changed is sent, so an announcement past its expiry can still have its text corrected, or a later expiry
 * set. Mounted per announcement, so it opens filled with that one.
 */
export function EditAnnouncementDialog({
  announcement: a,
  onOpenChange,
}: {
  announcement: Announcement;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useT('announcements');
  const update = useUpdateAnnouncement();
  const { timeZone } = useFormat().settings.locale;
  const files = useAttachmentDraft(a.attachments);
  const initial: EditForm = {
    title: a.title,
    body: editableBody(a.body),
    expiresAt: a.expiresAt ? wallClockInput(a.expiresAt, timeZone) : '',
  };
  const form = useForm<EditForm>({ resolver: zodResolver(EditForm), defaultValues: initial });
  const {
    register,
    formState: { errors },
  } = form;

  const onSubmit = async (values: EditForm) => {
    const data: UpdateAnnouncementRequest = {
      ...(values.title !== initial.title && { title: values.title }),
      ...(values.body !== initial.body && { body: values.body }),
      ...(values.expiresAt !== initial.expiresAt && {
        expiresAt: values.expiresAt ? expiryToSend(values.expiresAt, timeZone) : null,
      }),
      ...(!sameIds(
        files.ids,
        a.attachments.map((f) => f.id),
      ) && { attachmentIds: files.ids }),
    };
    const saved = await update.mutateAsync({ id: a.id, data });
    files.sent(saved.attachments.map((f) => f.id));
    toast.success(t('edit.saved'));
    return saved;
  };

  return (
    <FormDialog
      open
      onOpenChange={(next) => {
        // Closed without saving: new uploads are taken back, the files it already carries stay.
        if (!next) files.discard();
        onOpenChange(next);
      }}
      title={t('edit.title')}
      description={t('edit.description')}
      size="lg"
      form={form}
      onSubmit={onSubmit}
      submitLabel={t('edit.submit')}
      submitDisabled={files.busy}
      serverFields={['title', 'body', 'expiresAt']}
      errorToast={t('edit.error')}
    >
      <AnnouncementTextFields
        fields={{ title: register('title'), body: register('body') }}
        errors={errors}
        files={files}
      />
      <div className="sm:max-w-xs">
        <ExpiryField field={register('expiresAt')} error={errors.expiresAt} />
      </div>
    </FormDialog>
  );
}
