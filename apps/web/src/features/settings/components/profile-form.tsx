import { zodResolver } from '@hookform/resolvers/zod';
import { type SessionUser, UpdateProfileRequest } from '@lyceum/shared/auth';
import { ROLE_LABELS } from '@lyceum/shared/roles';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CardSection } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { applyServerError } from '../../../lib/form-errors';
import { useUpdateProfile } from '../api/update-profile';
import { ProfilePicture } from './profile-picture';

export function ProfileForm({ user }: { user: SessionUser }) {
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
      toast.success('Profile updated');
    } catch (error) {
      applyServerError(error, setError, ['name', 'phone']);
      toast.error('Profile could not be updated');
    }
  });

  return (
    <CardSection titleId="profile-title" title="Profile" description="How you appear to others in your school.">
      <ProfilePicture user={user} />
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {errors.root?.server && <Alert>{errors.root.server.message}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="profile-name"
            label="Name"
            autoComplete="name"
            error={errors.name?.message}
            {...register('name')}
          />
          <TextField
            id="profile-phone"
            label="Phone"
            type="tel"
            autoComplete="tel"
            error={errors.phone?.message}
            {...register('phone')}
          />
          <TextField
            id="profile-email"
            label="Email"
            value={user.email}
            readOnly
            disabled
            hint="Ask an administrator to change your email."
          />
          <TextField id="profile-role" label="Role" value={ROLE_LABELS[user.role]} readOnly disabled />
        </div>
        <div className="flex justify-end">
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            Save profile
          </Button>
        </div>
      </form>
    </CardSection>
  );
}
