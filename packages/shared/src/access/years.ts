import type { Role } from '../roles.ts';
import type { Access } from './types.ts';

/**
 * Routes of academic years and the year-end promotion (contract: years.ts). The school admin keeps the
 * calendar and promotes; the principal reads both. The writing role comes first (the route-wide suite fuzzes
 * bodies as the first role).
 */
const ADMIN = ['school_admin'] as const satisfies readonly Role[];
const READERS = ['school_admin', 'principal'] as const satisfies readonly Role[];

export const YEARS_ACCESS: Record<string, Access> = {
  'GET /api/v1/academic-years': READERS,
  'POST /api/v1/academic-years': ADMIN,
  'PUT /api/v1/academic-years/:id': ADMIN,
  'POST /api/v1/academic-years/:id/current': ADMIN,
  'DELETE /api/v1/academic-years/:id': ADMIN,
  'GET /api/v1/promotions': READERS,
  'POST /api/v1/promotions/preview': ADMIN,
  'POST /api/v1/promotions': ADMIN,
  'POST /api/v1/promotions/:id/undo': ADMIN,
};
