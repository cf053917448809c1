import { zodResolver } from '../../../lib/zod-resolver';
import { CreateSubjectRequest, type SubjectResponse } from '@lyceum/shared/academics';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { Alert, FormAlert } from '../../../components/ui/alert';
import { SubjectLessonsWayOut } from '../../../components/timetable/lessons-way-out';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { Skeleton } from '../../../components/ui/skeleton';
import { applyServerError } from '../../../lib/form-errors';
import { translate, useT } from '../../../lib/i18n/i18n';
import { useCreateSubject } from '../api/create-subject';
import { useSubjects } from '../api/get-subjects';
import { useSetSubjectActive } from '../api/set-subject-active';
import { useUpdateSubject } from '../api/update-subject';

const SubjectForm = z.object({
  name: CreateSubjectRequest.shape.name,
  code: z
    .string()
    .trim()
    .max(20, { error: () => translate('classes', 'subjects.codeTooLong') }),
});

function SubjectRow({
  subject,
  editing,
  onEdit,
  onDeactivate,
}: {
  subject: SubjectResponse;
  editing: boolean;
  onEdit: () => void;
  /** Asks first: deactivating is refused while the subject has lessons, and the way out shows in that dialog. */
  onDeactivate: () => void;
}) {
  const { t } = useT('classes');
  const setActive = useSetSubjectActive();
  const reactivate = async () => {
    const saved = await setActive.mutateAsync({ id: subject.id, active: true });
    toast.success(t('subjects.reactivated', { name: saved.name }));
  };
  return (
    <li className="flex flex-wrap items-center gap-2 py-2 text-sm">
      <span className="min-w-0 flex-1 break-words font-medium text-slate-800">
        {subject.code ? t('subjects.withCode', { name: subject.name, code: subject.code }) : subject.name}
      </span>
      {!subject.isActive && <Badge tone="neutral">{t('subjects.inactive')}</Badge>}
      <span className="flex gap-1">
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('subjects.editName', { name: subject.name })}
          aria-pressed={editing}
          onClick={onEdit}
        >
          <Pencil className="size-4" aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="sm"
          loading={setActive.isPending}
          aria-label={
            subject.isActive
              ? t('subjects.deactivateName', { name: subject.name })
              : t('subjects.reactivateName', { name: subject.name })
          }
          onClick={subject.isActive ? onDeactivate : () => void reactivate().catch(() => undefined)}
        >
          {subject.isActive ? t('subjects.deactivate') : t('subjects.reactivate')}
        </Button>
      </span>
    </li>
  );
}

/**
 * The school's subjects with their status, and one form that adds a subject or edits the one picked
 * (docs/product.md, "Classes and subjects"). Classes and teachers then pick from the active ones.
 */
export function SubjectsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useT('classes');
  const subjects = useSubjects(open);
  const create = useCreateSubject();
  const update = useUpdateSubject();
  const [editing, setEditing] = useState<SubjectResponse | null>(null);
  const [deactivating, setDeactivating] = useState<SubjectResponse | null>(null);
  const deactivate = useSetSubjectActive();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(SubjectForm), defaultValues: { name: '', code: '' } });

  const startEdit = (subject: SubjectResponse) => {
    setEditing(subject);
    reset({ name: subject.name, code: subject.code ?? '' });
    setTimeout(() => setFocus('name'), 0);
  };
  const stopEdit = () => {
    setEditing(null);
    reset({ name: '', code: '' });
  };

  const confirmDeactivate = async () => {
    if (!deactivating) return;
    // A refusal rejects: the confirm dialog shows it, with the way out, and stays open.
    const saved = await deactivate.mutateAsync({ id: deactivating.id, active: false });
    toast.success(t('subjects.deactivated', { name: saved.name }));
    setDeactivating(null);
  };

  const onSubmit = handleSubmit(async ({ name, code }) => {
    try {
      if (editing) {
        // An emptied code clears it (null); an unchanged one is sent as it is, which the API accepts.
        const saved = await update.mutateAsync({ id: editing.id, data: { name, code: code || null } });
        toast.success(t('subjects.updated', { name: saved.name }));
        stopEdit();
        setTimeout(() => setFocus('name'), 0);
      } else {
        await create.mutateAsync({ name, ...(code ? { code } : {}) });
        toast.success(t('subjects.added', { name }));
        reset();
        // Ready for the next one: a school adds its subjects one after another.
        setTimeout(() => setFocus('name'), 0);
      }
    } catch (error) {
      applyServerError(error, setError, ['name', 'code']);
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) stopEdit();
        onOpenChange(next);
      }}
      title={t('columns.subjects')}
      description={t('subjects.description')}
    >
      <div className="space-y-5">
        <div aria-live="polite">
          {subjects.isPending ? (
            <Skeleton className="h-8" />
          ) : subjects.data?.items.length ? (
            <ul className="divide-y divide-slate-100" aria-label={t('columns.subjects')}>
              {subjects.data.items.map((s) => (
                <SubjectRow
                  key={s.id}
                  subject={s}
                  editing={editing?.id === s.id}
                  onEdit={() => startEdit(s)}
                  onDeactivate={() => setDeactivating(s)}
                />
              ))}
            </ul>
          ) : subjects.isError ? (
            <Alert>{t('subjects.loadError')}</Alert>
          ) : (
            <p className="text-sm text-slate-500">{t('subjects.none')}</p>
          )}
        </div>
        <form onSubmit={onSubmit} noValidate className="space-y-3 border-t border-slate-100 pt-4">
          <p className="text-sm font-medium text-slate-900">
            {editing ? t('subjects.editHeading', { name: editing.name }) : t('subjects.addHeading')}
          </p>
          {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
          <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
            <TextField
              id="subject-name"
              label={t('subjects.name')}
              error={errors.name?.message}
              {...register('name')}
            />
            <TextField
              id="subject-code"
              label={t('subjects.code')}
              hint={editing ? t('subjects.clearCode') : t('subjects.optional')}
              error={errors.code?.message}
              {...register('code')}
            />
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            {editing && (
              <Button type="button" variant="ghost" onClick={stopEdit} disabled={isSubmitting}>
                {t('subjects.cancelEdit')}
              </Button>
            )}
            <Button type="submit" variant="secondary" loading={isSubmitting}>
              {editing ? t('subjects.save') : t('subjects.submit')}
            </Button>
          </div>
        </form>
      </div>
      <ConfirmDialog
        open={deactivating !== null}
        onOpenChange={(next) => !next && setDeactivating(null)}
        title={t('subjects.deactivateTitle', { name: deactivating?.name ?? '' })}
        description={t('subjects.deactivateDescription')}
        confirmLabel={t('subjects.deactivate')}
        tone="danger"
        pending={deactivate.isPending}
        onConfirm={confirmDeactivate}
        afterRefusal={(error) => deactivating && <SubjectLessonsWayOut error={error} subject={deactivating.name} />}
      />
    </Dialog>
  );
}
