import type { CreateStudentRequest, CreateStudentResponse } from '@lyceum/shared/people';
import { usePeopleMutation } from '../../../api/people-cache';
import { NO_ERROR_TOAST } from '../../../lib/query-client';
import { api } from '../../../lib/api-client';

export function createStudent(data: CreateStudentRequest): Promise<CreateStudentResponse> {
  return api.post<CreateStudentResponse>('/students', data);
}

export function useCreateStudent() {
  return usePeopleMutation(createStudent, NO_ERROR_TOAST);
}
