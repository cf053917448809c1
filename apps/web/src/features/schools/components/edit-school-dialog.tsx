import { type CompanySchool, UpdateSchoolRequest } from '@lyceum/shared/company';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { DialogFormFooter } from '../../../components/ui/dialog-form-footer';
import { Dialog } from '../../../components/ui/dialog';
import { fieldErrors, serverFieldErrors } from '../../../lib/zod-fields';
import { useUpdateSchool } from '../api/update-school';
import { SchoolFields, schoolValue } from './school-fields';

export function EditSchoolDialog({
  school,
  open,
  onOpenChange,
}: {
  school: CompanySchool;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useUpdateSchool(school.id);
  const [value, setValue] = useState(() => schoolValue(school));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = UpdateSchoolRequest.safeParse(value);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('School saved');
        onOpenChange(false);
      },
      onError: (error) => {
        setErrors(serverFieldErrors(error));
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Edit ${school.name}`}
      size="lg"
      preventClose={update.isPending}
      footer={
        <DialogFormFooter
          formId="edit-school-form"
          submitLabel="Save"
          pending={update.isPending}
          onCancel={() => onOpenChange(false)}
        />
      }
    >
      <form id="edit-school-form" onSubmit={submit} noValidate className="space-y-4">
        {errors.form && <Alert>{errors.form}</Alert>}
        <SchoolFields idPrefix="edit-school" value={value} onChange={setValue} errors={errors} />
      </form>
    </Dialog>
  );
}
