import { zodResolver } from '@hookform/resolvers/zod';
import { CreateSubjectRequest } from '@lyceum/shared/academics';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { useSubjectOptions } from '../../../api/lookups';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { Skeleton } from '../../../components/ui/skeleton';
import { applyServerError } from '../../../lib/form-errors';
import { translate, useT } from '../../../lib/i18n/i18n';
import { useCreateSubject } from '../api/create-subject';

const SubjectForm = z.object({
  name: CreateSubjectRequest.shape.name,
  code: z
    .string()
    .trim()
    .max(20, { error: () => translate('classes', 'subjects.codeTooLong') }),
});

/** The school's subjects, and a form to add one; classes and teachers then pick from them. */
export function SubjectsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useT('classes');
  const subjects = useSubjectOptions(open);
  const create = useCreateSubject();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(SubjectForm), defaultValues: { name: '', code: '' } });

  const onSubmit = handleSubmit(async ({ name, code }) => {
    try {
      await create.mutateAsync({ name, ...(code ? { code } : {}) });
      toast.success(t('subjects.added', { name }));
      reset();
    } catch (error) {
      applyServerError(error, setError, ['name', 'code']);
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('columns.subjects')}
      description={t('subjects.description')}
    >
      <div className="space-y-5">
        <div aria-live="polite">
          {subjects.isPending ? (
            <Skeleton className="h-8" />
          ) : subjects.data?.items.length ? (
            <ul className="flex flex-wrap gap-2" aria-label={t('columns.subjects')}>
              {subjects.data.items.map((s) => (
                <li key={s.id}>
                  <Badge tone="info">{s.code ? t('subjects.withCode', { name: s.name, code: s.code }) : s.name}</Badge>
                </li>
              ))}
            </ul>
          ) : subjects.isError ? (
            <Alert>{t('subjects.loadError')}</Alert>
          ) : (
            <p className="text-sm text-slate-500">{t('subjects.none')}</p>
          )}
        </div>
        <form onSubmit={onSubmit} noValidate className="space-y-3 border-t border-slate-100 pt-4">
          <p className="text-sm font-medium text-slate-900">{t('subjects.addHeading')}</p>
          {errors.root?.server && <Alert>{errors.root.server.message}</Alert>}
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
              hint={t('subjects.optional')}
              error={errors.code?.message}
              {...register('code')}
            />
          </div>
          <div className="flex justify-end">
            <Button type="submit" variant="secondary" loading={isSubmitting}>
              {t('subjects.submit')}
            </Button>
          </div>
        </form>
      </div>
    </Dialog>
  );
}
