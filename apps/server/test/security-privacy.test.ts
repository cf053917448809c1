import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParent, createStudent } from './factories/people.ts';
import { type SchoolWorld, schoolWorld } from './fixtures/school-world.ts';
import { as, type Session } from './helpers.ts';

/**
 * What a teacher still sees of a child who left their class (docs/security.md, "Children who left a class"): a
 * withdrawn, graduated or deactivated student keeps the class as their last, but is on no roster, so the class's
 * teachers lose the child's profile, their parents' contact details and their emergency contacts, as they lose
 * them when the child moves to another class. The attendance their class recorded stays theirs to read.
 */
// With the answers cache on too: a teacher's cached yes to the child's profile must not outlive the withdrawal.
describe.each([
  ['answers cache off', 0],
  ['answers cache on', 60_000],
])('%s', (_, answerCacheMs) => {
  let w: SchoolWorld;
  const s = {} as Record<'admin' | 'principal' | 'teacher' | 'parent' | 'student' | 'adminB' | 'teacherB', Session>;
  let leaver: { id: string; parentId: string; parentEmail: string };

  const get = (session: Session, url: string) => as(w.t.app, session)({ method: 'GET', url });
  const ids = async (session: Session, url: string) => {
    const res = await get(session, url);
    expect(res.statusCode).toBe(200);
    return (res.json().items as { id: string }[]).map((x) => x.id);
  };

  beforeAll(async () => {
    w = await schoolWorld({ a: { name: 'Privacy A' }, b: { name: 'Privacy B' }, config: { answerCacheMs } });
    for (const role of ['school_admin', 'principal', 'teacher', 'parent', 'student'] as const) {
      s[role === 'school_admin' ? 'admin' : role] = await w.a.signIn(role);
    }
    s.adminB = await w.b.signIn('school_admin');
    s.teacherB = await w.b.signIn('teacher');
    const made = await createStudent(w.t.app, s.admin, { classId: w.a.classId });
    const parent = await createParent(w.t.app, s.admin, { children: [{ studentId: made.student.id }] });
    leaver = { id: made.student.id, parentId: parent.parent.id, parentEmail: parent.parent.email };
    const saved = await as(
      w.t.app,
      s.admin,
    )({
      method: 'PUT',
      url: `/api/v1/students/${leaver.id}/emergency-contacts`,
      payload: { contacts: [{ name: 'Grace Holt', relationship: 'Aunt', phone: '+44 20 7946 0958' }] },
    });
    expect(saved.statusCode).toBe(200);
    // Attendance the class recorded while the child was on its roster.
    const marked = await as(
      w.t.app,
      s.teacher,
    )({
      method: 'POST',
      url: '/api/v1/attendance',
      payload: {
        classId: w.a.classId,
        records: [
          { studentId: w.a.users.student.id, isPresent: true },
          { studentId: leaver.id, isPresent: false, note: 'Sick' },
        ],
      },
    });
    expect(marked.statusCode).toBe(200);
  });
  afterAll(() => w.t.close());

  /** Every read of the teacher's that names the child or their family. */
  async function teacherSees() {
    const students = await ids(s.teacher, '/api/v1/students?status=all');
    const parents = await ids(s.teacher, '/api/v1/parents?status=all');
    const roster = (await get(s.teacher, `/api/v1/classes/${w.a.classId}`)).json().students as { studentId: string }[];
    const exported = (await get(s.teacher, '/api/v1/parents/export')).body;
    return {
      profile: (await get(s.teacher, `/api/v1/students/${leaver.id}`)).statusCode,
      contacts: (await get(s.teacher, `/api/v1/students/${leaver.id}/emergency-contacts`)).statusCode,
      parent: (await get(s.teacher, `/api/v1/parents/${leaver.parentId}`)).statusCode,
      inStudents: students.includes(leaver.id),
      inParents: parents.includes(leaver.parentId),
      inRoster: roster.some((r) => r.studentId === leaver.id),
      inParentsExport: exported.includes(leaver.parentEmail),
      history: (await get(s.teacher, `/api/v1/attendance/students/${leaver.id}`)).statusCode,
    };
  }

  describe('a child who left the class', () => {
    it('is seen whole by the class teacher while on the roster', async () => {
      expect(await teacherSees()).toMatchObject({
        profile: 200,
        contacts: 200,
        parent: 200,
        inStudents: true,
        inParents: true,
        inRoster: true,
        inParentsExport: true,
        history: 200,
      });
    });

    it('after a withdrawal: the teacher keeps the attendance, not the child, the family or their phones', async () => {
      const res = await as(
        w.t.app,
        s.admin,
      )({
        method: 'DELETE',
        url: `/api/v1/classes/${w.a.classId}/students/${leaver.id}`,
      });
      expect(res.statusCode).toBe(200);
      expect(await teacherSees()).toEqual({
        profile: 404,
        contacts: 404,
        parent: 404,
        inStudents: false,
        inParents: false,
        inRoster: false,
        inParentsExport: false,
        history: 200,
      });
      const history = (await get(s.teacher, `/api/v1/attendance/students/${leaver.id}`)).json();
      expect(history.items).toHaveLength(1);
    });

    it('stays whole for the office, and the child stays on the class page for them', async () => {
      for (const staff of [s.admin, s.principal]) {
        expect((await get(staff, `/api/v1/students/${leaver.id}`)).statusCode).toBe(200);
        expect((await get(staff, `/api/v1/parents/${leaver.parentId}`)).statusCode).toBe(200);
        expect((await get(staff, `/api/v1/students/${leaver.id}/emergency-contacts`)).statusCode).toBe(200);
        const roster = (await get(staff, `/api/v1/classes/${w.a.classId}`)).json().students as {
          studentId: string;
          isActive: boolean;
        }[];
        expect(roster.find((r) => r.studentId === leaver.id)).toMatchObject({ isActive: false });
      }
    });

    it('other roles and other schools see no more than before', async () => {
      expect((await get(s.parent, `/api/v1/students/${leaver.id}`)).statusCode).toBe(404);
      expect((await get(s.student, `/api/v1/students/${leaver.id}`)).statusCode).toBe(404);
      expect((await get(s.parent, `/api/v1/parents/${leaver.parentId}`)).statusCode).toBe(404);
      expect((await get(s.adminB, `/api/v1/students/${leaver.id}?schoolId=${w.a.id}`)).statusCode).toBe(404);
      expect((await get(s.adminB, `/api/v1/parents/${leaver.parentId}`)).statusCode).toBe(404);
      expect((await get(s.teacherB, `/api/v1/students/${leaver.id}/emergency-contacts`)).statusCode).toBe(404);
    });

    it('comes back into the teacher’s view when the office reactivates the child', async () => {
      const res = await as(w.t.app, s.admin)({ method: 'POST', url: `/api/v1/students/${leaver.id}/reactivate` });
      expect(res.statusCode).toBe(200);
      expect(await teacherSees()).toMatchObject({ profile: 200, contacts: 200, parent: 200, inRoster: true });
    });

    it('a deactivated child is out of the teacher’s view as a withdrawn one is', async () => {
      const res = await as(w.t.app, s.admin)({ method: 'POST', url: `/api/v1/students/${leaver.id}/deactivate` });
      expect(res.statusCode).toBe(200);
      expect(await teacherSees()).toMatchObject({ profile: 404, contacts: 404, parent: 404, inRoster: false });
    });
  });
});
