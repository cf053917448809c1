import type { UserAccountResponse } from '@lyceum/shared/people';
import { usePagedList } from '../../../api/paged-list';

export interface UserFilters {
  search: string;
  role: string;
  status: string;
}

export function useUsers(filters: UserFilters, enabled = true) {
  return usePagedList<UserAccountResponse>(['users', 'list'], '/users', { ...filters }, enabled);
}
