/** Where each company figure of the dashboard leads (for company_admin and admin, who may open those pages). */
export const COMPANY_STAT_LINKS: Record<string, string> = {
  schools: '/schools',
  active: '/schools?status=active',
  trial: '/schools?status=trial',
  expired: '/schools?status=expired',
  cancelled: '/schools?status=cancelled',
  mrr: '/revenue',
  pendingAddonRequests: '/addon-requests/manage',
  pendingPayments: '/payments?status=pending',
};

/**
 * Where each company figure leads for company_user: the same lists, read-only. It is sent no revenue figure,
 * and pending add-on requests open the list of requests, not the approval screen (docs/product.md, "Who may do what").
 */
export const COMPANY_READER_STAT_LINKS: Record<string, string> = {
  schools: '/schools',
  active: '/schools?status=active',
  trial: '/schools?status=trial',
  expired: '/schools?status=expired',
  cancelled: '/schools?status=cancelled',
  pendingAddonRequests: '/addon-requests?status=pending',
  pendingPayments: '/payments?status=pending',
};

/**
 * Where each school figure leads for school_admin and principal. "Administrators and principals" opens the
 * Users page, which has no sidebar entry of its own (the menus of docs/product.md, "Sidebar per role" are fixed).
 */
export const SCHOOL_STAT_LINKS: Record<string, string> = {
  students: '/students',
  teachers: '/teachers',
  parents: '/parents',
  staff: '/users',
};
