import { PLATFORM_MANAGERS } from '@lyceum/shared/roles';
import { useAuth } from './auth';

/** company_admin and admin change company data; company_user only reads it (the server refuses it anyway). */
export function useIsPlatformManager(): boolean {
  const { user } = useAuth();
  return Boolean(user && (PLATFORM_MANAGERS as readonly string[]).includes(user.role));
}
