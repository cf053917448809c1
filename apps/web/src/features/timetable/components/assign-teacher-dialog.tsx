import { zodResolver } from '../../../lib/zod-resolver';
import type {
  AssignTimetableTeacherResponse,
  TimetableOption,
  TimetableOptionsResponse,
  Weekday,
} from '@lyceum/shared/timetable';
import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { Select } from '../../../components/ui/select';
import { useT } from '../../../lib/i18n/i18n';
import { useAssignTeacher } from '../api/timetable-api';
import { subjectsFor } from './assignment-options';
import { AssignForm } from './form-schemas';
import { PeriodPicker } from './period-picker';
import { useWeekdays } from './use-weekdays';

type Lesson = { subjectId: string; room: string; day: Weekday; startTime: string; endTime: string };

/** A new lesson starts on the first day of the school's week (the day list's first entry). */
const newLesson = (day: Weekday): Lesson => ({ subjectId: '', room: '', day, startTime: '', endTime: '' });

/** What the assignment made and, for each lesson it skipped, why (the server's words). */
function AssignResultDialog({
  result,
  subjects,
  onClose,
}: {
  result: AssignTimetableTeacherResponse | null;
  subjects: readonly TimetableOption[];
  onClose: () => void;
}) {
  const { t } = useT('timetable');
  const subjectName = (id: string) => subjects.find((s) => s.id === id)?.name ?? '';
  return (
    <Dialog
      open={result !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('assign.resultTitle')}
      footer={<Button onClick={onClose}>{t('actions.close')}</Button>}
    >
      {result && (
        <div className="space-y-3 text-sm">
          <p>{t('assign.created', { count: result.created.length })}</p>
          <p>{t('assign.skipped', { count: result.skipped.length })}</p>
          {result.skipped.length > 0 && (
            <ul className="list-disc space-y-1 ps-5 text-slate-700">
              {result.skipped.map((s) => (
                <li key={`${s.subjectId}-${s.day}-${s.startTime}-${s.endTime}`}>
                  {t('assign.skippedItem', {
                    subject: subjectName(s.subjectId),
                    // Inside a sentence, where Spanish writes the weekday in lower case (`days` are the grid's titles).
                    day: t(`daysInSentence.${s.day}`),
                    start: s.startTime,
                    end: s.endTime,
                    message: s.message,
                  })}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Dialog>
  );
}

interface AssignTeacherDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  options: TimetableOptionsResponse;
  klass: TimetableOption;
}

/** "Assign a teacher to this class's timetable": one teacher's lessons in one go, then what was skipped and why. */
export function AssignTeacherDialog({ open, onOpenChange, options, klass }: AssignTeacherDialogProps) {
  const { t } = useT('timetable');
  const days = useWeekdays();
  const assign = useAssignTeacher();
  const [result, setResult] = useState<AssignTimetableTeacherResponse | null>(null);
  const form = useForm({
    resolver: zodResolver(AssignForm),
    defaultValues: { teacherId: '', slots: [newLesson(days[0] ?? 'monday')] },
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const lessons = useFieldArray({ control, name: 'slots' });
  const subjects = subjectsFor(options, klass.id);
  const teachersOfClass = new Set(options.assignments.filter((a) => a.classId === klass.id).map((a) => a.teacherId));
  const teachers = teachersOfClass.size ? options.teachers.filter((x) => teachersOfClass.has(x.id)) : options.teachers;

  return (
    <>
      <FormDialog
        open={open}
        onOpenChange={onOpenChange}
        size="lg"
        title={t('assign.title', { className: klass.name })}
        description={t('assign.description')}
        form={form}
        onSubmit={(data) => assign.mutateAsync({ classId: klass.id, data })}
        onSaved={setResult}
        submitLabel={t('assign.submit')}
        serverFields="all"
        errorToast={t('assign.error')}
      >
        <Select
          id="assign-tt-teacher"
          label={t('assign.teacher')}
          placeholder={t('slotForm.choose')}
          options={teachers.map((x) => ({ value: x.id, label: x.name }))}
          error={errors.teacherId?.message}
          {...register('teacherId')}
        />
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-700">{t('assign.lessons')}</legend>
          {lessons.fields.map((field, i) => {
            const e = errors.slots?.[i];
            return (
              <div key={field.id} className="rounded-lg border border-slate-200 p-3">
                <div className="mb-2 flex items-center justify-between">
                  <p className="text-sm font-medium text-slate-800">{t('assign.lesson', { n: i + 1 })}</p>
                  {lessons.fields.length > 1 && (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={t('assign.removeLesson', { n: i + 1 })}
                      onClick={() => lessons.remove(i)}
                    >
                      <X className="size-4" aria-hidden="true" />
                    </Button>
                  )}
                </div>
                <div className="grid gap-3 sm:grid-cols-2">
                  <Select
                    id={`assign-subject-${i}`}
                    label={t('slotForm.subject')}
                    placeholder={t('slotForm.choose')}
                    options={subjects.map((s) => ({ value: s.id, label: s.name }))}
                    error={e?.subjectId?.message}
                    {...register(`slots.${i}.subjectId`)}
                  />
                  <TextField
                    id={`assign-room-${i}`}
                    label={t('slotForm.room')}
                    error={e?.room?.message}
                    {...register(`slots.${i}.room`)}
                  />
                  <Select
                    id={`assign-day-${i}`}
                    label={t('slotForm.day')}
                    options={days.map((d) => ({ value: d, label: t(`days.${d}`) }))}
                    error={e?.day?.message}
                    {...register(`slots.${i}.day`)}
                  />
                  <PeriodPicker
                    id={`assign-period-${i}`}
                    periods={options.periods}
                    onPick={(period) => {
                      form.setValue(`slots.${i}.startTime`, period.startTime, { shouldValidate: true });
                      form.setValue(`slots.${i}.endTime`, period.endTime, { shouldValidate: true });
                    }}
                  />
                  <div className="grid grid-cols-2 gap-3">
                    <TextField
                      id={`assign-start-${i}`}
                      type="time"
                      label={t('slotForm.start')}
                      error={e?.startTime?.message}
                      {...register(`slots.${i}.startTime`)}
                    />
                    <TextField
                      id={`assign-end-${i}`}
                      type="time"
                      label={t('slotForm.end')}
                      error={e?.endTime?.message}
                      {...register(`slots.${i}.endTime`)}
                    />
                  </div>
                </div>
              </div>
            );
          })}
          <Button variant="secondary" size="sm" onClick={() => lessons.append(newLesson(days[0] ?? 'monday'))}>
            <Plus className="size-4" aria-hidden="true" />
            {t('assign.addLesson')}
          </Button>
        </fieldset>
      </FormDialog>
      <AssignResultDialog result={result} subjects={options.subjects} onClose={() => setResult(null)} />
    </>
  );
}
