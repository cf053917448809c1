import type { CreateStudentRequest, CreateStudentResponse } from '@lyceum/shared/people';
import { usePeopleMutation } from '../../../api/people-cache';
import { api } from '../../../lib/api-client';

export function createStudent(data: CreateStudentRequest): Promise<CreateStudentResponse> {
  return api.post<CreateStudentResponse>('/students', data);
}

export function useCreateStudent() {
  return usePeopleMutation(createStudent);
}
