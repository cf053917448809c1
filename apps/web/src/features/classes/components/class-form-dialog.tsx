import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ClassResponse,
  CreateClassRequest,
  academicYearSchema,
  currentAcademicYear,
} from '@lyceum/shared/academics';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { useSubjectOptions } from '../../../api/lookups';
import { SubjectChecklist } from '../../../components/people/subject-checklist';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/field';
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
    formState: { errors },
  } = form;

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

  const subjectOptions = (subjects.data?.items ?? []).map((s) => ({ id: s.id, name: s.name }));
  // An edited class may still teach a subject that has since been deactivated: keep it choosable.
  for (const s of editing?.subjects ?? []) if (!subjectOptions.some((o) => o.id === s.id)) subjectOptions.push(s);

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? t('form.editTitle') : t('actions.new')}
      description={t('form.description')}
      form={form}
      onSubmit={onSubmit}
      onSaved={(saved) => {
        if (!editing) navigate(`/classes/${saved.id}`);
      }}
      submitLabel={editing ? t('form.save') : t('form.create')}
      serverFields={['name', 'section', 'academicYear', 'subjectIds']}
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
            legend={t('columns.subjects')}
            options={subjectOptions}
            value={field.value}
            onChange={field.onChange}
            emptyText={subjects.isPending ? t('form.loadingSubjects') : t('form.noSubjects')}
            error={errors.subjectIds?.message}
          />
        )}
      />
    </FormDialog>
  );
}
