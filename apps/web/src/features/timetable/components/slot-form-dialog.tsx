import { useEffect } from 'react';
import { Link } from 'react-router';
import { zodResolver } from '../../../lib/zod-resolver';
import type { TimetableOptionsResponse, TimetableSlot } from '@lyceum/shared/timetable';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import toast from 'react-hot-toast';
import { TextField } from '../../../components/ui/field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { Select } from '../../../components/ui/select';
import { useT } from '../../../lib/i18n/i18n';
import { useSaveSlot } from '../api/timetable-api';
import { assignmentGap, formerTeacher, subjectsFor, teachersFor } from './assignment-options';
import { SlotForm } from './form-schemas';
import { PeriodPicker } from './period-picker';
import { useWeekdays } from './use-weekdays';

interface SlotFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  options: TimetableOptionsResponse;
  /** Edit this lesson; absent = add one. */
  editing?: TimetableSlot;
  /** A new lesson starts in the class whose week is on screen. */
  classId?: string;
}

/** Kept from sending: the lesson still names a teacher the server no longer gives lessons to. */
class FormerTeacherKept extends Error {}

/** Kept from sending: the chosen teacher is not assigned the subject in the class, so the server would refuse. */
class NotAssigned extends Error {}

/** Adds or edits one weekly lesson; the server's refusals (a slot that exists, a clash) show in the form. */
export function SlotFormDialog({ open, onOpenChange, options, editing, classId }: SlotFormDialogProps) {
  const { t } = useT('timetable');
  const days = useWeekdays();
  const save = useSaveSlot();
  const form = useForm({
    resolver: zodResolver(SlotForm),
    values: {
      classId: editing?.classId ?? classId ?? '',
      subjectId: editing?.subjectId ?? '',
      teacherId: editing?.teacherId ?? '',
      room: editing?.room ?? '',
      // A new lesson starts on the first day of the school's week, the day list's first entry.
      day: editing?.day ?? days[0] ?? 'monday',
      startTime: editing?.startTime ?? '',
      endTime: editing?.endTime ?? '',
    },
  });
  const {
    register,
    watch,
    setValue,
    formState: { errors },
  } = form;
  const chosenClass = watch('classId');
  const chosenSubject = watch('subjectId');
  const chosenTeacher = watch('teacherId');
  const subjects = subjectsFor(options, chosenClass, editing);
  const teachers = teachersFor(options, chosenClass, chosenSubject, editing);
  const former = formerTeacher(options, editing);
  const className = editing?.className ?? options.classes.find((c) => c.id === chosenClass)?.name ?? '';
  const subjectName = subjects.find((s) => s.id === chosenSubject)?.name ?? editing?.subject ?? '';
  // A teacher left off the list by another subject is no longer chosen (the select would show "Choose…" anyway).
  const teacherListed = !chosenTeacher || teachers.some((x) => x.id === chosenTeacher);
  useEffect(() => {
    if (!teacherListed) setValue('teacherId', '');
  }, [teacherListed, setValue]);
  // The former teacher has a message of their own (above); any other gap is said before saving.
  const gap = assignmentGap(options, chosenClass, chosenSubject, chosenTeacher === former?.id ? '' : chosenTeacher);

  const onSubmit = async ({ classId: cls, ...rest }: z.output<typeof SlotForm>) => {
    // Sent as is, the server would answer "Teacher not found", which reads as if the lesson's teacher were gone.
    if (former && rest.teacherId === former.id) {
      form.setError('teacherId', { message: t('slotForm.formerTeacherKept', { name: former.name }) });
      throw new FormerTeacherKept();
    }
    // Sent as is, the server would refuse it (the teacher-assignment rule); the hint below says where to go.
    if (gap) {
      const name = teachers.find((x) => x.id === rest.teacherId)?.name ?? '';
      form.setError('teacherId', {
        message: t('slotForm.teacherNotAssigned', { name, subject: subjectName, className }),
      });
      throw new NotAssigned();
    }
    const saved = await save.mutateAsync(
      editing ? { id: editing.id, data: rest } : { data: { classId: cls, ...rest } },
    );
    toast.success(editing ? t('slotForm.updated') : t('slotForm.created'));
    return saved;
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? t('slotForm.editTitle') : t('slotForm.createTitle')}
      description={t('slotForm.description')}
      form={form}
      onSubmit={onSubmit}
      submitLabel={editing ? t('slotForm.save') : t('slotForm.create')}
      serverFields={['classId', 'subjectId', 'teacherId', 'room', 'day', 'startTime', 'endTime']}
      onServerError={(error) => error instanceof FormerTeacherKept || error instanceof NotAssigned}
      errorToast={t('slotForm.error')}
    >
      {editing ? (
        // A lesson stays in its class (the server moves it in time, never to another class).
        <TextField id="slot-class" label={t('slotForm.class')} value={editing.className} readOnly />
      ) : (
        <Select
          id="slot-class"
          label={t('slotForm.class')}
          placeholder={t('slotForm.choose')}
          options={options.classes.map((c) => ({ value: c.id, label: c.name }))}
          error={errors.classId?.message}
          {...register('classId')}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          id="slot-subject"
          label={t('slotForm.subject')}
          placeholder={t('slotForm.choose')}
          options={subjects.map((s) => ({ value: s.id, label: s.name }))}
          error={errors.subjectId?.message}
          {...register('subjectId')}
        />
        <Select
          id="slot-teacher"
          label={t('slotForm.teacher')}
          placeholder={t('slotForm.choose')}
          options={teachers.map((s) =>
            s.id === former?.id
              ? { value: s.id, label: t('slotForm.formerTeacherOption', { name: s.name }) }
              : { value: s.id, label: s.name },
          )}
          error={errors.teacherId?.message}
          {...register('teacherId')}
        />
      </div>
      {former && <p className="text-sm text-amber-800">{t('slotForm.formerTeacher', { name: former.name })}</p>}
      {chosenClass && (gap || subjects.length === 0) && (
        // A lesson can go to no one yet: say where a teacher is given the subject (or the class its subjects).
        <p className="text-sm text-amber-800">
          {subjects.length === 0
            ? t('slotForm.noClassSubjects', { className })
            : gap === 'notThisTeacher'
              ? t('slotForm.notThisTeacher', { subject: subjectName, className })
              : editing
                ? t('slotForm.noOneAssigned', { subject: subjectName, className })
                : t('slotForm.noOneAssignedNew', { subject: subjectName, className })}{' '}
          <Link to={`/classes/${chosenClass}`} className="font-medium text-blue-700 hover:underline">
            {t('slotForm.openClass', { className })}
          </Link>
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          id="slot-day"
          label={t('slotForm.day')}
          options={days.map((d) => ({ value: d, label: t(`days.${d}`) }))}
          error={errors.day?.message}
          {...register('day')}
        />
        <TextField
          id="slot-room"
          label={t('slotForm.room')}
          list="slot-rooms"
          autoComplete="off"
          error={errors.room?.message}
          {...register('room')}
        />
        <datalist id="slot-rooms">
          {options.rooms.map((room) => (
            <option key={room} value={room} />
          ))}
        </datalist>
      </div>
      <PeriodPicker
        id="slot-period"
        periods={options.periods}
        onPick={(period) => {
          setValue('startTime', period.startTime, { shouldValidate: true });
          setValue('endTime', period.endTime, { shouldValidate: true });
        }}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          id="slot-start"
          type="time"
          label={t('slotForm.start')}
          error={errors.startTime?.message}
          {...register('startTime')}
        />
        <TextField
          id="slot-end"
          type="time"
          label={t('slotForm.end')}
          error={errors.endTime?.message}
          {...register('endTime')}
        />
      </div>
    </FormDialog>
  );
}
