import { zodResolver } from '../../../lib/zod-resolver';
import { type Audience, CreateAnnouncementRequest } from '@lyceum/shared/announcements';
import { instantAt } from '@lyceum/shared/zoned-time';
import { Controller, type FieldError, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { AttachmentPicker } from '../../../components/attachments/attachment-picker';
import { type AttachmentDraft, useAttachmentDraft } from '../../../components/attachments/use-attachment-draft';
import { SubjectChecklist } from '../../../components/people/subject-checklist';
import { TextField } from '../../../components/ui/field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n';
import { useAnnouncementOptions, usePublishAnnouncement } from '../api/announcements';

const PublishForm = z.object({
  title: CreateAnnouncementRequest.shape.title,
  body: CreateAnnouncementRequest.shape.body,
  audience: CreateAnnouncementRequest.shape.audience,
  classIds: z.array(z.string()),
  pinned: z.boolean(),
  /** A `datetime-local` value on the school's clock, or empty. */
  expiresAt: z.string(),
});
type PublishForm = z.input<typeof PublishForm>;

/**
 * A `datetime-local` expiry as the instant to send. Read on the school's clock, the one the card then shows it
 * in, not the browser's (docs/product.md, "In the web app"). A value that is no date and time is sent as typed,
 * for the server to refuse.
 */
export function expiryToSend(value: string, timeZone: string): string {
  return instantAt(value, timeZone)?.toISOString() ?? value;
}

type TextFieldName = 'title' | 'body' | 'expiresAt';

/** What publishing and editing share: the title, the message and the files. */
export function AnnouncementTextFields({
  fields,
  errors,
  files,
}: {
  fields: Record<Exclude<TextFieldName, 'expiresAt'>, UseFormRegisterReturn>;
  errors: Partial<Record<TextFieldName, FieldError>>;
  files: AttachmentDraft;
}) {
  const { t } = useT('announcements');
  return (
    <>
      <TextField
        id="announcement-title"
        label={t('publish.titleLabel')}
        error={errors.title?.message}
        {...fields.title}
      />
      <div className="space-y-1.5">
        <TextAreaField
          id="announcement-body"
          label={t('publish.bodyLabel')}
          rows={6}
          error={errors.body?.message}
          {...fields.body}
        />
        <p className="text-xs text-slate-500">{t('publish.bodyHint')}</p>
      </div>
      <AttachmentPicker draft={files} />
    </>
  );
}

/** The expiry, a date and time on the school's clock. */
export function ExpiryField({ field, error }: { field: UseFormRegisterReturn; error?: FieldError }) {
  const { t } = useT('announcements');
  return (
    <TextField
      id="announcement-expires"
      type="datetime-local"
      label={t('publish.expiresAt')}
      error={error?.message}
      {...field}
    />
  );
}

const EMPTY: PublishForm = { title: '', body: '', audience: [], classIds: [], pinned: false, expiresAt: '' };

export function PublishDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useT('announcements');
  const options = useAnnouncementOptions(open);
  const publish = usePublishAnnouncement();
  const { timeZone } = useFormat().settings.locale;
  const files = useAttachmentDraft();
  const form = useForm<PublishForm>({ resolver: zodResolver(PublishForm), defaultValues: EMPTY });
  const {
    register,
    control,
    formState: { errors },
  } = form;

  const onSubmit = async (values: PublishForm) => {
    const made = await publish.mutateAsync({
      title: values.title,
      body: values.body,
      audience: values.audience as Audience[],
      classIds: values.classIds,
      pinned: values.pinned,
      ...(values.expiresAt ? { expiresAt: expiryToSend(values.expiresAt, timeZone) } : {}),
      attachmentIds: files.ids,
    });
    files.sent(made.attachments.map((a) => a.id));
    toast.success(t('publish.published'));
    return made;
  };

  const loading = options.isPending ? t('publish.loadingOptions') : undefined;
  const audiences = (options.data?.audiences ?? []).map((a) => ({ id: a, name: t(`audience.${a}`) }));
  const classes = (options.data?.classes ?? []).map((c) => ({ id: c.id, name: c.label }));

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        // Closed without publishing: what was uploaded for it is taken back.
        if (!next) files.discard();
        onOpenChange(next);
      }}
      title={t('publish.title')}
      description={t('publish.description')}
      size="lg"
      form={form}
      onSubmit={onSubmit}
      submitLabel={t('publish.submit')}
      submitDisabled={files.busy}
      serverFields={['title', 'body', 'audience', 'classIds', 'expiresAt']}
      errorToast={t('publish.error')}
    >
      <AnnouncementTextFields
        fields={{ title: register('title'), body: register('body') }}
        errors={errors}
        files={files}
      />
      <Controller
        control={control}
        name="audience"
        render={({ field }) => (
          <SubjectChecklist
            ref={field.ref}
            legend={t('publish.audience')}
            options={audiences}
            value={field.value}
            onChange={field.onChange}
            emptyText={loading}
            error={errors.audience?.message ?? errors.audience?.[0]?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="classIds"
        render={({ field }) => (
          <div className="space-y-1">
            <SubjectChecklist
              ref={field.ref}
              legend={t('publish.classes')}
              options={classes}
              value={field.value}
              onChange={field.onChange}
              emptyText={loading ?? t('publish.noClasses')}
              error={errors.classIds?.message}
            />
            <p className="text-xs text-slate-500">
              {options.data?.classRequired ? t('publish.classesRequired') : t('publish.classesHint')}
            </p>
          </div>
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <ExpiryField field={register('expiresAt')} error={errors.expiresAt} />
        <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-700">
          <input type="checkbox" className="size-4 accent-blue-600" {...register('pinned')} />
          {t('publish.pinned')}
        </label>
      </div>
    </FormDialog>
  );
}
