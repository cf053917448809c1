import type { ClassDetailResponse } from '@lyceum/shared/academics';
import type {
  AcademicYear,
  AcademicYearListResponse,
  AcademicYearRequest,
  Promotion,
  PromotionListResponse,
  PromotionPreview,
  PromotionRequest,
} from '@lyceum/shared/years';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { NO_ERROR_TOAST } from '../../../lib/query-client';

export const yearsQuery = queryOptions({
  queryKey: ['academic-years'] as const,
  queryFn: ({ signal }) => api.get<AcademicYearListResponse>('/academic-years', { signal }),
});
export const promotionsQuery = queryOptions({
  queryKey: ['promotions'] as const,
  queryFn: ({ signal }) => api.get<PromotionListResponse>('/promotions', { signal }),
});

export const useYears = () => useQuery(yearsQuery);

/** A class's students, for the wizard's per-student exceptions (under `classes`: a promotion refreshes it). */
export function useClassRoster(classId: string) {
  return useQuery({
    queryKey: ['classes', 'roster', classId] as const,
    queryFn: ({ signal }) => api.get<ClassDetailResponse>(`/classes/${encodeURIComponent(classId)}`, { signal }),
    select: (c) => c.students.filter((s) => s.isActive),
  });
}
export const usePromotions = () => useQuery(promotionsQuery);

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: yearsQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: promotionsQuery.queryKey }),
      // Promotion moves students between classes: class lists and counts change.
      queryClient.invalidateQueries({ queryKey: ['classes'] }),
      queryClient.invalidateQueries({ queryKey: ['students'] }),
    ]);
}

export function useSaveYear() {
  const refresh = useRefresh();
  return useMutation({
    meta: NO_ERROR_TOAST,
    mutationFn: ({ id, ...body }: AcademicYearRequest & { id?: string }) =>
      id ? api.put<AcademicYear>(`/academic-years/${id}`, body) : api.post<AcademicYear>('/academic-years', body),
    onSuccess: refresh,
  });
}

export function useMakeCurrent() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.post<AcademicYear>(`/academic-years/${id}/current`),
    onSuccess: refresh,
  });
}

export function useDeleteYear() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/academic-years/${id}`),
    onSuccess: refresh,
  });
}

export function usePreviewPromotion() {
  return useMutation({
    meta: NO_ERROR_TOAST,
    mutationFn: (body: PromotionRequest) => api.post<PromotionPreview>('/promotions/preview', body),
  });
}

export function useApplyPromotion() {
  const refresh = useRefresh();
  return useMutation({
    meta: NO_ERROR_TOAST,
    mutationFn: (body: PromotionRequest) => api.post<Promotion>('/promotions', body),
    onSuccess: refresh,
  });
}

export function useUndoPromotion() {
  const refresh = useRefresh();
  return useMutation({
    // The refusal is shown in the confirmation, where undo was asked for.
    meta: NO_ERROR_TOAST,
    mutationFn: (id: string) => api.post<Promotion>(`/promotions/${id}/undo`),
    onSuccess: refresh,
  });
}
