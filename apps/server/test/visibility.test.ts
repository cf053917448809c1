import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignTeacher, createClass, createParent, createStudent, createTeacher } from './factories/people.ts';
import { schoolWorld } from './fixtures/school-world.ts';
import { as, login, type SchoolFixture, type Session, type TestApp } from './helpers.ts';

/**
 * Who sees whom (issue 4 item 9), over every read endpoint, lists included. School A has two classes:
 * the demo class (its teacher leads it, student 1 and parent 1 in it) and a second class with another
 * teacher, student 2 and parent 2. Each viewer's visible set is checked on lists and on single rows.
 */
let t: TestApp;
let a: SchoolFixture;
let b: SchoolFixture;
const s = {} as Record<
  'admin' | 'principal' | 'teacher' | 'teacher2' | 'student' | 'parent' | 'company' | 'adminB',
  Session
>;
let other: { classId: string; teacherId: string; studentId: string; parentId: string };

beforeAll(async () => {
  const w = await schoolWorld({ a: { name: 'Visibility A' }, b: { name: 'Visibility B' } });
  ({ t, a, b } = w);
  s.admin = await w.a.signIn('school_admin');
  s.principal = await w.a.signIn('principal');
  s.teacher = await w.a.signIn('teacher');
  s.student = await w.a.signIn('student');
  s.parent = await w.a.signIn('parent');
  s.adminB = await w.b.signIn('school_admin');
  s.company = await w.staff('company_admin');
  const cls = await createClass(t.app, s.admin);
  const teacher2 = await createTeacher(t.app, s.admin, { sendInvitation: false });
  await assignTeacher(t.app, s.admin, cls.id, { teacherId: teacher2.teacher.id });
  const student2 = await createStudent(t.app, s.admin, { classId: cls.id });
  const parent2 = await createParent(t.app, s.admin, { children: [{ studentId: student2.student.id }] });
  s.teacher2 = await login(t.app, teacher2.teacher.email, 'teacher', teacher2.temporaryPassword as string);
  other = {
    classId: cls.id,
    teacherId: teacher2.teacher.id,
    studentId: student2.student.id,
    parentId: parent2.parent.id,
  };
});
afterAll(() => t.close());

const ids = async (session: Session, url: string): Promise<string[] | number> => {
  const res = await as(t.app, session)({ method: 'GET', url });
  if (res.statusCode !== 200) return res.statusCode;
  return (res.json().items as { id: string }[]).map((x) => x.id).sort();
};
const status = async (session: Session, url: string) => (await as(t.app, session)({ method: 'GET', url })).statusCode;
const sorted = (...x: string[]) => [...x].sort();

describe('students', () => {
  it('lists: staff and company readers all, a teacher their classes, a parent their children, a student themself', async () => {
    const all = sorted(a.users.student.id, other.studentId);
    expect(await ids(s.admin, '/api/v1/students')).toEqual(all);
    expect(await ids(s.principal, '/api/v1/students')).toEqual(all);
    expect(await ids(s.company, `/api/v1/students?schoolId=${a.id}`)).toEqual(all);
    expect(await ids(s.teacher, '/api/v1/students')).toEqual([a.users.student.id]);
    expect(await ids(s.teacher2, '/api/v1/students')).toEqual([other.studentId]);
    expect(await ids(s.parent, '/api/v1/students')).toEqual([a.users.student.id]);
    expect(await ids(s.student, '/api/v1/students')).toEqual([a.users.student.id]);
    expect(await ids(s.adminB, '/api/v1/students')).toEqual([b.users.student.id]);
    // A filter cannot widen the view.
    expect(await ids(s.teacher, `/api/v1/students?classId=${other.classId}`)).toEqual([]);
  });

  it('single rows answer 404 (not 403) where the list would not show them', async () => {
    expect(await status(s.teacher, `/api/v1/students/${a.users.student.id}`)).toBe(200);
    expect(await status(s.teacher, `/api/v1/students/${other.studentId}`)).toBe(404);
    expect(await status(s.parent, `/api/v1/students/${other.studentId}`)).toBe(404);
    expect(await status(s.student, `/api/v1/students/${other.studentId}`)).toBe(404);
    expect(await status(s.student, `/api/v1/students/${a.users.student.id}`)).toBe(200);
    expect(await status(s.parent, `/api/v1/students/${a.users.student.id}`)).toBe(200);
    expect(await status(s.adminB, `/api/v1/students/${a.users.student.id}`)).toBe(404);
  });

  it('exports follow the same rules', async () => {
    const res = await as(t.app, s.teacher)({ method: 'GET', url: '/api/v1/students/export' });
    expect(res.statusCode).toBe(200);
    expect(res.body.trim().split('\n')).toHaveLength(2);
    expect(await status(s.parent, '/api/v1/students/export')).toBe(403);
  });
});

describe('parents', () => {
  it('lists: staff all, a teacher the parents of their students, a parent themself; students none', async () => {
    const all = sorted(a.users.parent.id, other.parentId);
    expect(await ids(s.admin, '/api/v1/parents')).toEqual(all);
    expect(await ids(s.company, `/api/v1/parents?schoolId=${a.id}`)).toEqual(all);
    expect(await ids(s.teacher, '/api/v1/parents')).toEqual([a.users.parent.id]);
    expect(await ids(s.teacher2, '/api/v1/parents')).toEqual([other.parentId]);
    expect(await ids(s.parent, '/api/v1/parents')).toEqual([a.users.parent.id]);
    expect(await ids(s.student, '/api/v1/parents')).toBe(403);
    expect(await status(s.teacher, `/api/v1/parents/${other.parentId}`)).toBe(404);
    expect(await status(s.parent, `/api/v1/parents/${other.parentId}`)).toBe(404);
    expect(await status(s.teacher2, `/api/v1/parents/${other.parentId}`)).toBe(200);
  });
});

describe('teachers, classes and the users page', () => {
  it('teachers: staff all, a teacher themself; parents and students none', async () => {
    expect((await ids(s.admin, '/api/v1/teachers')) as string[]).toEqual(sorted(a.users.teacher.id, other.teacherId));
    expect(await ids(s.teacher, '/api/v1/teachers')).toEqual([a.users.teacher.id]);
    expect(await status(s.teacher, `/api/v1/teachers/${other.teacherId}`)).toBe(404);
    expect(await ids(s.parent, '/api/v1/teachers')).toBe(403);
    expect(await ids(s.student, '/api/v1/teachers')).toBe(403);
  });

  it('classes: staff all, a teacher the classes they teach or lead', async () => {
    expect(await ids(s.teacher, '/api/v1/classes')).toEqual([a.classId]);
    expect(await ids(s.teacher2, '/api/v1/classes')).toEqual([other.classId]);
    expect(await status(s.teacher2, `/api/v1/classes/${a.classId}`)).toBe(404);
    expect(((await ids(s.admin, '/api/v1/classes')) as string[]).length).toBe(2);
  });

  it('users page: staff and company readers only, every account of the school', async () => {
    const res = await as(t.app, s.principal)({ method: 'GET', url: '/api/v1/users?limit=100' });
    expect(res.json().total).toBe(8);
    for (const viewer of [s.teacher, s.parent, s.student]) expect(await status(viewer, '/api/v1/users')).toBe(403);
    expect(await status(s.company, `/api/v1/users?schoolId=${a.id}`)).toBe(200);
  });
});

describe('company readers (docs/product.md, "Who may do what")', () => {
  it('read every list and export of any school with ?schoolId=, and need it', async () => {
    for (const kind of ['students', 'teachers', 'parents', 'classes', 'users', 'subjects']) {
      expect({ kind, status: await status(s.company, `/api/v1/${kind}`) }).toEqual({ kind, status: 400 });
      const res = await as(t.app, s.company)({ method: 'GET', url: `/api/v1/${kind}?schoolId=${a.id}` });
      expect({ kind, status: res.statusCode }).toEqual({ kind, status: 200 });
      expect(res.json().items.length).toBeGreaterThan(0);
      if (kind !== 'subjects') {
        const csv = await as(t.app, s.company)({ method: 'GET', url: `/api/v1/${kind}/export?schoolId=${a.id}` });
        expect({ kind, status: csv.statusCode }).toEqual({ kind, status: 200 });
      }
    }
    expect(await status(s.company, `/api/v1/teachers/${a.users.teacher.id}?schoolId=${a.id}`)).toBe(200);
    expect(await status(s.company, `/api/v1/parents/${a.users.parent.id}?schoolId=${a.id}`)).toBe(200);
    expect(await status(s.company, `/api/v1/classes/${a.classId}?schoolId=${a.id}`)).toBe(200);
    expect(await status(s.company, `/api/v1/classes/${a.classId}?schoolId=${b.id}`)).toBe(404);
    // Reading is all they do here.
    const write = await as(
      t.app,
      s.company,
    )({ method: 'POST', url: '/api/v1/subjects', payload: { name: 'Nope', schoolId: a.id } });
    expect(write.statusCode).toBe(403);
  });
});
