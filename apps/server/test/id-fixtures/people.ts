import type { IdFixture, IdFixtureResult } from './types.ts';

/**
 * People and classes routes with ids. `createSchool` gives school A a class (its teacher leads it, its
 * student is in it, its parent is linked), so every fixture points at A's real rows.
 */
const student: IdFixture = async (_app, a) => ({ params: { id: a.users.student.id }, asRole: 'school_admin' });
const teacher: IdFixture = async (_app, a) => ({ params: { id: a.users.teacher.id }, asRole: 'school_admin' });
const parent: IdFixture = async (_app, a) => ({ params: { id: a.users.parent.id }, asRole: 'school_admin' });
const cls: IdFixture = async (_app, a) => ({ params: { id: a.classId }, asRole: 'school_admin' });
const subject: IdFixture = async (_app, a) => ({ params: { id: a.subjectId }, asRole: 'school_admin' });
const user: IdFixture = async (_app, a) => ({ params: { id: a.users.principal.id }, asRole: 'school_admin' });
const as =
  (role: Extract<IdFixtureResult, { asRole: string }>['asRole'], f: IdFixture): IdFixture =>
  async (app, a) => {
    const r = await f(app, a);
    return 'params' in r ? { ...r, asRole: role } : r;
  };

export const PEOPLE_ID_FIXTURES: Record<string, IdFixture> = {
  'GET /api/v1/students/:id': as('teacher', student),
  'PATCH /api/v1/students/:id': student,
  'POST /api/v1/students/:id/deactivate': student,
  'POST /api/v1/students/:id/reactivate': student,
  'POST /api/v1/students/:id/move': student,
  'GET /api/v1/students/:id/emergency-contacts': as('parent', student),
  'PUT /api/v1/students/:id/emergency-contacts': as('parent', student),
  'PUT /api/v1/students/:id/parents/:parentId': async (_app, a) => ({
    params: { id: a.users.student.id, parentId: a.users.parent.id },
    asRole: 'school_admin',
  }),
  'DELETE /api/v1/students/:id/parents/:parentId': async (_app, a) => ({
    params: { id: a.users.student.id, parentId: a.users.parent.id },
    asRole: 'principal',
  }),
  'GET /api/v1/teachers/:id': as('principal', teacher),
  'PATCH /api/v1/teachers/:id': teacher,
  'POST /api/v1/teachers/:id/deactivate': teacher,
  'POST /api/v1/teachers/:id/reactivate': teacher,
  'POST /api/v1/teachers/:id/promote': teacher,
  'GET /api/v1/parents/:id': as('teacher', parent),
  'PATCH /api/v1/parents/:id': parent,
  'POST /api/v1/parents/:id/deactivate': parent,
  'POST /api/v1/parents/:id/reactivate': parent,
  'PATCH /api/v1/subjects/:id': subject,
  'POST /api/v1/subjects/:id/deactivate': subject,
  'POST /api/v1/subjects/:id/reactivate': subject,
  'GET /api/v1/classes/:id': as('teacher', cls),
  'PATCH /api/v1/classes/:id': cls,
  'POST /api/v1/classes/:id/deactivate': cls,
  'POST /api/v1/classes/:id/reactivate': cls,
  'POST /api/v1/classes/:id/students': cls,
  'DELETE /api/v1/classes/:id/students/:studentId': async (_app, a) => ({
    params: { id: a.classId, studentId: a.users.student.id },
    asRole: 'school_admin',
  }),
  'POST /api/v1/classes/:id/teachers': cls,
  'DELETE /api/v1/classes/:id/teachers/:teacherId': async (_app, a) => ({
    params: { id: a.classId, teacherId: a.users.teacher.id },
    asRole: 'school_admin',
  }),
  'POST /api/v1/users/:id/deactivate': user,
  'POST /api/v1/users/:id/reactivate': user,
  'POST /api/v1/users/:id/resend-invitation': user,
  'POST /api/v1/users/:id/reset-password': as('principal', user),
};
