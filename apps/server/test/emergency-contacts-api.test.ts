import { EMERGENCY_MESSAGES } from '@lyceum/shared/emergency-contacts';
import { PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClass, createStudent } from './factories/people.ts';
import { type Caller, type SchoolWorld, schoolWorld } from './fixtures/school-world.ts';
import { errorOf } from './helpers.ts';

/** Students' emergency contacts: kept by the office and the student's own parents, looked up by staff. */
let w: SchoolWorld;
let admin: Caller;
let parent: Caller;
/** A student of school a who is not the parent's child. */
let otherStudentId: string;

const mum = { name: 'Maria Lopez', relationship: 'Mother', phone: '+34 600 123 456' };
const gran = { name: 'Ana Ruiz', relationship: 'Grandparent', phone: '(020) 7946-0958' };
const url = (id: string) => `/api/v1/students/${id}/emergency-contacts`;

beforeAll(async () => {
  w = await schoolWorld();
  admin = await w.a.as('school_admin');
  parent = await w.a.as('parent');
  const made = await createStudent(w.t.app, await w.a.signIn('school_admin'), {
    classId: w.a.classId,
    name: 'Zed Other',
  });
  otherStudentId = made.student.id;
});
afterAll(() => w.t.close());

describe('emergency contacts', () => {
  it('are saved in order by the office, reordered and removed by a parent, and read by the class teacher', async () => {
    const studentId = w.a.users.student.id;
    const empty = await admin({ method: 'GET', url: url(studentId) });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().contacts).toEqual([]);

    const saved = await admin({ method: 'PUT', url: url(studentId), payload: { contacts: [mum, gran] } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().contacts).toMatchObject([
      { ...mum, position: 1 },
      { ...gran, position: 2 },
    ]);

    const reordered = await parent({ method: 'PUT', url: url(studentId), payload: { contacts: [gran, mum] } });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().contacts.map((c: { name: string }) => c.name)).toEqual([gran.name, mum.name]);

    const principal = await w.a.as('principal');
    const trimmed = await principal({ method: 'PUT', url: url(studentId), payload: { contacts: [mum] } });
    expect(trimmed.json().contacts).toHaveLength(1);

    const teacher = await w.a.as('teacher');
    const read = await teacher({ method: 'GET', url: url(studentId) });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ studentId, contacts: [{ ...mum, position: 1 }] });
  });

  it('are looked up by name: staff see the school, a teacher their classes, a parent their children', async () => {
    const all = await admin({ method: 'GET', url: '/api/v1/emergency-contacts' });
    expect(all.statusCode).toBe(200);
    const ids = all.json().items.map((s: { studentId: string }) => s.studentId);
    expect(ids).toEqual(expect.arrayContaining([w.a.users.student.id, otherStudentId]));

    const byName = await admin({ method: 'GET', url: '/api/v1/emergency-contacts?search=zed%20oth' });
    expect(byName.json().items).toEqual([
      expect.objectContaining({ studentId: otherStudentId, studentName: 'Zed Other', contacts: [] }),
    ]);
    expect(byName.json().items[0].className).toEqual(expect.any(String));

    // The class as every page names it, with its section ("Grade 5 A"), not the name alone.
    const staff = await w.a.signIn('school_admin');
    const sectioned = await createClass(w.t.app, staff, { name: 'Grade 9', section: 'C' });
    await createStudent(w.t.app, staff, { classId: sectioned.id, name: 'Yara Sectioned' });
    const inSection = await admin({ method: 'GET', url: '/api/v1/emergency-contacts?search=yara%20sec' });
    expect(inSection.json().items.map((s: { className: string }) => s.className)).toEqual(['Grade 9 C']);

    const mine = await parent({ method: 'GET', url: '/api/v1/emergency-contacts' });
    expect(mine.json().items.map((s: { studentId: string }) => s.studentId)).toEqual([w.a.users.student.id]);
    expect(mine.json().items[0].contacts).toMatchObject([mum]);

    const teacher = await w.a.as('teacher');
    const taught = await teacher({ method: 'GET', url: '/api/v1/emergency-contacts?search=zed' });
    expect(taught.json().items.map((s: { studentId: string }) => s.studentId)).toEqual([otherStudentId]);

    const none = await admin({ method: 'GET', url: '/api/v1/emergency-contacts?search=%25' });
    expect(none.json().items).toEqual([]);
  });

  it('refuse bad input with one message per field', async () => {
    const studentId = w.a.users.student.id;
    const put = (contacts: unknown) => admin({ method: 'PUT', url: url(studentId), payload: { contacts } });
    const cases: [Record<string, unknown>, string][] = [
      [{ ...mum, phone: '' }, EMERGENCY_MESSAGES.phoneRequired],
      [{ ...mum, phone: '12345' }, EMERGENCY_MESSAGES.phoneShape],
      [{ ...mum, phone: '1234567890123456' }, EMERGENCY_MESSAGES.phoneShape],
      [{ ...mum, phone: '600+123456' }, EMERGENCY_MESSAGES.phoneShape],
      [{ ...mum, phone: '600 123 456 ext' }, 'Phone number may only contain digits, spaces and + ( ) - .'],
      [{ ...mum, relationship: ' ' }, 'Relationship is required'],
      [{ ...mum, relationship: 'x'.repeat(41) }, 'Relationship is too long'],
      [{ ...mum, name: '' }, 'Name is required'],
      [{ ...mum, name: 'Bad\u202eName' }, 'Name cannot contain control or text-direction characters'],
    ];
    for (const [contact, message] of cases) {
      const res = await put([contact]);
      expect(res.statusCode, JSON.stringify(contact)).toBe(400);
      expect(res.body).toContain(message);
    }
    const tooMany = await put(Array.from({ length: 6 }, () => mum));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain(EMERGENCY_MESSAGES.tooMany);
    const notId = await admin({ method: 'GET', url: url('not-an-id') });
    expect(notId.statusCode).toBe(400);
    // Nothing changed through any of them.
    const after = await admin({ method: 'GET', url: url(studentId) });
    expect(after.json().contacts).toMatchObject([mum]);
  });

  it('are refused to other roles, to a parent of another child and across schools', async () => {
    const studentId = w.a.users.student.id;
    const teacher = await w.a.as('teacher');
    const student = await w.a.as('student');
    expect((await teacher({ method: 'PUT', url: url(studentId), payload: { contacts: [] } })).statusCode).toBe(403);
    expect((await student({ method: 'GET', url: url(studentId) })).statusCode).toBe(403);
    expect((await student({ method: 'GET', url: '/api/v1/emergency-contacts' })).statusCode).toBe(403);
    const company = await w.staff('company_admin');
    const asCompany = (opts: Parameters<Caller>[0]) => w.t.app.inject({ ...opts, headers: { cookie: company.cookie } });
    expect((await asCompany({ method: 'GET', url: url(studentId) })).statusCode).toBe(403);

    // A parent of another child: 404 as if the student did not exist, and nothing written.
    const notMine = await parent({ method: 'PUT', url: url(otherStudentId), payload: { contacts: [mum] } });
    expect(notMine.statusCode).toBe(404);
    expect(errorOf(notMine).message).toBe(PEOPLE_MESSAGES.studentNotFound);
    expect((await parent({ method: 'GET', url: url(otherStudentId) })).statusCode).toBe(404);
    // Even with a bad body: the student is looked for first.
    const notMineBadBody = await parent({ method: 'PUT', url: url(otherStudentId), payload: { contacts: 'x' } });
    expect(notMineBadBody.statusCode).toBe(404);
    expect((await admin({ method: 'GET', url: url(otherStudentId) })).json().contacts).toEqual([]);

    // Another school's office: the student is not found, and the lookup never lists school a.
    const otherAdmin = await w.b.as('school_admin');
    const cross = await otherAdmin({ method: 'PUT', url: url(studentId), payload: { contacts: [mum] } });
    expect(cross.statusCode).toBe(404);
    expect((await otherAdmin({ method: 'PUT', url: url(studentId), payload: {} })).statusCode).toBe(404);
    expect((await otherAdmin({ method: 'GET', url: url(studentId) })).statusCode).toBe(404);
    const lookup = await otherAdmin({ method: 'GET', url: '/api/v1/emergency-contacts' });
    expect(lookup.json().items.map((s: { studentId: string }) => s.studentId)).toEqual([w.b.users.student.id]);
    expect((await admin({ method: 'GET', url: url(studentId) })).json().contacts).toMatchObject([mum]);
  });
});
