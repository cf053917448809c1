import type { SchoolDetailResponse } from '@lyceum/shared/company';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { schoolsKey } from './get-schools';

export const schoolKey = (id: string) => [...schoolsKey, 'detail', id] as const;

export function getSchool(id: string, signal?: AbortSignal): Promise<SchoolDetailResponse> {
  return api.get<SchoolDetailResponse>(`/company/schools/${id}`, { signal });
}

export const schoolQueryOptions = (id: string) =>
  queryOptions({ queryKey: schoolKey(id), queryFn: ({ signal }) => getSchool(id, signal) });

export function useSchool(id: string) {
  return useQuery(schoolQueryOptions(id));
}
