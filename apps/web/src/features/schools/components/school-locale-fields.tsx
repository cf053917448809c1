import type { CompanySchool } from '@lyceum/shared/company';
import { DEFAULT_SCHOOL_LOCALE, type SchoolLocale } from '@lyceum/shared/locale';
import { type Control, Controller, type FieldErrors, type FieldValues, type Path } from 'react-hook-form';
import { SchoolLocaleFields } from '../../../components/locale/school-locale-fields';
import { CardSection } from '../../../components/ui/card';
import { flatErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n/i18n';

/** The locale a company form starts from: the school's own, or the default for a new one. */
export const schoolLocaleValue = (school?: CompanySchool): SchoolLocale => school?.locale ?? DEFAULT_SCHOOL_LOCALE;

/**
 * The school's language, time zone, currency, date format and first day of the week in the company's create and
 * edit forms, as the form's `locale` value; messages come back at the request's paths (`timeZone`, …).
 */
export function CompanySchoolLocaleFields<
  T extends FieldValues & { locale: SchoolLocale },
  TRequest extends FieldValues,
>({
  idPrefix,
  control,
  errors,
  card = false,
}: {
  idPrefix: string;
  control: Control<T, unknown, TRequest>;
  errors: FieldErrors;
  card?: boolean;
}) {
  const { t } = useT('locale');
  const fields = (
    <Controller
      control={control}
      name={'locale' as Path<T>}
      render={({ field }) => (
        <SchoolLocaleFields
          idPrefix={idPrefix}
          value={field.value as SchoolLocale}
          onChange={field.onChange}
          errors={flatErrors(errors)}
        />
      )}
    />
  );
  if (!card) return fields;
  return (
    <CardSection titleId={`${idPrefix}-title`} title={t('company.title')} description={t('company.description')}>
      {fields}
    </CardSection>
  );
}
