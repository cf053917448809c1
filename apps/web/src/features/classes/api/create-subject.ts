import type { CreateSubjectRequest, SubjectResponse } from '@lyceum/shared/academics';
import { usePeopleMutation } from '../../../api/people-cache';
import { NO_ERROR_TOAST } from '../../../lib/query-client';
import { api } from '../../../lib/api-client';

export function createSubject(data: CreateSubjectRequest) {
  return api.post<SubjectResponse>('/subjects', data);
}

export function useCreateSubject() {
  return usePeopleMutation(createSubject, NO_ERROR_TOAST);
}
