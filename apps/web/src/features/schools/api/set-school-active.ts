import type { CompanySchool } from '@lyceum/shared/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { schoolsKey } from './get-schools';

/** Deactivate (its users are signed out and cannot sign in) or reactivate a school. */
export function setSchoolActive(id: string, active: boolean): Promise<CompanySchool> {
  return api.post<CompanySchool>(`/company/schools/${id}/${active ? 'reactivate' : 'deactivate'}`);
}

export function useSetSchoolActive(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (active: boolean) => setSchoolActive(id, active),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schoolsKey }),
  });
}
