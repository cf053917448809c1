import type {
  CreateTeacherRequest,
  CreateTeacherResponse,
  TeacherResponse,
  UpdateTeacherRequest,
} from '@lyceum/shared/people';
import { usePeopleMutation } from '../../../api/people-cache';
import { NO_ERROR_TOAST } from '../../../lib/query-client';
import { api } from '../../../lib/api-client';

export function createTeacher(data: CreateTeacherRequest): Promise<CreateTeacherResponse> {
  return api.post<CreateTeacherResponse>('/teachers', data);
}

export function updateTeacher({ id, data }: { id: string; data: UpdateTeacherRequest }): Promise<TeacherResponse> {
  return api.patch<TeacherResponse>(`/teachers/${id}`, data);
}

export function useCreateTeacher() {
  return usePeopleMutation(createTeacher, NO_ERROR_TOAST);
}

export function useUpdateTeacher() {
  return usePeopleMutation(updateTeacher, NO_ERROR_TOAST);
}
