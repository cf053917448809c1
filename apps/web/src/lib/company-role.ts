import { isPlatformManager } from '@lyceum/shared/roles';
import { useAuth } from './auth';

/**
 * The one `canManage` flag of the company pages: company_admin and admin change company data; company_user
 * only reads the company lists, so their pages show it no action (the server refuses it anyway).
 */
export function useIsPlatformManager(): boolean {
  const { user } = useAuth();
  return isPlatformManager(user?.role);
}
