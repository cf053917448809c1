import type { Role } from '../roles.ts';
import type { Access } from './types.ts';

/**
 * Routes of messages (contract: messages.ts). Every school role talks; whom to, and which conversations one
 * reads, is the service's job (docs/product.md, "Messages"). Only staff make and change groups; any member
 * leaves one.
 */
const STAFF = ['school_admin', 'principal'] as const satisfies readonly Role[];
const EVERY_SCHOOL_ROLE = [...STAFF, 'teacher', 'student', 'parent'] as const satisfies readonly Role[];

export const MESSAGES_ACCESS: Record<string, Access> = {
  'GET /api/v1/messages/contacts': EVERY_SCHOOL_ROLE,
  'GET /api/v1/messages/conversations': EVERY_SCHOOL_ROLE,
  'POST /api/v1/messages/conversations': EVERY_SCHOOL_ROLE,
  'POST /api/v1/messages/groups': STAFF,
  'PATCH /api/v1/messages/groups/:id': STAFF,
  'POST /api/v1/messages/groups/:id/members': STAFF,
  'DELETE /api/v1/messages/groups/:id/members/:userId': STAFF,
  'POST /api/v1/messages/groups/:id/leave': EVERY_SCHOOL_ROLE,
  'DELETE /api/v1/messages/groups/:id': STAFF,
  'GET /api/v1/messages/conversations/:id': EVERY_SCHOOL_ROLE,
  'GET /api/v1/messages/conversations/:id/messages': EVERY_SCHOOL_ROLE,
  'POST /api/v1/messages/conversations/:id/messages': EVERY_SCHOOL_ROLE,
  'POST /api/v1/messages/conversations/:id/read': EVERY_SCHOOL_ROLE,
  'GET /api/v1/messages/unread': EVERY_SCHOOL_ROLE,
  'GET /api/v1/messages/search': EVERY_SCHOOL_ROLE,
  'POST /api/v1/messages/:id/report': EVERY_SCHOOL_ROLE,
};
