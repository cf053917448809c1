import type { DashboardWithDay } from '@lyceum/shared/day';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getDashboard(signal?: AbortSignal): Promise<DashboardWithDay> {
  return api.get<DashboardWithDay>('/dashboard', { signal });
}

export const dashboardQueryOptions = queryOptions({
  queryKey: ['dashboard'] as const,
  queryFn: ({ signal }) => getDashboard(signal),
});

export function useDashboard() {
  return useQuery(dashboardQueryOptions);
}
