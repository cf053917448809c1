import { type CompanySchool, UpdateSchoolRequest } from '@lyceum/shared/company';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { fieldErrors } from '../../../lib/zod-fields';
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
        setErrors(error instanceof ApiError && error.fields ? error.fields : { form: errorMessage(error) });
        toast.error(errorMessage(error));
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
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="edit-school-form" loading={update.isPending}>
            Save
          </Button>
        </>
      }
    >
      <form id="edit-school-form" onSubmit={submit} noValidate className="space-y-4">
        {errors.form && <Alert>{errors.form}</Alert>}
        <SchoolFields idPrefix="edit-school" value={value} onChange={setValue} errors={errors} />
      </form>
    </Dialog>
  );
}
