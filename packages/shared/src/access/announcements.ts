import { SCHOOL_ROLES } from '../roles.ts';
import type { Access } from './types.ts';

/** Routes of announcements (docs/product.md, "Announcements"); the service applies the audience and class rules. */
const publishers = ['school_admin', 'principal', 'teacher'] as const;

export const ANNOUNCEMENT_ACCESS: Record<string, Access> = {
  'GET /api/v1/announcements': SCHOOL_ROLES,
  'POST /api/v1/announcements': publishers,
  'GET /api/v1/announcements/options': publishers,
  'GET /api/v1/announcements/:id': SCHOOL_ROLES,
  'PATCH /api/v1/announcements/:id': publishers,
  'POST /api/v1/announcements/:id/read': SCHOOL_ROLES,
  'GET /api/v1/announcements/:id/readers': publishers,
};
