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
import { useSaveClass } from '../api/save-class';

const ClassForm = z.object({
  name: CreateClassRequest.shape.name,
  section: z.string().trim().max(20, 'Section is too long'),
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
    toast.success(editing ? 'Class updated' : `Class ${saved.name} created`);
    return saved;
  };

  const subjectOptions = (subjects.data?.items ?? []).map((s) => ({ id: s.id, name: s.name }));
  // An edited class may still teach a subject that has since been deactivated: keep it choosable.
  for (const s of editing?.subjects ?? []) if (!subjectOptions.some((o) => o.id === s.id)) subjectOptions.push(s);

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? 'Edit class' : 'New class'}
      description="Name and section as the school uses them, e.g. Grade 5 – A."
      form={form}
      onSubmit={onSubmit}
      onSaved={(saved) => {
        if (!editing) navigate(`/classes/${saved.id}`);
      }}
      submitLabel={editing ? 'Save class' : 'Create class'}
      serverFields={['name', 'section', 'academicYear', 'subjectIds']}
      errorToast={editing ? 'The class could not be updated' : 'The class could not be created'}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="class-name" label="Class name" error={errors.name?.message} {...register('name')} />
        <TextField id="class-section" label="Section" error={errors.section?.message} {...register('section')} />
      </div>
      <TextField
        id="class-year"
        label="Academic year"
        placeholder={currentAcademicYear()}
        hint={`Leave empty for the current year (${currentAcademicYear()}).`}
        error={errors.academicYear?.message}
        {...register('academicYear')}
      />
      <Controller
        control={control}
        name="subjectIds"
        render={({ field }) => (
          <SubjectChecklist
            legend="Subjects"
            options={subjectOptions}
            value={field.value}
            onChange={field.onChange}
            emptyText={
              subjects.isPending
                ? 'Loading subjects…'
                : 'No subjects yet. Add them with "Subjects" on the Classes page.'
            }
            error={errors.subjectIds?.message}
          />
        )}
      />
    </FormDialog>
  );
}
