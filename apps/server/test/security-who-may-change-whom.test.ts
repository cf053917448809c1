import { PEOPLE_ROUTE_TABLE } from '@lyceum/shared/access/people';
import type { Role } from '@lyceum/shared/roles';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParent, createStudent, createTeacher, uniqueEmail } from './factories/people.ts';
import { as, createSchool, createTestApp, login, type SchoolFixture, type Session, type TestApp } from './helpers.ts';

/**
 * Every write that touches a person, as every school role, on every kind of person: a principal may change
 * anyone but a school administrator (a promoted teacher included), whichever route is used. The role table
 * refuses the other roles first. A refused write changes nothing.
 */
type Target = 'school_admin' | 'principal' | 'teacher' | 'promoted teacher' | 'student' | 'parent';
type Actor = 'school_admin' | 'principal' | 'teacher';

interface PersonRoute {
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** The permission table's key; `:id` etc. are filled from the target. */
  pattern: string;
  payload?: Record<string, unknown>;
  /** What an allowed call answers (resend-invitation: the target has not set a password yet). */
  ok: number;
}

const USERS: PersonRoute[] = [
  { method: 'POST', pattern: '/api/v1/users/:id/deactivate', ok: 200 },
  { method: 'POST', pattern: '/api/v1/users/:id/reactivate', ok: 200 },
  { method: 'POST', pattern: '/api/v1/users/:id/reset-password', payload: { mode: 'email' }, ok: 200 },
  { method: 'POST', pattern: '/api/v1/users/:id/resend-invitation', ok: 204 },
];
const KIND: Record<'teachers' | 'students' | 'parents', PersonRoute[]> = {
  teachers: [
    { method: 'PATCH', pattern: '/api/v1/teachers/:id', payload: { name: 'Renamed' }, ok: 200 },
    { method: 'POST', pattern: '/api/v1/teachers/:id/deactivate', ok: 200 },
    { method: 'POST', pattern: '/api/v1/teachers/:id/reactivate', ok: 200 },
    { method: 'POST', pattern: '/api/v1/teachers/:id/promote', ok: 200 },
  ],
  students: [
    { method: 'PATCH', pattern: '/api/v1/students/:id', payload: { name: 'Renamed' }, ok: 200 },
    { method: 'POST', pattern: '/api/v1/students/:id/move', payload: { classId: ':classId' }, ok: 200 },
    { method: 'PUT', pattern: '/api/v1/students/:id/parents/:parentId', payload: { relationship: 'Aunt' }, ok: 200 },
    { method: 'DELETE', pattern: '/api/v1/students/:id/parents/:parentId', ok: 200 },
    { method: 'POST', pattern: '/api/v1/students/:id/deactivate', ok: 200 },
    { method: 'POST', pattern: '/api/v1/students/:id/reactivate', ok: 200 },
    // Withdrawing from the class deactivates the student; here `:id` is the class.
    { method: 'DELETE', pattern: '/api/v1/classes/:id/students/:studentId', ok: 200 },
  ],
  parents: [
    { method: 'PATCH', pattern: '/api/v1/parents/:id', payload: { name: 'Renamed' }, ok: 200 },
    { method: 'POST', pattern: '/api/v1/parents/:id/deactivate', ok: 200 },
    { method: 'POST', pattern: '/api/v1/parents/:id/reactivate', ok: 200 },
  ],
};
const ROUTES: Record<Target, PersonRoute[]> = {
  school_admin: USERS,
  principal: USERS,
  teacher: [...KIND.teachers, ...USERS],
  'promoted teacher': [...KIND.teachers, ...USERS],
  student: [...KIND.students, ...USERS],
  parent: [...KIND.parents, ...USERS],
};

/** The rule under test, written out as a table. */
const MAY_CHANGE: Record<Actor, Record<Target, boolean>> = {
  school_admin: {
    school_admin: true,
    principal: true,
    teacher: true,
    'promoted teacher': true,
    student: true,
    parent: true,
  },
  principal: {
    school_admin: false,
    principal: true,
    teacher: true,
    'promoted teacher': false,
    student: true,
    parent: true,
  },
  teacher: {
    school_admin: false,
    principal: false,
    teacher: false,
    'promoted teacher': false,
    student: false,
    parent: false,
  },
};

const roleTableAllows = (role: Role, route: PersonRoute) => {
  const access = PEOPLE_ROUTE_TABLE[`${route.method} ${route.pattern}`];
  if (!access) throw new Error(`${route.method} ${route.pattern} is not in the permission table`);
  return access === 'public' || (access as readonly string[]).includes(role);
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A school of its own per actor (plan without limits), with one person of every target kind. */
async function world(actor: Actor) {
  const school: SchoolFixture = await createSchool(t.app, { planName: 'Enterprise' });
  const admin = await login(t.app, school.users.school_admin.email, 'school_admin');
  const session: Session = actor === 'school_admin' ? admin : await login(t.app, school.users[actor].email, actor);
  const newUser = async (role: 'school_admin' | 'principal') => {
    const res = await as(
      t.app,
      admin,
    )({
      method: 'POST',
      url: '/api/v1/users',
      payload: { name: `Other ${role}`, email: uniqueEmail(role), role, sendInvitation: true },
    });
    expect(res.statusCode).toBe(201);
    return res.json().user.id as string;
  };
  const promoted = (await createTeacher(t.app, admin)).teacher.id;
  const promote = await as(t.app, admin)({ method: 'POST', url: `/api/v1/teachers/${promoted}/promote` });
  expect(promote.statusCode).toBe(200);
  const student = (await createStudent(t.app, admin, { classId: school.classId })).student.id;
  const targets: Record<Target, string> = {
    school_admin: await newUser('school_admin'),
    principal: await newUser('principal'),
    teacher: (await createTeacher(t.app, admin)).teacher.id,
    'promoted teacher': promoted,
    student,
    parent: (await createParent(t.app, admin)).parent.id,
  };
  // The student's parent link to change, and a class to move the student into (their own: a no-op move).
  const link = await as(
    t.app,
    admin,
  )({
    method: 'PUT',
    url: `/api/v1/students/${student}/parents/${targets.parent}`,
    payload: { relationship: 'Mother' },
  });
  expect(link.statusCode).toBe(200);
  return { school, session, targets };
}

/** What a refused write must leave alone: the person, their account, the mail queue and the audit log. */
async function footprint(schoolId: string, id: string) {
  const { rows } = await t.app.deps.db.execute(sql`
    select u.name, u.role, u.is_active, u.updated_at, a.password_hash, a.updated_at as account_updated,
      (select count(*) from mail_outbox)::int as mails,
      (select count(*) from audit_log where school_id = ${schoolId})::int as audits,
      (select count(*) from student_parents where school_id = ${schoolId})::int as links
    from users u join accounts a on a.id = u.account_id where u.school_id = ${schoolId} and u.id = ${id}`);
  return rows[0];
}

describe('who may change whom: role × target role × route', () => {
  for (const actor of ['school_admin', 'principal', 'teacher'] as const) {
    it(`${actor} changes exactly the people the rule allows, through every route`, async () => {
      const { school, session, targets } = await world(actor);
      const seen: string[] = [];
      for (const target of Object.keys(ROUTES) as Target[]) {
        for (const route of ROUTES[target]) {
          const fill = (s: string) =>
            (s.startsWith('/api/v1/classes/') ? s.replace(':id', school.classId) : s)
              .replace(':studentId', targets[target])
              .replace(':id', targets[target])
              .replace(':parentId', targets.parent)
              .replace(':classId', school.classId);
          const payload = route.payload
            ? Object.fromEntries(Object.entries(route.payload).map(([k, v]) => [k, fill(String(v))]))
            : undefined;
          const allowed = roleTableAllows(actor, route) && MAY_CHANGE[actor][target];
          const before = await footprint(school.id, targets[target]);
          const res = await as(
            t.app,
            session,
          )({
            method: route.method,
            url: fill(route.pattern),
            ...(payload ? { payload } : {}),
          });
          const label = `${actor} → ${target}: ${route.method} ${route.pattern}`;
          seen.push(`${label} ${res.statusCode}`);
          if (allowed) expect(res.statusCode, `${label} ${res.body}`).toBe(route.ok);
          else {
            expect(res.statusCode, `${label} ${res.body}`).toBe(403);
            expect(await footprint(school.id, targets[target]), label).toEqual(before);
          }
        }
      }
      expect(seen.length).toBeGreaterThan(30);
    });
  }
});
