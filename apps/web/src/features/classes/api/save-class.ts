import type { ClassDetailResponse, CreateClassRequest, UpdateClassRequest } from '@lyceum/shared/academics';
import { usePeopleMutation } from '../../../api/people-cache';
import { NO_ERROR_TOAST } from '../../../lib/query-client';
import { api } from '../../../lib/api-client';

/** POST /classes or PATCH /classes/:id: one form creates and edits. */
export function saveClass({ id, data }: { id?: string; data: CreateClassRequest & UpdateClassRequest }) {
  return id ? api.patch<ClassDetailResponse>(`/classes/${id}`, data) : api.post<ClassDetailResponse>('/classes', data);
}

export function useSaveClass() {
  return usePeopleMutation(saveClass, NO_ERROR_TOAST);
}
