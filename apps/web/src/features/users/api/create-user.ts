import type { CreateUserRequest, CreateUserResponse } from '@lyceum/shared/people';
import { usePeopleMutation } from '../../../api/people-cache';
import { NO_ERROR_TOAST } from '../../../lib/query-client';
import { api } from '../../../lib/api-client';

/** POST /users: principals and school administrators (other roles have their own pages). */
export function createUser(data: CreateUserRequest): Promise<CreateUserResponse> {
  return api.post<CreateUserResponse>('/users', data);
}

export function useCreateUser() {
  return usePeopleMutation(createUser, NO_ERROR_TOAST);
}
