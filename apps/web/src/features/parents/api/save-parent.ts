import type {
  CreateParentRequest,
  CreateParentResponse,
  ParentResponse,
  UpdateParentRequest,
} from '@lyceum/shared/people';
import { usePeopleMutation } from '../../../api/people-cache';
import { api } from '../../../lib/api-client';

export function createParent(data: CreateParentRequest): Promise<CreateParentResponse> {
  return api.post<CreateParentResponse>('/parents', data);
}

export function updateParent({ id, data }: { id: string; data: UpdateParentRequest }): Promise<ParentResponse> {
  return api.patch<ParentResponse>(`/parents/${id}`, data);
}

export function useCreateParent() {
  return usePeopleMutation(createParent);
}

export function useUpdateParent() {
  return usePeopleMutation(updateParent);
}
