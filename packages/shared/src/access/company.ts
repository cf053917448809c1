import type { Access } from './types.ts';

/** Routes of the company control plane: schools, plans, add-ons, subscriptions, payments, revenue, usage. */
const managers = ['company_admin', 'admin'] as const;
/** company_user reads the company lists (docs/product.md, "Who may do what"), never changes anything. */
const readers = ['company_admin', 'admin', 'company_user'] as const;
const schoolAdmin = ['school_admin'] as const;
const schoolRoles = ['school_admin', 'principal', 'teacher', 'student', 'parent'] as const;

export const COMPANY_ACCESS: Record<string, Access> = {
  'GET /api/v1/company/schools': readers,
  'POST /api/v1/company/schools': managers,
  'GET /api/v1/company/schools/:id': readers,
  'PATCH /api/v1/company/schools/:id': managers,
  'POST /api/v1/company/schools/:id/deactivate': managers,
  'POST /api/v1/company/schools/:id/reactivate': managers,
  'POST /api/v1/company/schools/:id/subscriptions': managers,
  'POST /api/v1/company/schools/:id/subscription/renew': managers,
  'POST /api/v1/company/schools/:id/subscription/cancel': managers,
  'GET /api/v1/company/plans': readers,
  'POST /api/v1/company/plans': managers,
  'PATCH /api/v1/company/plans/:id': managers,
  'GET /api/v1/company/addons': readers,
  'POST /api/v1/company/addons': managers,
  'PATCH /api/v1/company/addons/:id': managers,
  'GET /api/v1/company/addon-requests': readers,
  'POST /api/v1/company/addon-requests/:id/approve': managers,
  'POST /api/v1/company/addon-requests/:id/reject': managers,
  'GET /api/v1/company/payments': readers,
  'POST /api/v1/company/payments/:id/confirm': managers,
  'POST /api/v1/company/payments/:id/reject': managers,
  'GET /api/v1/company/leads': readers,
  'PATCH /api/v1/company/leads/:id': managers,
  'GET /api/v1/company/revenue': managers,
  'GET /api/v1/company/revenue/export': managers,
  'GET /api/v1/company/usage': managers,
  'GET /api/v1/company/usage/export': managers,
  // School side.
  'GET /api/v1/subscription': schoolAdmin,
  'POST /api/v1/subscription/requests': schoolAdmin,
  'POST /api/v1/sales-leads': schoolRoles,
  // Public: the caller's sign-in was refused (lapsed subscription); the service checks e-mail and password.
  'POST /api/v1/sales-leads/lapsed': 'public',
  // Public: a White Label school's sign-in page shows its brand before anyone has signed in.
  'GET /api/v1/brand': 'public',
  'GET /api/v1/marketplace': schoolAdmin,
  'GET /api/v1/addon-requests': schoolAdmin,
  'POST /api/v1/addon-requests': schoolAdmin,
  'GET /api/v1/payments': schoolAdmin,
  'POST /api/v1/payments': schoolAdmin,
  // A receipt is its payment's printable form: whoever reads the payment reads it.
  'GET /api/v1/payments/:id/receipt': ['school_admin', ...readers],
  'GET /api/v1/payments/:id/receipt.pdf': ['school_admin', ...readers],
  'GET /api/v1/api-keys': schoolAdmin,
  'POST /api/v1/api-keys': schoolAdmin,
  'POST /api/v1/api-keys/:id/revoke': schoolAdmin,
};
