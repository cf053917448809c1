import type { CreateSchoolRequest, CreateSchoolResponse } from '@lyceum/shared/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { schoolsKey } from './get-schools';

export function createSchool(input: CreateSchoolRequest): Promise<CreateSchoolResponse> {
  return api.post<CreateSchoolResponse>('/company/schools', input);
}

export function useCreateSchool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSchool,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schoolsKey }),
  });
}
