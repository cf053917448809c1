/** Where each company figure of the dashboard leads (for company_admin and admin, who may open those pages). */
export const COMPANY_STAT_LINKS: Record<string, string> = {
  schools: '/schools',
  active: '/schools?status=active',
  trial: '/schools?status=trial',
  expired: '/schools?status=expired',
  mrr: '/revenue',
  pendingAddonRequests: '/addon-requests/manage',
  pendingPayments: '/payments?status=pending',
};
