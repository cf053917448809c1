import { zodResolver } from '@hookform/resolvers/zod';
import { currentAcademicYear } from '@lyceum/shared/academics';
import { RELATIONSHIP_SUGGESTIONS, type StudentResponse } from '@lyceum/shared/people';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useClassOptions } from '../../../api/lookups';
import type { CreatedAccount } from '../../../components/people/account-created-dialog';
import { Checkbox } from '../../../components/people/checkbox';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
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
      toast.success('Student updated');
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
    toast.success(`${result.student.name} added`);
    const accounts: CreatedAccount[] = [
      {
        kind: 'Student',
        name: result.student.name,
        email: result.student.email,
        temporaryPassword: result.temporaryPassword,
      },
      ...result.parents.map((p) => ({
        kind: 'Parent',
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
      title={editing ? `Edit ${editing.name}` : 'Add student'}
      description={editing ? undefined : 'Creates the student and their sign-in account.'}
      size="lg"
      form={form}
      onSubmit={onSubmit}
      onSaved={(accounts) => accounts && onCreated?.(accounts)}
      submitLabel={editing ? 'Save student' : 'Add student'}
      serverFields={['name', 'email', 'phone', 'classId', 'rollNumber', 'academicYear']}
      errorToast={editing ? 'The student could not be updated' : 'The student could not be added'}
    >
      <datalist id={RELATIONSHIP_LIST_ID}>
        {RELATIONSHIP_SUGGESTIONS.map((r) => (
          <option key={r} value={r} />
        ))}
      </datalist>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="student-name"
          label="Full name"
          autoComplete="off"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          id="student-email"
          label="E-mail"
          type="email"
          autoComplete="off"
          disabled={Boolean(editing)}
          hint={editing ? 'The sign-in e-mail cannot be changed here.' : 'Used to sign in.'}
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField id="student-phone" label="Phone" type="tel" error={errors.phone?.message} {...register('phone')} />
        <Select
          id="student-class"
          label="Class"
          placeholder={classes.isPending ? 'Loading classes…' : 'Choose a class'}
          options={classes.options}
          error={errors.classId?.message}
          {...register('classId')}
        />
        <TextField
          id="student-roll"
          label="Roll number"
          inputMode="numeric"
          hint="Leave empty for the next free number in the class."
          error={errors.rollNumber?.message}
          {...register('rollNumber')}
        />
        <TextField
          id="student-year"
          label="Academic year"
          placeholder={currentAcademicYear()}
          hint={`Leave empty for ${currentAcademicYear()}.`}
          error={errors.academicYear?.message}
          {...register('academicYear')}
        />
      </div>

      {!editing && (
        <fieldset className="space-y-3 border-t border-slate-100 pt-4">
          <legend className="text-sm font-semibold text-slate-900">Parents</legend>
          {linked.fields.map((field, index) => (
            <div key={field.id} className="flex flex-wrap items-end gap-2 rounded-lg bg-slate-50 p-3">
              <p className="min-w-0 flex-1 basis-40 self-center text-sm font-medium text-slate-800">{field.name}</p>
              <TextField
                id={`linked-${index}-relationship`}
                label="Relationship"
                list={RELATIONSHIP_LIST_ID}
                containerClassName="w-40"
                error={errors.parents?.[index]?.relationship?.message}
                {...register(`parents.${index}.relationship`)}
              />
              <Button variant="ghost" onClick={() => linked.remove(index)} aria-label={`Remove ${field.name}`}>
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            </div>
          ))}
          {created.fields.map((field, index) => (
            <div key={field.id} className="space-y-3 rounded-lg bg-slate-50 p-3">
              <div className="flex items-center justify-between">
                <p className="text-sm font-medium text-slate-800">New parent {index + 1}</p>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => created.remove(index)}
                  aria-label={`Remove new parent ${index + 1}`}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField
                  id={`new-parent-${index}-name`}
                  label="Parent name"
                  error={errors.newParents?.[index]?.name?.message}
                  {...register(`newParents.${index}.name`)}
                />
                <TextField
                  id={`new-parent-${index}-email`}
                  label="Parent e-mail"
                  type="email"
                  error={errors.newParents?.[index]?.email?.message}
                  {...register(`newParents.${index}.email`)}
                />
                <TextField
                  id={`new-parent-${index}-phone`}
                  label="Parent phone"
                  type="tel"
                  error={errors.newParents?.[index]?.phone?.message}
                  {...register(`newParents.${index}.phone`)}
                />
                <TextField
                  id={`new-parent-${index}-relationship`}
                  label="Relationship"
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
              onClick={() => created.append({ name: '', email: '', phone: '', relationship: 'Mother' })}
            >
              <Plus className="size-4" aria-hidden="true" />
              New parent
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setPicking((v) => !v)} aria-expanded={picking}>
              Link existing parent
            </Button>
          </div>
          <p className="text-xs text-slate-500">
            A new parent whose e-mail already belongs to a parent of this school is linked, not created twice.
          </p>
        </fieldset>
      )}

      {!editing && (
        <div className="border-t border-slate-100 pt-4">
          <Checkbox
            id="student-invite"
            label="Send an invitation e-mail"
            hint="They set their own password from a one-time link. Otherwise a temporary password is shown once after saving."
            {...register('sendInvitation')}
          />
        </div>
      )}
    </FormDialog>
  );
}
