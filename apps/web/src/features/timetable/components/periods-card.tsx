import { zodResolver } from '../../../lib/zod-resolver';
import { CreatePeriodRequest, type Period } from '@lyceum/shared/timetable';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Checkbox } from '../../../components/people/checkbox';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CardSection } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextField } from '../../../components/ui/field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { useT } from '../../../lib/i18n/i18n';
import { useDeletePeriod, useSavePeriod } from '../api/timetable-api';

type PeriodForm = { name: string; startTime: string; endTime: string; isBreak: boolean };

function PeriodFormDialog({
  open,
  onOpenChange,
  editing,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  editing?: Period;
}) {
  const { t } = useT('timetable');
  const save = useSavePeriod();
  const form = useForm<PeriodForm>({
    resolver: zodResolver(CreatePeriodRequest) as never,
    values: {
      name: editing?.name ?? '',
      startTime: editing?.startTime ?? '',
      endTime: editing?.endTime ?? '',
      isBreak: editing?.isBreak ?? false,
    },
  });
  const {
    register,
    formState: { errors },
  } = form;
  const onSubmit = async (data: PeriodForm) => {
    const saved = await save.mutateAsync({ id: editing?.id, data });
    toast.success(editing ? t('periodForm.updated') : t('periodForm.created'));
    return saved;
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? t('periodForm.editTitle') : t('periodForm.createTitle')}
      form={form}
      onSubmit={onSubmit}
      submitLabel={editing ? t('periodForm.save') : t('periodForm.create')}
      serverFields={['name', 'startTime', 'endTime', 'isBreak']}
      errorToast={t('periodForm.error')}
    >
      <TextField id="period-name" label={t('periodForm.name')} error={errors.name?.message} {...register('name')} />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          id="period-start"
          type="time"
          label={t('periodForm.start')}
          error={errors.startTime?.message}
          {...register('startTime')}
        />
        <TextField
          id="period-end"
          type="time"
          label={t('periodForm.end')}
          error={errors.endTime?.message}
          {...register('endTime')}
        />
      </div>
      <Checkbox id="period-break" label={t('periodForm.isBreak')} {...register('isBreak')} />
    </FormDialog>
  );
}

/** The bell schedule, for those who edit the timetable: add, change and delete periods and breaks. */
export function PeriodsCard({ periods }: { periods: readonly Period[] }) {
  const { t } = useT('timetable');
  const [editing, setEditing] = useState<Period | undefined>();
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Period | null>(null);
  const remove = useDeletePeriod();
  const span = (p: Period) => t('grid.span', { start: p.startTime, end: p.endTime });

  const confirmDelete = async () => {
    if (!deleting) return;
    // A refusal rejects: the confirm dialog shows it inside itself and stays open.
    await remove.mutateAsync(deleting.id);
    toast.success(t('deletePeriod.done'));
    setDeleting(null);
  };

  return (
    <CardSection
      className="mt-6 print:hidden"
      title={t('periods.title')}
      description={t('periods.description')}
      actions={
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            setEditing(undefined);
            setFormOpen(true);
          }}
        >
          <Plus className="size-4" aria-hidden="true" />
          {t('actions.addPeriod')}
        </Button>
      }
    >
      {periods.length === 0 ? (
        <p className="text-sm text-slate-500">{t('periods.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label={t('periods.title')}>
          {periods.map((p) => (
            <li key={p.id} className="flex items-center gap-3 py-2 text-sm">
              {/* Name and time share what the badge and buttons leave: on a phone the time goes under a name
                  too long to sit beside it, and a name longer than the line wraps, never drawn over the time. */}
              <span className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-3">
                <bdi className="min-w-0 font-medium break-words text-slate-800">{p.name}</bdi>
                <span className="whitespace-nowrap text-slate-500" dir="ltr">
                  {span(p)}
                </span>
              </span>
              <Badge tone={p.isBreak ? 'warning' : 'neutral'}>
                {p.isBreak ? t('periods.break') : t('periods.lesson')}
              </Badge>
              <span className="flex gap-1">
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('actions.editPeriod', { name: p.name })}
                  onClick={() => {
                    setEditing(p);
                    setFormOpen(true);
                  }}
                >
                  <Pencil className="size-4" aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('actions.deletePeriod', { name: p.name })}
                  onClick={() => setDeleting(p)}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <PeriodFormDialog open={formOpen} onOpenChange={setFormOpen} editing={editing} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('deletePeriod.title')}
        description={
          deleting
            ? t('deletePeriod.description', { name: deleting.name, start: deleting.startTime, end: deleting.endTime })
            : ''
        }
        confirmLabel={t('actions.delete')}
        tone="danger"
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </CardSection>
  );
}
