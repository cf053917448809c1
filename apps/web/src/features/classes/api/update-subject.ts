import type { SubjectResponse, UpdateSubjectRequest } from '@lyceum/shared/academics';
import { usePeopleMutation } from '../../../api/people-cache';
import { NO_ERROR_TOAST } from '../../../lib/query-client';
import { api } from '../../../lib/api-client';

/** PATCH /subjects/:id: a new name, a new code, or `code: null` to clear it. */
export function updateSubject({ id, data }: { id: string; data: UpdateSubjectRequest }) {
  return api.patch<SubjectResponse>(`/subjects/${id}`, data);
}

export function useUpdateSubject() {
  return usePeopleMutation(updateSubject, NO_ERROR_TOAST);
}
