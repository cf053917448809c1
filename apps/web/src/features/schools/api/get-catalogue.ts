import { useCompanyAddons } from '../../../api/get-company-addons';
import { useCompanyPlans } from '../../../api/get-company-plans';

/**
 * Plans and add-ons a school can be given: only the ones still offered. `retiredAddons` are the others, which a
 * school may still hold (it keeps them until its subscription changes) but cannot be given again.
 */
export function useCatalogue() {
  const plans = useCompanyPlans();
  const addons = useCompanyAddons();
  return {
    plans: plans.data?.items.filter((p) => p.isActive) ?? [],
    addons: addons.data?.items.filter((a) => a.isActive) ?? [],
    retiredAddons: addons.data?.items.filter((a) => !a.isActive) ?? [],
    isPending: plans.isPending || addons.isPending,
    error: plans.error ?? addons.error,
    refetch: () => {
      void plans.refetch();
      void addons.refetch();
    },
  };
}
