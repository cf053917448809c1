import { zodResolver } from '../../../lib/zod-resolver';
import { DEFAULT_SCHOOL_LOCALE, SchoolLocale } from '@lyceum/shared/locale';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { SchoolLocaleFields } from '../../../components/locale/school-locale-fields';
import { FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CardSection } from '../../../components/ui/card';
import { applyServerError, flatErrors } from '../../../lib/form-errors';
import { useAuth } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/i18n';
import { asRequest } from '../../../lib/zod-fields';
import { useUpdateSchoolLocale } from '../api/update-school-locale';

const LocaleRequest = asRequest((values: { locale: SchoolLocale }) => values.locale, SchoolLocale);

function LocaleForm({ locale }: { locale: SchoolLocale }) {
  const { t } = useT('locale');
  const update = useUpdateSchoolLocale();
  const form = useForm({ resolver: zodResolver(LocaleRequest), defaultValues: { locale } });
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = form;

  const onSubmit = handleSubmit(async (request) => {
    try {
      const saved = await update.mutateAsync(request);
      reset({ locale: saved });
      toast.success(t('region.saved'));
    } catch (error) {
      applyServerError(error, setError, 'all');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
      <Controller
        control={control}
        name="locale"
        render={({ field }) => (
          <SchoolLocaleFields
            idPrefix="school-locale"
            value={field.value}
            onChange={field.onChange}
            errors={flatErrors(errors)}
            disabled={isSubmitting}
          />
        )}
      />
      <div className="flex justify-end">
        <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
          {t('region.save')}
        </Button>
      </div>
    </form>
  );
}

/**
 * Settings, school admin: the school's language, time zone, currency, date format and first day of the week.
 * The session already carries the school's locale, so the card asks nothing more of the server (a page's data
 * comes in at most two requests); saving refreshes the session.
 */
export function SchoolLocaleCard() {
  const { t } = useT('locale');
  const { school } = useAuth();
  return (
    <CardSection titleId="school-locale-title" title={t('region.title')} description={t('region.description')}>
      <LocaleForm locale={school?.locale ?? DEFAULT_SCHOOL_LOCALE} />
    </CardSection>
  );
}
