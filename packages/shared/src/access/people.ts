import type { Role } from '../roles.ts';
import type { Access } from './types.ts';

/**
 * Routes of students, teachers, parents, classes, subjects, school users (contract: people.ts). The school
 * role that may write comes first (the route-wide suite fuzzes bodies as the first role). Who sees which row
 * inside a list is the service's job (issue 4 item 9).
 */
const STAFF = ['school_admin', 'principal'] as const satisfies readonly Role[];
/** docs/product.md, "Who may do what": company_admin and admin read any school (company_user only reads company lists). */
const READERS = ['company_admin', 'admin'] as const satisfies readonly Role[];
const staffWrites: Access = STAFF;
const staffReads: Access = [...STAFF, ...READERS];

/** Import/export rows of one kind of people. */
const bulk = (kind: string, exporters: Access): Record<string, Access> => ({
  [`GET /api/v1/${kind}/export`]: exporters,
  [`GET /api/v1/${kind}/import/template`]: staffWrites,
  [`POST /api/v1/${kind}/import/preview`]: staffWrites,
  [`POST /api/v1/${kind}/import`]: staffWrites,
});

/** Create, read, update, deactivate/reactivate of one kind of row. */
const crud = (kind: string, readers: Access): Record<string, Access> => ({
  [`GET /api/v1/${kind}`]: readers,
  [`POST /api/v1/${kind}`]: staffWrites,
  [`GET /api/v1/${kind}/:id`]: readers,
  [`PATCH /api/v1/${kind}/:id`]: staffWrites,
  [`POST /api/v1/${kind}/:id/deactivate`]: staffWrites,
  [`POST /api/v1/${kind}/:id/reactivate`]: staffWrites,
});

/** The full table of the contract; the server registers these routes step by step (see PEOPLE_ACCESS). */
export const PEOPLE_ROUTE_TABLE: Record<string, Access> = {
  ...crud('students', [...STAFF, 'teacher', 'parent', 'student', ...READERS]),
  'POST /api/v1/students/:id/move': staffWrites,
  'PUT /api/v1/students/:id/parents/:parentId': staffWrites,
  'DELETE /api/v1/students/:id/parents/:parentId': staffWrites,
  ...bulk('students', [...STAFF, 'teacher', ...READERS]),
  // Emergency contacts: the office and a student's own parents keep them; teachers read their students'.
  'GET /api/v1/emergency-contacts': [...STAFF, 'teacher', 'parent'],
  'GET /api/v1/students/:id/emergency-contacts': [...STAFF, 'teacher', 'parent'],
  'PUT /api/v1/students/:id/emergency-contacts': [...STAFF, 'parent'],

  ...crud('teachers', [...STAFF, 'teacher', ...READERS]),
  'POST /api/v1/teachers/:id/promote': ['school_admin'],
  ...bulk('teachers', staffReads),
  'GET /api/v1/my-classes': ['teacher', 'school_admin', 'principal'],

  ...crud('parents', [...STAFF, 'teacher', 'parent', ...READERS]),
  ...bulk('parents', [...STAFF, 'teacher', ...READERS]),
  'GET /api/v1/children': ['parent'],

  'GET /api/v1/subjects': ['school_admin', 'principal', 'teacher', 'student', 'parent', ...READERS],
  'POST /api/v1/subjects': staffWrites,
  'PATCH /api/v1/subjects/:id': staffWrites,
  'POST /api/v1/subjects/:id/deactivate': staffWrites,
  'POST /api/v1/subjects/:id/reactivate': staffWrites,

  ...crud('classes', [...STAFF, 'teacher', ...READERS]),
  'POST /api/v1/classes/:id/students': staffWrites,
  'DELETE /api/v1/classes/:id/students/:studentId': staffWrites,
  'POST /api/v1/classes/:id/teachers': staffWrites,
  'DELETE /api/v1/classes/:id/teachers/:teacherId': staffWrites,
  'GET /api/v1/classes/export': staffReads,
  'GET /api/v1/classes/options': [...STAFF, 'teacher', ...READERS],

  'GET /api/v1/users': staffReads,
  'POST /api/v1/users': staffWrites,
  'POST /api/v1/users/:id/deactivate': staffWrites,
  'POST /api/v1/users/:id/reactivate': staffWrites,
  'POST /api/v1/users/:id/resend-invitation': staffWrites,
  'POST /api/v1/users/:id/reset-password': staffWrites,
  'GET /api/v1/users/export': staffReads,
};

/** Rows of the routes this branch already serves (the route-wide suite requires every row to be registered). */
export const PEOPLE_ACCESS: Record<string, Access> = PEOPLE_ROUTE_TABLE;
