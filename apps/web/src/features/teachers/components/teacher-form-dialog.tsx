import { zodResolver } from '../../../lib/zod-resolver';
import { phoneSchema } from '@lyceum/shared/auth';
import { CreateTeacherRequest, experienceSchema, type TeacherResponse } from '@lyceum/shared/people';
import { Plus, Trash2 } from 'lucide-react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { useActiveClasses, useSubjectOptions } from '../../../api/lookups';
import type { CreatedAccount } from '../../../components/people/account-created-dialog';
import { Checkbox } from '../../../components/people/checkbox';
import { InvitationCheckbox } from '../../../components/people/invitation-checkbox';
import { SubjectChecklist, withCurrentSubjects } from '../../../components/people/subject-checklist';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { translate, useT } from '../../../lib/i18n/i18n';
import { useCreateTeacher, useUpdateTeacher } from '../api/save-teacher';

/** Experience as typed, checked as the number it sends by the shared schema: the server's own words. */
const experience = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    if (v === '') return;
    const checked = experienceSchema.safeParse(Number(v));
    if (!checked.success) ctx.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? '' });
  });

/** The teacher form, from the shared request's fields; classes are assigned with their subjects. */
const TeacherForm = z.object({
  name: CreateTeacherRequest.shape.name,
  email: z.string().trim(),
  phone: phoneSchema,
  qualification: z
    .string()
    .trim()
    .max(200, { error: () => translate('teachers', 'form.qualificationTooLong') }),
  experience,
  subjectIds: z.array(z.string()),
  assignedClasses: z.array(
    z.object({
      classId: z.string().min(1, { error: () => translate('teachers', 'form.chooseClass') }),
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
  const { t } = useT('teachers');
  const { t: tc } = useT();
  const subjects = useSubjectOptions(open);
  const classes = useActiveClasses(open && !editing);
  const create = useCreateTeacher();
  const update = useUpdateTeacher();
  const form = useForm<TeacherFormInput>({
    resolver: zodResolver(editing ? TeacherForm : CreateTeacherForm),
    values: toForm(editing),
  });
  const {
    register,
    control,
    getValues,
    setValue,
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
      toast.success(t('form.updated'));
      return null;
    }
    const result = await create.mutateAsync({
      ...common,
      email: values.email,
      phone: values.phone || undefined,
      assignedClasses: values.assignedClasses,
      sendInvitation: values.sendInvitation,
    });
    toast.success(t('form.added', { name: result.teacher.name }));
    return [
      {
        kind: tc('roles.teacher'),
        name: result.teacher.name,
        email: result.teacher.email,
        temporaryPassword: result.temporaryPassword,
      },
    ];
  };

  // A subject deactivated since stays on the teacher, marked, unless it is unticked.
  const subjectOptions = withCurrentSubjects(subjects.data?.items, editing?.subjects ?? []);
  const classItems = classes.data?.items ?? [];

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? t('form.editTitle', { name: editing.name }) : t('actions.add')}
      description={editing ? t('form.editDescription') : t('form.createDescription')}
      size="lg"
      form={form}
      onSubmit={onSubmit}
      onSaved={(accounts) => accounts && onCreated?.(accounts)}
      submitLabel={editing ? t('form.save') : t('actions.add')}
      serverFields={['name', 'email', 'phone', 'qualification', 'experience']}
      errorToast={editing ? t('form.updateError') : t('form.addError')}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="teacher-name"
          label={t('form.name')}
          autoComplete="off"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          id="teacher-email"
          label={t('form.email')}
          type="email"
          autoComplete="off"
          disabled={Boolean(editing)}
          hint={editing ? t('form.emailLocked') : t('form.emailHint')}
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          id="teacher-phone"
          label={t('form.phone')}
          type="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          id="teacher-qualification"
          label={t('form.qualification')}
          placeholder={t('form.qualificationPlaceholder')}
          error={errors.qualification?.message}
          {...register('qualification')}
        />
        <TextField
          id="teacher-experience"
          label={t('form.experience')}
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
            ref={field.ref}
            legend={t('form.subjects')}
            options={subjectOptions}
            value={field.value}
            onChange={field.onChange}
            emptyText={subjects.isPending ? t('form.loadingSubjects') : t('form.noSubjects')}
          />
        )}
      />

      {!editing && (
        <fieldset className="space-y-3 border-t border-slate-100 pt-4">
          <legend className="text-sm font-semibold text-slate-900">{t('columns.classes')}</legend>
          {assignments.fields.map((field, index) => {
            const chosen = classItems.find((c) => c.id === chosenClasses?.[index]?.classId);
            return (
              <div key={field.id} className="space-y-3 rounded-lg bg-slate-50 p-3">
                <div className="flex items-end gap-2">
                  <Select
                    id={`assign-${index}-class`}
                    label={t('form.class')}
                    containerClassName="flex-1"
                    placeholder={classes.isPending ? t('form.loadingClasses') : t('form.chooseClass')}
                    options={classItems.map((c) => ({ value: c.id, label: c.label }))}
                    error={errors.assignedClasses?.[index]?.classId?.message}
                    {...register(`assignedClasses.${index}.classId`, {
                      // The class's subjects this teacher can teach start ticked: the natural way to say what
                      // they teach there (a class with none ticked gives them no lessons, see below).
                      onChange: (event: { target: { value: string } }) => {
                        const picked = classItems.find((c) => c.id === event.target.value);
                        const canTeach = getValues('subjectIds');
                        setValue(
                          `assignedClasses.${index}.subjectIds`,
                          picked ? picked.subjects.filter((s) => canTeach.includes(s.id)).map((s) => s.id) : [],
                        );
                      },
                    })}
                  />
                  <Button
                    variant="ghost"
                    onClick={() => assignments.remove(index)}
                    aria-label={t('form.removeClass', { number: index + 1 })}
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
                        ref={f.ref}
                        legend={t('form.subjectsIn', { className: chosen.label })}
                        options={chosen.subjects}
                        value={f.value}
                        onChange={f.onChange}
                        emptyText={t('form.classHasNoSubjects')}
                      />
                    )}
                  />
                )}
                {chosen && !chosenClasses?.[index]?.subjectIds?.length && (
                  // Saved like this the teacher is on the class but teaches nothing there (docs/product.md, "Teachers").
                  <p className="text-sm text-amber-800">{t('form.noSubjectTicked', { className: chosen.label })}</p>
                )}
                <Checkbox
                  id={`assign-${index}-class-teacher`}
                  label={t('form.classTeacher')}
                  hint={chosen?.classTeacherName ? t('form.replaces', { name: chosen.classTeacherName }) : undefined}
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
            {t('form.assign')}
          </Button>
        </fieldset>
      )}

      {!editing && (
        <div className="border-t border-slate-100 pt-4">
          <InvitationCheckbox
            id="teacher-invite"
            label={t('form.invite')}
            hint={t('form.inviteHint')}
            {...register('sendInvitation')}
          />
        </div>
      )}
    </FormDialog>
  );
}
