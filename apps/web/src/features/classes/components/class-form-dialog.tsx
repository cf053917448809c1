import { zodResolver } from '../../../lib/zod-resolver';
import {
  type ClassResponse,
  CreateClassRequest,
  academicYearSchema,
  currentAcademicYear,
} from '@lyceum/shared/academics';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { useSubjectOptions } from '../../../api/lookups';
import { SubjectChecklist, withCurrentSubjects } from '../../../components/people/subject-checklist';
import { ClassLessonsWayOut } from '../../../components/timetable/lessons-way-out';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api-client';
import { translate, useT } from '../../../lib/i18n/i18n';
import { useSaveClass } from '../api/save-class';

const ClassForm = z.object({
  name: CreateClassRequest.shape.name,
  section: z
    .string()
    .trim()
    .max(20, { error: () => translate('classes', 'form.sectionTooLong') }),
  academicYear: z.union([z.literal(''), academicYearSchema]),
  subjectIds: z.array(z.string()),
});
type ClassForm = z.input<typeof ClassForm>;

interface ClassFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this class; absent = create. */
  editing?: ClassResponse;
}

export function ClassFormDialog({ open, onOpenChange, editing }: ClassFormDialogProps) {
  const { t } = useT('classes');
  const save = useSaveClass();
  const navigate = useNavigate();
  const subjects = useSubjectOptions(open);
  const form = useForm<ClassForm>({
    resolver: zodResolver(ClassForm),
    values: {
      name: editing?.name ?? '',
      section: editing?.section ?? '',
      academicYear: editing?.academicYear ?? '',
      subjectIds: editing?.subjects.map((s) => s.id) ?? [],
    },
  });
  const {
    register,
    control,
    watch,
    formState: { errors },
  } = form;
  // Refused for lessons left of a subject being removed: the way to delete them shows under the subjects.
  const [lessonsLeft, setLessonsLeft] = useState(false);
  const chosen = watch('subjectIds');
  const removed = (editing?.subjects ?? []).map((s) => s.id).filter((id) => !chosen.includes(id));

  const onSubmit = async (values: ClassForm) => {
    const data = {
      name: values.name,
      section: values.section ?? '',
      subjectIds: values.subjectIds,
      ...(values.academicYear ? { academicYear: values.academicYear } : {}),
    };
    const saved = await save.mutateAsync({ id: editing?.id, data });
    toast.success(editing ? t('form.updated') : t('form.created', { name: saved.label }));
    return saved;
  };

  // A subject deactivated since stays on the class, marked, unless it is unticked.
  const subjectOptions = withCurrentSubjects(subjects.data?.items, editing?.subjects ?? []);

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setLessonsLeft(false);
        onOpenChange(next);
      }}
      title={editing ? t('form.editTitle') : t('actions.new')}
      description={t('form.description')}
      form={form}
      onSubmit={onSubmit}
      onSaved={(saved) => {
        if (!editing) navigate(`/classes/${saved.id}`);
      }}
      submitLabel={editing ? t('form.save') : t('form.create')}
      serverFields={['name', 'section', 'academicYear', 'subjectIds']}
      onServerError={(error) => {
        setLessonsLeft(isApiError(error) && error.status === 409 && Boolean(error.fields?.subjectIds));
        return false;
      }}
      errorToast={editing ? t('form.updateError') : t('form.createError')}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="class-name" label={t('form.name')} error={errors.name?.message} {...register('name')} />
        <TextField
          id="class-section"
          label={t('form.section')}
          error={errors.section?.message}
          {...register('section')}
        />
      </div>
      <TextField
        id="class-year"
        label={t('columns.academicYear')}
        placeholder={currentAcademicYear()}
        hint={t('form.yearHint', { year: currentAcademicYear() })}
        error={errors.academicYear?.message}
        {...register('academicYear')}
      />
      <Controller
        control={control}
        name="subjectIds"
        render={({ field }) => (
          <SubjectChecklist
            ref={field.ref}
            legend={t('columns.subjects')}
            options={subjectOptions}
            value={field.value}
            onChange={field.onChange}
            emptyText={subjects.isPending ? t('form.loadingSubjects') : t('form.noSubjects')}
            error={errors.subjectIds?.message}
          />
        )}
      />
      {editing && lessonsLeft && removed.length > 0 && (
        <ClassLessonsWayOut classId={editing.id} className={editing.label} subjectIds={removed} />
      )}
    </FormDialog>
  );
}
