import type { CompanySchool, UpdateSchoolRequest } from '@lyceum/shared/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { schoolsKey } from './get-schools';

export function updateSchool(id: string, input: UpdateSchoolRequest): Promise<CompanySchool> {
  return api.patch<CompanySchool>(`/company/schools/${id}`, input);
}

export function useUpdateSchool(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateSchoolRequest) => updateSchool(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schoolsKey }),
  });
}
