import type { Role } from '../roles.ts';
import type { Access } from './types.ts';

/**
 * Routes of the timetable and attendance (contracts: timetable.ts, attendance.ts). The role that may write
 * comes first (the route-wide suite fuzzes bodies as the first role). Which class, teacher or student a
 * reader gets is the service's job: a teacher their classes, a student themself, a parent their children.
 */
const STAFF = ['school_admin', 'principal'] as const satisfies readonly Role[];
const EVERY_SCHOOL_ROLE = [...STAFF, 'teacher', 'student', 'parent'] as const satisfies readonly Role[];

export const SCHOOL_DAY_ACCESS: Record<string, Access> = {
  'GET /api/v1/timetable/periods': EVERY_SCHOOL_ROLE,
  'POST /api/v1/timetable/periods': STAFF,
  'PATCH /api/v1/timetable/periods/:id': STAFF,
  'DELETE /api/v1/timetable/periods/:id': STAFF,
  'POST /api/v1/timetable/slots': STAFF,
  'GET /api/v1/timetable/slots/:id': EVERY_SCHOOL_ROLE,
  'PATCH /api/v1/timetable/slots/:id': STAFF,
  'DELETE /api/v1/timetable/slots/:id': STAFF,
  'DELETE /api/v1/timetable/slots': STAFF,
  'POST /api/v1/timetable/classes/:id/assign-teacher': STAFF,
  'GET /api/v1/timetable/classes/:id': EVERY_SCHOOL_ROLE,
  'GET /api/v1/timetable/teachers/:id': [...STAFF, 'teacher'],
  'GET /api/v1/timetable/students/:id': EVERY_SCHOOL_ROLE,
  'GET /api/v1/timetable/rooms': [...STAFF, 'teacher'],
  'GET /api/v1/timetable/children': ['parent'],
  'GET /api/v1/timetable/options': EVERY_SCHOOL_ROLE,

  'POST /api/v1/attendance': [...STAFF, 'teacher'],
  'GET /api/v1/attendance/recent': EVERY_SCHOOL_ROLE,
  'GET /api/v1/attendance/classes/:id': [...STAFF, 'teacher'],
  'GET /api/v1/attendance/classes/:id/register': [...STAFF, 'teacher'],
  'GET /api/v1/attendance/students/:id': EVERY_SCHOOL_ROLE,
  'GET /api/v1/attendance/rates': [...STAFF, 'teacher'],
  'PUT /api/v1/attendance/settings': ['school_admin'],
  'GET /api/v1/attendance/settings': [...STAFF, 'teacher'],
  'GET /api/v1/attendance/options': EVERY_SCHOOL_ROLE,
  'GET /api/v1/attendance/trend': [...STAFF, 'teacher'],
  'GET /api/v1/attendance/below-threshold': [...STAFF, 'teacher'],
  'GET /api/v1/attendance/recent/export': EVERY_SCHOOL_ROLE,
  'GET /api/v1/attendance/classes/:id/register/export': [...STAFF, 'teacher'],
  'GET /api/v1/attendance/students/:id/export': EVERY_SCHOOL_ROLE,
  'GET /api/v1/attendance/rates/export': [...STAFF, 'teacher'],
  'GET /api/v1/attendance/below-threshold/export': [...STAFF, 'teacher'],
};
