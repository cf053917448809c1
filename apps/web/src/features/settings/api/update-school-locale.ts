import type { SchoolLocale } from '@lyceum/shared/locale';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { authKeys } from '../../../lib/auth';
import { NO_ERROR_TOAST } from '../../../lib/query-client';

export function updateSchoolLocale(data: SchoolLocale): Promise<SchoolLocale> {
  return api.put<SchoolLocale>('/school/locale', data);
}

export function useUpdateSchoolLocale() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: NO_ERROR_TOAST,
    mutationFn: updateSchoolLocale,
    onSuccess: () => {
      // The session carries the school's locale: the language and formats switch with it.
      return queryClient.invalidateQueries({ queryKey: authKeys.me });
    },
  });
}
