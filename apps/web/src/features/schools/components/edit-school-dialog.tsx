import { zodResolver } from '../../../lib/zod-resolver';
import { type CompanySchool, UpdateSchoolRequest } from '@lyceum/shared/company';
import type { SchoolLocale } from '@lyceum/shared/locale';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { FormDialog } from '../../../components/ui/form-dialog';
import { flatErrors } from '../../../lib/form-errors';
import { translate, useT } from '../../../lib/i18n/i18n';
import { asRequest } from '../../../lib/zod-fields';
import { useUpdateSchool } from '../api/update-school';
import { SchoolFields, type SchoolValue, schoolValue } from './school-fields';
import { CompanySchoolLocaleFields, schoolLocaleValue } from './school-locale-fields';

const EditSchoolForm = asRequest(
  (values: { school: SchoolValue; locale: SchoolLocale }) => ({ ...values.school, ...values.locale }),
  UpdateSchoolRequest,
);

export function EditSchoolDialog({
  school,
  open,
  onOpenChange,
}: {
  school: CompanySchool;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useT('schools');
  const update = useUpdateSchool(school.id);
  const form = useForm({
    resolver: zodResolver(EditSchoolForm),
    defaultValues: { school: schoolValue(school), locale: schoolLocaleValue(school) },
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('edit.title', { name: school.name })}
      size="lg"
      form={form}
      onSubmit={async (request) => {
        await update.mutateAsync(request);
        toast.success(translate('schools', 'edit.saved'));
      }}
      submitLabel={t('edit.save')}
      serverFields="all"
    >
      <Controller
        control={form.control}
        name="school"
        render={({ field }) => (
          <SchoolFields
            idPrefix="edit-school"
            value={field.value}
            onChange={field.onChange}
            errors={flatErrors(form.formState.errors)}
          />
        )}
      />
      <CompanySchoolLocaleFields idPrefix="edit-school-locale" control={form.control} errors={form.formState.errors} />
    </FormDialog>
  );
}
