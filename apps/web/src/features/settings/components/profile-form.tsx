import { isCompanyRole } from '@lyceum/shared/roles';
import { zodResolver } from '../../../lib/zod-resolver';
import { type SessionUser, UpdateProfileRequest } from '@lyceum/shared/auth';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CardSection } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { applyServerError } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n/i18n';
import { useUpdateProfile } from '../api/update-profile';
import { ProfilePicture } from './profile-picture';

export function ProfileForm({ user }: { user: SessionUser }) {
  const { t } = useT('settings');
  const common = useT('common');
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({
    resolver: zodResolver(UpdateProfileRequest),
    defaultValues: { name: user.name, phone: user.phone ?? '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const session = await update.mutateAsync({ name: values.name, phone: values.phone ? values.phone : null });
      reset({ name: session.user.name, phone: session.user.phone ?? '' });
      toast.success(t('profile.updated'));
    } catch (error) {
      applyServerError(error, setError, ['name', 'phone']);
      toast.error(t('profile.notUpdated'));
    }
  });

  return (
    <CardSection
      titleId="profile-title"
      title={t('profile.title')}
      // Company staff belong to no school.
      description={isCompanyRole(user.role) ? t('profile.descriptionCompany') : t('profile.description')}
    >
      <ProfilePicture user={user} />
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="profile-name"
            label={t('profile.name')}
            autoComplete="name"
            error={errors.name?.message}
            {...register('name')}
          />
          <TextField
            id="profile-phone"
            label={t('profile.phone')}
            type="tel"
            autoComplete="tel"
            error={errors.phone?.message}
            {...register('phone')}
          />
          <TextField
            id="profile-email"
            label={t('profile.email')}
            value={user.email}
            readOnly
            disabled
            // An administrator is not told to ask an administrator: the app has no e-mail change for anyone
            // (docs/product.md, "E-mail addresses").
            hint={
              user.role === 'school_admin' || isCompanyRole(user.role)
                ? t('profile.emailFixed')
                : t('profile.emailHint')
            }
          />
          <TextField
            id="profile-role"
            label={t('profile.role')}
            value={common.t(`roles.${user.role}`)}
            readOnly
            disabled
          />
        </div>
        <div className="flex justify-end">
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            {t('profile.save')}
          </Button>
        </div>
      </form>
    </CardSection>
  );
}
