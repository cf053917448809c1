import type { Plan, PlanInput, UpdatePlanRequest } from '@lyceum/shared/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { companyPlansKey } from '../../../api/get-company-plans';

export function createPlan(input: PlanInput): Promise<Plan> {
  return api.post<Plan>('/company/plans', input);
}

export function updatePlan(id: string, input: UpdatePlanRequest): Promise<Plan> {
  return api.patch<Plan>(`/company/plans/${id}`, input);
}

/** Creates a plan, or updates one when `id` is given (also how a plan is deactivated: `isActive: false`). */
export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: UpdatePlanRequest }) =>
      id ? updatePlan(id, input) : createPlan(input as PlanInput),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyPlansKey }),
  });
}
