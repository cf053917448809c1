import type { DashboardResponse } from '@lyceum/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getDashboard(signal?: AbortSignal): Promise<DashboardResponse> {
  return api.get<DashboardResponse>('/dashboard', { signal });
}

export const dashboardQueryOptions = queryOptions({
  queryKey: ['dashboard'] as const,
  queryFn: ({ signal }) => getDashboard(signal),
});

export function useDashboard() {
  return useQuery(dashboardQueryOptions);
}
