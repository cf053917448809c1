import type { CreateSchoolRequest, CreateSchoolResponse } from '@lyceum/shared/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { NO_ERROR_TOAST } from '../../../lib/query-client';
import { schoolsKey } from './get-schools';

export function createSchool(input: CreateSchoolRequest): Promise<CreateSchoolResponse> {
  return api.post<CreateSchoolResponse>('/company/schools', input);
}

/** The Create school page shows a refusal itself, under the field it names or above the form: no toast. */
export function useCreateSchool() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: NO_ERROR_TOAST,
    mutationFn: createSchool,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schoolsKey }),
  });
}
