import { ROLES, SCHOOL_ROLES } from '../roles.ts';
import type { Access } from './types.ts';

/** Routes of uploads and stored files. */
export const FILES_ACCESS: Record<string, Access> = {
  // Everyone has a profile and may change its picture (docs/product.md, "Files").
  'POST /api/v1/profile/picture': ROLES,
  'DELETE /api/v1/profile/picture': ROLES,
  // A school's pictures: its own signed-in users and company staff (the service checks the school).
  'GET /api/v1/files/schools/:schoolId/users/:userId/profile/:file': ROLES,
  // Company staff pictures are shown only inside the company console; a school's user gets the same 404 as
  // for another school's picture (docs/product.md, "Files"), so the service refuses them, not the table.
  'GET /api/v1/files/users/:userId/profile/:file': ROLES,
  // Attachments (docs/product.md, "Attachments"): anyone of a school may write a message; downloads follow
  // the parent's read rule in the service, so the route lets every school role through.
  'POST /api/v1/attachments': SCHOOL_ROLES,
  'DELETE /api/v1/attachments/:id': SCHOOL_ROLES,
  'GET /api/v1/attachments/:id': SCHOOL_ROLES,
};
