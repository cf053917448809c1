import { zodResolver } from '@hookform/resolvers/zod';
import { phoneSchema } from '@lyceum/shared/auth';
import { CreateTeacherRequest, type TeacherResponse } from '@lyceum/shared/people';
import { Plus, Trash2 } from 'lucide-react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { classLabel, useClassOptions, useSubjectOptions } from '../../../api/lookups';
import type { CreatedAccount } from '../../../components/people/account-created-dialog';
import { Checkbox } from '../../../components/people/checkbox';
import { SubjectChecklist } from '../../../components/people/subject-checklist';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { useCreateTeacher, useUpdateTeacher } from '../api/save-teacher';

const experience = z
  .string()
  .trim()
  .refine((v) => v === '' || /^\d+$/.test(v), 'Experience must be a whole number of years')
  .refine((v) => v === '' || Number(v) <= 80, 'Experience must be at most 80 years');

/** The teacher form, from the shared request's fields; classes are assigned with their subjects. */
const TeacherForm = z.object({
  name: CreateTeacherRequest.shape.name,
  email: z.string().trim(),
  phone: phoneSchema,
  qualification: z.string().trim().max(200, 'Qualification is too long'),
  experience,
  subjectIds: z.array(z.string()),
  assignedClasses: z.array(
    z.object({
      classId: z.string().min(1, 'Choose a class'),
      subjectIds: z.array(z.string()),
      isClassTeacher: z.boolean(),
    }),
  ),
  sendInvitation: z.boolean(),
});
type TeacherFormInput = z.input<typeof TeacherForm>;
const CreateTeacherForm = TeacherForm.extend({ email: CreateTeacherRequest.shape.email });

function toForm(teacher?: TeacherResponse): TeacherFormInput {
  return {
    name: teacher?.name ?? '',
    email: teacher?.email ?? '',
    phone: teacher?.phone ?? '',
    qualification: teacher?.qualification ?? '',
    experience: teacher?.experience === null || teacher?.experience === undefined ? '' : String(teacher.experience),
    subjectIds: teacher?.subjects.map((s) => s.id) ?? [],
    assignedClasses: [],
    sendInvitation: false,
  };
}

interface TeacherFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  editing?: TeacherResponse;
  onCreated?: (accounts: CreatedAccount[]) => void;
}

/** Create a teacher (account, subjects, first classes) or edit their details and subjects. */
export function TeacherFormDialog({ open, onOpenChange, editing, onCreated }: TeacherFormDialogProps) {
  const subjects = useSubjectOptions(open);
  const classes = useClassOptions(open && !editing);
  const create = useCreateTeacher();
  const update = useUpdateTeacher();
  const form = useForm<TeacherFormInput>({
    resolver: zodResolver(editing ? TeacherForm : CreateTeacherForm),
    values: toForm(editing),
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const assignments = useFieldArray({ control, name: 'assignedClasses' });
  const chosenClasses = useWatch({ control, name: 'assignedClasses' });

  /** Saves; resolves to the account a new teacher got (null after an edit). */
  const onSubmit = async (values: TeacherFormInput): Promise<CreatedAccount[] | null> => {
    const common = {
      name: values.name,
      qualification: values.qualification || undefined,
      experience: values.experience ? Number(values.experience) : undefined,
      subjectIds: values.subjectIds,
    };
    if (editing) {
      await update.mutateAsync({
        id: editing.id,
        data: {
          ...common,
          phone: values.phone || null,
          qualification: values.qualification || null,
          experience: values.experience ? Number(values.experience) : null,
        },
      });
      toast.success('Teacher updated');
      return null;
    }
    const result = await create.mutateAsync({
      ...common,
      email: values.email,
      phone: values.phone || undefined,
      assignedClasses: values.assignedClasses,
      sendInvitation: values.sendInvitation,
    });
    toast.success(`${result.teacher.name} added`);
    return [
      {
        kind: 'Teacher',
        name: result.teacher.name,
        email: result.teacher.email,
        temporaryPassword: result.temporaryPassword,
      },
    ];
  };

  const subjectOptions = (subjects.data?.items ?? []).map((s) => ({ id: s.id, name: s.name }));
  const classItems = classes.data?.items ?? [];

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? `Edit ${editing.name}` : 'Add teacher'}
      description={
        editing ? 'Classes are assigned on each class page.' : 'Creates the teacher and their sign-in account.'
      }
      size="lg"
      form={form}
      onSubmit={onSubmit}
      onSaved={(accounts) => accounts && onCreated?.(accounts)}
      submitLabel={editing ? 'Save teacher' : 'Add teacher'}
      serverFields={['name', 'email', 'phone', 'qualification', 'experience']}
      errorToast={editing ? 'The teacher could not be updated' : 'The teacher could not be added'}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="teacher-name"
          label="Full name"
          autoComplete="off"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          id="teacher-email"
          label="E-mail"
          type="email"
          autoComplete="off"
          disabled={Boolean(editing)}
          hint={editing ? 'The sign-in e-mail cannot be changed here.' : 'Used to sign in.'}
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField id="teacher-phone" label="Phone" type="tel" error={errors.phone?.message} {...register('phone')} />
        <TextField
          id="teacher-qualification"
          label="Qualification"
          placeholder="e.g. M.Sc. Mathematics, B.Ed."
          error={errors.qualification?.message}
          {...register('qualification')}
        />
        <TextField
          id="teacher-experience"
          label="Experience (years)"
          inputMode="numeric"
          error={errors.experience?.message}
          {...register('experience')}
        />
      </div>
      <Controller
        control={control}
        name="subjectIds"
        render={({ field }) => (
          <SubjectChecklist
            legend="Subjects they can teach"
            options={subjectOptions}
            value={field.value}
            onChange={field.onChange}
            emptyText={subjects.isPending ? 'Loading subjects…' : 'No subjects yet. Add them on the Classes page.'}
          />
        )}
      />

      {!editing && (
        <fieldset className="space-y-3 border-t border-slate-100 pt-4">
          <legend className="text-sm font-semibold text-slate-900">Classes</legend>
          {assignments.fields.map((field, index) => {
            const chosen = classItems.find((c) => c.id === chosenClasses?.[index]?.classId);
            return (
              <div key={field.id} className="space-y-3 rounded-lg bg-slate-50 p-3">
                <div className="flex items-end gap-2">
                  <Select
                    id={`assign-${index}-class`}
                    label="Class"
                    containerClassName="flex-1"
                    placeholder={classes.isPending ? 'Loading classes…' : 'Choose a class'}
                    options={classItems.map((c) => ({ value: c.id, label: classLabel(c) }))}
                    error={errors.assignedClasses?.[index]?.classId?.message}
                    {...register(`assignedClasses.${index}.classId`)}
                  />
                  <Button
                    variant="ghost"
                    onClick={() => assignments.remove(index)}
                    aria-label={`Remove class ${index + 1}`}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </Button>
                </div>
                {chosen && (
                  <Controller
                    control={control}
                    name={`assignedClasses.${index}.subjectIds`}
                    render={({ field: f }) => (
                      <SubjectChecklist
                        legend={`Subjects in ${classLabel(chosen)}`}
                        options={chosen.subjects}
                        value={f.value}
                        onChange={f.onChange}
                        emptyText="This class has no subjects yet."
                      />
                    )}
                  />
                )}
                <Checkbox
                  id={`assign-${index}-class-teacher`}
                  label="Class teacher"
                  hint={chosen?.classTeacherName ? `Replaces ${chosen.classTeacherName}.` : undefined}
                  {...register(`assignedClasses.${index}.isClassTeacher`)}
                />
              </div>
            );
          })}
          <Button
            variant="secondary"
            size="sm"
            onClick={() => assignments.append({ classId: '', subjectIds: [], isClassTeacher: false })}
          >
            <Plus className="size-4" aria-hidden="true" />
            Assign to a class
          </Button>
        </fieldset>
      )}

      {!editing && (
        <div className="border-t border-slate-100 pt-4">
          <Checkbox
            id="teacher-invite"
            label="Send an invitation e-mail"
            hint="They set their own password from a one-time link. Otherwise a temporary password is shown once after saving."
            {...register('sendInvitation')}
          />
        </div>
      )}
    </FormDialog>
  );
}
