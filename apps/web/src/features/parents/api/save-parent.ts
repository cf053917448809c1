import type {
  CreateParentRequest,
  CreateParentResponse,
  ParentResponse,
  UpdateParentRequest,
} from '@lyceum/shared/people';
import { usePeopleMutation } from '../../../api/people-cache';
import { NO_ERROR_TOAST } from '../../../lib/query-client';
import { api } from '../../../lib/api-client';

export function createParent(data: CreateParentRequest): Promise<CreateParentResponse> {
  return api.post<CreateParentResponse>('/parents', data);
}

export function updateParent({ id, data }: { id: string; data: UpdateParentRequest }): Promise<ParentResponse> {
  return api.patch<ParentResponse>(`/parents/${id}`, data);
}

export function useCreateParent() {
  return usePeopleMutation(createParent, NO_ERROR_TOAST);
}

export function useUpdateParent() {
  return usePeopleMutation(updateParent, NO_ERROR_TOAST);
}
