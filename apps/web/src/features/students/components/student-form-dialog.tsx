import { zodResolver } from '../../../lib/zod-resolver';
import { currentAcademicYear } from '@lyceum/shared/academics';
import { RELATIONSHIP_SUGGESTIONS, type StudentResponse } from '@lyceum/shared/people';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useClassOptions } from '../../../api/lookups';
import type { CreatedAccount } from '../../../components/people/account-created-dialog';
import { InvitationCheckbox } from '../../../components/people/invitation-checkbox';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { useT } from '../../../lib/i18n/i18n';
import { useCreateStudent } from '../api/create-student';
import { useUpdateStudent } from '../api/update-student';
import { ParentPicker } from './parent-picker';
import { CreateStudentForm, emptyStudentForm, StudentForm, type StudentFormInput } from './student-form';

const RELATIONSHIP_LIST_ID = 'relationship-suggestions';

interface StudentFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  editing?: StudentResponse;
  /** Class chosen beforehand (e.g. from the class page). */
  defaultClassId?: string;
  /** Called with the accounts created, so the page can show their one-time passwords. */
  onCreated?: (accounts: CreatedAccount[]) => void;
}

function toForm(student: StudentResponse): StudentFormInput {
  return {
    ...emptyStudentForm(student.classId),
    name: student.name,
    email: student.email,
    phone: student.phone ?? '',
    rollNumber: String(student.rollNumber),
    academicYear: student.academicYear,
  };
}

/** Create a student (with parents and an account) or edit one; moving class is part of editing. */
export function StudentFormDialog({ open, onOpenChange, editing, defaultClassId, onCreated }: StudentFormDialogProps) {
  const { t } = useT('students');
  const { t: tc } = useT();
  const classes = useClassOptions(open);
  const create = useCreateStudent();
  const update = useUpdateStudent();
  const [picking, setPicking] = useState(false);
  const form = useForm<StudentFormInput>({
    resolver: zodResolver(editing ? StudentForm : CreateStudentForm),
    values: editing ? toForm(editing) : emptyStudentForm(defaultClassId),
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const linked = useFieldArray({ control, name: 'parents' });
  const created = useFieldArray({ control, name: 'newParents' });

  /** Saves; resolves to the accounts a new student brought (null after an edit). */
  const onSubmit = async (values: StudentFormInput): Promise<CreatedAccount[] | null> => {
    const rollNumber = values.rollNumber ? Number(values.rollNumber) : undefined;
    const academicYear = values.academicYear || undefined;
    if (editing) {
      await update.mutateAsync({
        id: editing.id,
        data: { name: values.name, phone: values.phone || null, rollNumber, academicYear },
        move: values.classId !== editing.classId ? { classId: values.classId } : undefined,
      });
      toast.success(t('form.updated'));
      return null;
    }
    const result = await create.mutateAsync({
      name: values.name,
      email: values.email,
      phone: values.phone || undefined,
      classId: values.classId,
      rollNumber,
      academicYear,
      parents: values.parents.map((p) => ({ parentId: p.parentId, relationship: p.relationship })),
      newParents: values.newParents.map((p) => ({ ...p, phone: p.phone || undefined })),
      sendInvitation: values.sendInvitation,
    });
    toast.success(t('form.added', { name: result.student.name }));
    const accounts: CreatedAccount[] = [
      {
        kind: tc('roles.student'),
        name: result.student.name,
        email: result.student.email,
        temporaryPassword: result.temporaryPassword,
      },
      ...result.parents.map((p) => ({
        kind: tc('roles.parent'),
        name: values.newParents.find((n) => n.email.toLowerCase() === p.email.toLowerCase())?.name ?? p.email,
        email: p.email,
        temporaryPassword: p.temporaryPassword,
      })),
    ];
    return accounts;
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setPicking(false);
        onOpenChange(next);
      }}
      title={editing ? t('form.editTitle', { name: editing.name }) : t('actions.add')}
      description={editing ? undefined : t('form.createDescription')}
      size="lg"
      form={form}
      onSubmit={onSubmit}
      onSaved={(accounts) => accounts && onCreated?.(accounts)}
      submitLabel={editing ? t('form.save') : t('actions.add')}
      serverFields={[
        'name',
        'email',
        'phone',
        'classId',
        'rollNumber',
        'academicYear',
        // A new parent's e-mail that repeats the student's or another's (docs/product.md, "Students").
        ...created.fields.map((_, i) => `newParents.${i}.email` as const),
      ]}
      errorToast={editing ? t('form.updateError') : t('form.addError')}
    >
      <datalist id={RELATIONSHIP_LIST_ID}>
        {RELATIONSHIP_SUGGESTIONS.map((r) => (
          <option key={r} value={r} />
        ))}
      </datalist>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="student-name"
          label={t('form.name')}
          autoComplete="off"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          id="student-email"
          label={t('form.email')}
          type="email"
          autoComplete="off"
          disabled={Boolean(editing)}
          hint={editing ? t('form.emailLocked') : t('form.emailHint')}
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          id="student-phone"
          label={t('form.phone')}
          type="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <Select
          id="student-class"
          label={t('columns.class')}
          placeholder={classes.isPending ? t('form.loadingClasses') : t('form.chooseClass')}
          options={classes.options}
          error={errors.classId?.message}
          {...register('classId')}
        />
        <TextField
          id="student-roll"
          label={t('form.rollNumber')}
          inputMode="numeric"
          hint={t('form.rollNumberHint')}
          error={errors.rollNumber?.message}
          {...register('rollNumber')}
        />
        <TextField
          id="student-year"
          label={t('form.academicYear')}
          placeholder={currentAcademicYear()}
          hint={t('form.academicYearHint', { year: currentAcademicYear() })}
          error={errors.academicYear?.message}
          {...register('academicYear')}
        />
      </div>

      {!editing && (
        <fieldset className="space-y-3 border-t border-slate-100 pt-4">
          <legend className="text-sm font-semibold text-slate-900">{t('columns.parents')}</legend>
          {linked.fields.map((field, index) => (
            <div key={field.id} className="flex flex-wrap items-end gap-2 rounded-lg bg-slate-50 p-3">
              <p className="min-w-0 flex-1 basis-40 self-center text-sm font-medium text-slate-800">{field.name}</p>
              <TextField
                id={`linked-${index}-relationship`}
                label={t('form.relationship')}
                list={RELATIONSHIP_LIST_ID}
                containerClassName="w-40"
                error={errors.parents?.[index]?.relationship?.message}
                {...register(`parents.${index}.relationship`)}
              />
              <Button
                variant="ghost"
                onClick={() => linked.remove(index)}
                aria-label={t('form.remove', { name: field.name })}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            </div>
          ))}
          {created.fields.map((field, index) => (
            <div key={field.id} className="space-y-3 rounded-lg bg-slate-50 p-3">
              <div className="flex items-center justify-between">
                <p className="text-sm font-medium text-slate-800">{t('form.newParentNumber', { number: index + 1 })}</p>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => created.remove(index)}
                  aria-label={t('form.removeNewParent', { number: index + 1 })}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField
                  id={`new-parent-${index}-name`}
                  label={t('form.parentName')}
                  error={errors.newParents?.[index]?.name?.message}
                  {...register(`newParents.${index}.name`)}
                />
                <TextField
                  id={`new-parent-${index}-email`}
                  label={t('form.parentEmail')}
                  type="email"
                  error={errors.newParents?.[index]?.email?.message}
                  {...register(`newParents.${index}.email`)}
                />
                <TextField
                  id={`new-parent-${index}-phone`}
                  label={t('form.parentPhone')}
                  type="tel"
                  error={errors.newParents?.[index]?.phone?.message}
                  {...register(`newParents.${index}.phone`)}
                />
                <TextField
                  id={`new-parent-${index}-relationship`}
                  label={t('form.relationship')}
                  list={RELATIONSHIP_LIST_ID}
                  error={errors.newParents?.[index]?.relationship?.message}
                  {...register(`newParents.${index}.relationship`)}
                />
              </div>
            </div>
          ))}
          {picking && (
            <ParentPicker
              id="student-parent-picker"
              exclude={linked.fields.map((f) => f.parentId)}
              onPick={(p) => {
                linked.append({ parentId: p.id, name: p.name, relationship: 'Guardian' });
                setPicking(false);
              }}
            />
          )}
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              disabled={created.fields.length + linked.fields.length >= 4}
              onClick={() => created.append({ name: '', email: '', phone: '', relationship: 'Guardian' })}
            >
              <Plus className="size-4" aria-hidden="true" />
              {t('form.newParent')}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setPicking((v) => !v)} aria-expanded={picking}>
              {t('form.linkExisting')}
            </Button>
          </div>
          <p className="text-xs text-slate-500">{t('form.newParentNote')}</p>
        </fieldset>
      )}

      {!editing && (
        <div className="border-t border-slate-100 pt-4">
          <InvitationCheckbox
            id="student-invite"
            label={t('form.invite')}
            hint={t('form.inviteHint')}
            {...register('sendInvitation')}
          />
        </div>
      )}
    </FormDialog>
  );
}
