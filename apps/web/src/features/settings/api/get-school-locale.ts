import type { SchoolLocale } from '@lyceum/shared/locale';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getSchoolLocale(signal?: AbortSignal): Promise<SchoolLocale> {
  return api.get<SchoolLocale>('/school/locale', { signal });
}

export const schoolLocaleQuery = queryOptions({
  queryKey: ['school', 'locale'] as const,
  queryFn: ({ signal }) => getSchoolLocale(signal),
});

export function useSchoolLocale() {
  return useQuery(schoolLocaleQuery);
}
