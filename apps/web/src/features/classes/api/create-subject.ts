import type { CreateSubjectRequest, SubjectResponse } from '@lyceum/shared/academics';
import { usePeopleMutation } from '../../../api/people-cache';
import { api } from '../../../lib/api-client';

export function createSubject(data: CreateSubjectRequest) {
  return api.post<SubjectResponse>('/subjects', data);
}

export function useCreateSubject() {
  return usePeopleMutation(createSubject);
}
