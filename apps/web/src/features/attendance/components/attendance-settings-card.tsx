import { zodResolver } from '../../../lib/zod-resolver';
import { AttendanceSettings } from '@lyceum/shared/attendance';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Checkbox } from '../../../components/people/checkbox';
import { FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CardSection } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { TextField } from '../../../components/ui/field';
import { FieldError } from '../../../components/ui/field-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { applyServerError } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n/i18n';
import { useAttendanceSettings, useUpdateAttendanceSettings } from '../api/attendance-api';

function SettingsForm({ settings }: { settings: AttendanceSettings }) {
  const { t } = useT('attendance');
  const update = useUpdateAttendanceSettings();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<AttendanceSettings>({ resolver: zodResolver(AttendanceSettings), defaultValues: settings });

  const onSubmit = handleSubmit(async (request) => {
    try {
      reset(await update.mutateAsync(request));
      toast.success(t('settings.saved'));
    } catch (error) {
      applyServerError(error, setError, ['threshold', 'alertLate', 'byPeriod']);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
      <TextField
        id="attendance-threshold"
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        step={1}
        label={t('settings.threshold')}
        hint={t('settings.thresholdHint')}
        error={errors.threshold?.message}
        containerClassName="max-w-xs"
        disabled={isSubmitting}
        {...register('threshold', { valueAsNumber: true })}
      />
      <div>
        <Checkbox
          id="attendance-alert-late"
          label={t('settings.alertLate')}
          hint={t('settings.alertLateHint')}
          disabled={isSubmitting}
          aria-invalid={errors.alertLate ? true : undefined}
          {...register('alertLate')}
        />
        {errors.alertLate?.message && <FieldError id="attendance-alert-late" message={errors.alertLate.message} />}
      </div>
      <div>
        <Checkbox
          id="attendance-by-period"
          label={t('settings.byPeriod')}
          hint={t('settings.byPeriodHint')}
          disabled={isSubmitting}
          aria-invalid={errors.byPeriod ? true : undefined}
          {...register('byPeriod')}
        />
        {errors.byPeriod?.message && <FieldError id="attendance-by-period" message={errors.byPeriod.message} />}
      </div>
      <div className="flex justify-end">
        <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
          {t('settings.save')}
        </Button>
      </div>
    </form>
  );
}

/**
 * Settings, school admin: the attendance threshold, late alerts and marks per period (docs/product.md,
 * "Attendance settings, trend and exports": the school admin sets them; others only read them, where they apply).
 */
export function AttendanceSettingsCard() {
  const { t } = useT('attendance');
  const query = useAttendanceSettings();
  return (
    <CardSection
      titleId="attendance-settings-title"
      title={t('settings.title')}
      description={t('settings.description')}
    >
      {query.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : query.error ? (
        <ErrorState error={query.error} onRetry={query.refetch} />
      ) : (
        <SettingsForm settings={query.data} />
      )}
    </CardSection>
  );
}
