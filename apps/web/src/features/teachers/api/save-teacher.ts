import type {
  CreateTeacherRequest,
  CreateTeacherResponse,
  TeacherResponse,
  UpdateTeacherRequest,
} from '@lyceum/shared/people';
import { usePeopleMutation } from '../../../api/people-cache';
import { api } from '../../../lib/api-client';

export function createTeacher(data: CreateTeacherRequest): Promise<CreateTeacherResponse> {
  return api.post<CreateTeacherResponse>('/teachers', data);
}

export function updateTeacher({ id, data }: { id: string; data: UpdateTeacherRequest }): Promise<TeacherResponse> {
  return api.patch<TeacherResponse>(`/teachers/${id}`, data);
}

export function useCreateTeacher() {
  return usePeopleMutation(createTeacher);
}

export function useUpdateTeacher() {
  return usePeopleMutation(updateTeacher);
}
