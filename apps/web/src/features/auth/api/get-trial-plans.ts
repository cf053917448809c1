import type { PublicPlan } from '@lyceum/shared/api';
import { useQuery } from '@tanstack/react-query';
import { publicPlansQueryOptions } from '../../../api/get-public-plans';

const trialable = (plans: PublicPlan[]) => plans.filter((p) => p.trialAllowed);

/** The plans sign-up may start a trial on (docs/product.md, "Trial schools and mail"); the server refuses the others. */
export function useTrialPlans() {
  return useQuery({ ...publicPlansQueryOptions, select: trialable });
}
