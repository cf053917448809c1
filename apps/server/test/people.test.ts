import { currentAcademicYear } from '@lyceum/shared/academics';
import { MESSAGES, PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import { translateTo } from '@lyceum/shared/i18n/catalogues';
import { StudentProfileResponse, StudentResponse } from '@lyceum/shared/people';
import { API_ACCESS } from '@lyceum/shared/permissions';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, mailOutbox, plans, schools, users } from '../src/db/schema/index.ts';
import { withSystem, withTenant } from '../src/db/tenancy.ts';
import { newId } from '../src/lib/ids.ts';
import {
  createClass,
  createParent,
  createStudent,
  createSubject,
  createTeacher,
  uniqueEmail,
} from './factories/people.ts';
import { schoolWorld } from './fixtures/school-world.ts';
import { as, createSchool, errorOf, login, type SchoolFixture, type Session, type TestApp } from './helpers.ts';

let t: TestApp;
let a: SchoolFixture;
let b: SchoolFixture;
let adminA: Session;
let principalA: Session;
let teacherA: Session;
let parentA: Session;
let studentA: Session;
let adminB: Session;
let company: Session;
let companyUser: Session;

beforeAll(async () => {
  const w = await schoolWorld({ a: { name: 'People A' }, b: { name: 'People B' } });
  ({ t, a, b } = w);
  adminA = await w.a.signIn('school_admin');
  principalA = await w.a.signIn('principal');
  teacherA = await w.a.signIn('teacher');
  parentA = await w.a.signIn('parent');
  studentA = await w.a.signIn('student');
  adminB = await w.b.signIn('school_admin');
  company = await w.staff('company_admin');
  companyUser = await w.staff('company_user');
});
afterAll(() => t.close());

const count = async (table: string, where = 'true') =>
  Number(
    (await t.app.deps.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table} where ${where}`)))
      .rows[0]?.n,
  );

/** The last invitation link mailed to `email`, as its token. */
async function invitationToken(email: string): Promise<string> {
  const [mail] = await withSystem(t.app.deps.db, (tx) =>
    tx.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt)).limit(1),
  );
  const token = /token=([^\s&]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return decodeURIComponent(token);
}

describe('creating a student (docs/product.md, "Creating people")', () => {
  it('creates the account and profile together and returns an 18-character temporary password once', async () => {
    const email = uniqueEmail('stella');
    const res = await as(
      t.app,
      adminA,
    )({
      method: 'POST',
      url: '/api/v1/students',
      payload: { name: 'Stella New', email, classId: a.classId, schoolId: a.id },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.temporaryPassword).toMatch(/^.{18}$/);
    expect(body.invitationSent).toBe(false);
    expect(body.student).toMatchObject({
      name: 'Stella New',
      email,
      classId: a.classId,
      rollNumber: 2,
      academicYear: currentAcademicYear(),
      isActive: true,
      parents: [],
      schoolId: a.id,
    });
    expect(currentAcademicYear()).toBe(`${new Date().getUTCFullYear()}-${new Date().getUTCFullYear() + 1}`);
    const session = await login(t.app, email, 'student', body.temporaryPassword);
    expect(session.body.user).toMatchObject({ role: 'student', schoolId: a.id });
    const [user] = await withSystem(t.app.deps.db, (tx) =>
      tx
        .select()
        .from(users)
        .where(and(eq(users.schoolId, a.id), eq(users.id, body.student.id))),
    );
    expect(user?.classId).toBe(a.classId);
    expect(await count('audit_log', `action = 'student.created' and entity_id = '${body.student.id}'`)).toBe(1);
    expect(JSON.stringify(await withSystem(t.app.deps.db, (tx) => tx.select().from(auditLog)))).not.toContain(
      body.temporaryPassword,
    );
  });

  it('with sendInvitation mails a one-time set-password link and returns no password', async () => {
    const email = uniqueEmail('invited');
    const res = await as(
      t.app,
      adminA,
    )({
      method: 'POST',
      url: '/api/v1/students',
      payload: { name: 'Ivy Invited', email, classId: a.classId, sendInvitation: true },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ temporaryPassword: null, invitationSent: true });
    const token = await invitationToken(email);
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token, password: 'a-fresh-password-42' },
    });
    expect(set.statusCode).toBe(204);
    await login(t.app, email, 'student', 'a-fresh-password-42');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token, password: 'another-password-42' },
    });
    expect(errorOf(again).code).toBe('auth/invalid-action-code');
  });

  it('answers the missing-fields message for each missing required field', async () => {
    const base = { name: 'X', email: uniqueEmail(), classId: a.classId };
    for (const payload of [
      {},
      { ...base, name: '' },
      { ...base, email: undefined },
      { ...base, classId: undefined },
      { ...base, schoolId: '' },
    ]) {
      const res = await as(t.app, adminA)({ method: 'POST', url: '/api/v1/students', payload });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toBe('Missing required fields: email, name, schoolId, and classId are required');
    }
    const bad = await as(
      t.app,
      adminA,
    )({ method: 'POST', url: '/api/v1/students', payload: { ...base, email: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields?.email).toBe('Enter a valid email address');
  });

  it('refuses another school’s schoolId and an unknown class with 404, writing nothing', async () => {
    const before = await count('users');
    const other = await as(
      t.app,
      adminA,
    )({
      method: 'POST',
      url: '/api/v1/students',
      payload: { name: 'X', email: uniqueEmail(), classId: a.classId, schoolId: b.id },
    });
    expect(other.statusCode).toBe(404);
    const noClass = await as(
      t.app,
      adminA,
    )({
      method: 'POST',
      url: '/api/v1/students',
      payload: { name: 'X', email: uniqueEmail(), classId: b.classId },
    });
    expect(noClass.statusCode).toBe(404);
    expect(errorOf(noClass).message).toBe('Class not found');
    expect(await count('users')).toBe(before);
  });

  it('answers 409 with the e-mail-taken message for an e-mail taken in this school, another school or by company staff — the same answer each time', async () => {
    const bodies = new Set<string>();
    for (const email of [a.users.teacher.email, b.users.parent.email, company.body.user.email]) {
      const res = await as(
        t.app,
        adminA,
      )({
        method: 'POST',
        url: '/api/v1/students',
        payload: { name: 'Dup', email: email.toUpperCase(), classId: a.classId },
      });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).message).toBe(MESSAGES.emailInUse);
      expect(errorOf(res).message).toBe('A user with this email already exists...');
      bodies.add(res.body);
    }
    expect(bodies.size).toBe(1);
  });

  it('keeps roll numbers unique within a class', async () => {
    const res = await as(
      t.app,
      adminA,
    )({
      method: 'POST',
      url: '/api/v1/students',
      payload: { name: 'Roll', email: uniqueEmail(), classId: a.classId, rollNumber: 1 },
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(PEOPLE_MESSAGES.rollNumberTaken(1));
    const other = await createClass(t.app, adminA);
    const ok = await createStudent(t.app, adminA, { classId: other.id, rollNumber: 1 });
    expect(ok.student.rollNumber).toBe(1);
  });

  it('creates and links new parents with the student, matching an existing parent of the school by e-mail', async () => {
    const mum = uniqueEmail('mum');
    const res = await as(
      t.app,
      adminA,
    )({
      method: 'POST',
      url: '/api/v1/students',
      payload: {
        name: 'Kid One',
        email: uniqueEmail('kid'),
        classId: a.classId,
        newParents: [
          { name: 'Mum', email: mum, relationship: 'Mother' },
          { name: 'Known', email: a.users.parent.email, relationship: 'Father' },
        ],
      },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.student.parents.map((p: { relationship: string }) => p.relationship).sort()).toEqual([
      'Father',
      'Mother',
    ]);
    expect(body.parents[0]).toMatchObject({ email: mum, invitationSent: false });
    expect(body.parents[0].temporaryPassword).toHaveLength(18);
    expect(body.parents[1]).toMatchObject({ id: a.users.parent.id, temporaryPassword: null, invitationSent: false });
  });

  it('refuses a new parent with the student’s or another new parent’s e-mail with 400, naming that parent’s e-mail field', async () => {
    const kid = uniqueEmail('kid');
    const dad = uniqueEmail('dad');
    const before = await count('accounts');
    const res = await as(
      t.app,
      adminA,
    )({
      method: 'POST',
      url: '/api/v1/students',
      payload: {
        name: 'Kid Twice',
        email: kid,
        classId: a.classId,
        newParents: [
          { name: 'Mum', email: kid.toUpperCase(), relationship: 'Mother' },
          { name: 'Dad', email: dad, relationship: 'Father' },
          { name: 'Dad again', email: dad, relationship: 'Guardian' },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      message: PEOPLE_MESSAGES.ownEmailEach,
      fields: { 'newParents.0.email': PEOPLE_MESSAGES.ownEmail, 'newParents.2.email': PEOPLE_MESSAGES.ownEmail },
    });
    expect(Object.keys(errorOf(res).fields ?? {}).sort()).toEqual(['newParents.0.email', 'newParents.2.email']);
    expect(await count('accounts')).toBe(before);
  });

  it('answers 409 for a new parent’s taken e-mail under that parent’s e-mail field, not the student’s, and writes nothing', async () => {
    const before = await count('accounts');
    for (const taken of [a.users.teacher.email, b.users.parent.email, company.body.user.email]) {
      const res = await as(
        t.app,
        adminA,
      )({
        method: 'POST',
        url: '/api/v1/students',
        payload: {
          name: 'Kid Three',
          email: uniqueEmail('kid'),
          classId: a.classId,
          newParents: [
            { name: 'Ma Three', email: uniqueEmail('ma'), relationship: 'Mother' },
            { name: 'Pa Three', email: taken, relationship: 'Father' },
          ],
        },
      });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res)).toMatchObject({
        code: 'auth/email-already-in-use',
        message: MESSAGES.emailInUse,
        fields: { 'newParents.1.email': MESSAGES.emailInUse },
      });
      expect(Object.keys(errorOf(res).fields ?? {})).toEqual(['newParents.1.email']);
    }
    expect(await count('accounts')).toBe(before);
  });

  it('is for staff only: teacher, parent, student and company staff get 403', async () => {
    for (const s of [teacherA, parentA, studentA, company]) {
      const res = await as(
        t.app,
        s,
      )({ method: 'POST', url: '/api/v1/students', payload: { name: 'X', email: uniqueEmail(), classId: a.classId } });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('student lifecycle', () => {
  it('updates, moves, links parents, deactivates (signing out) and reactivates', async () => {
    const other = await createClass(t.app, adminA);
    const made = await createStudent(t.app, adminA, { classId: a.classId, sendInvitation: false });
    const id = made.student.id;
    const session = await login(t.app, made.student.email, 'student', made.temporaryPassword as string);
    const api = as(t.app, adminA);

    const patched = await api({
      method: 'PATCH',
      url: `/api/v1/students/${id}`,
      payload: { name: 'Renamed', phone: '+1 555 0199', academicYear: '2030–2031' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Renamed', phone: '+1 555 0199', academicYear: '2030-2031' });
    const badYear = await api({
      method: 'PATCH',
      url: `/api/v1/students/${id}`,
      payload: { academicYear: '2030-2040' },
    });
    expect(badYear.statusCode).toBe(400);

    const moved = await api({ method: 'POST', url: `/api/v1/students/${id}/move`, payload: { classId: other.id } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ classId: other.id, className: other.name, rollNumber: 1 });
    const noClass = await api({ method: 'POST', url: `/api/v1/students/${id}/move`, payload: { classId: newId() } });
    expect(errorOf(noClass).message).toBe('Class not found');
    const badMove = await api({ method: 'POST', url: `/api/v1/students/${id}/move`, payload: {} });
    expect(badMove.statusCode).toBe(400);

    const linked = await api({
      method: 'PUT',
      url: `/api/v1/students/${id}/parents/${a.users.parent.id}`,
      payload: { relationship: 'Aunt' },
    });
    expect(linked.json().parents).toEqual([{ id: a.users.parent.id, name: expect.any(String), relationship: 'Aunt' }]);
    const noParent = await api({
      method: 'PUT',
      url: `/api/v1/students/${id}/parents/${newId()}`,
      payload: { relationship: 'Aunt' },
    });
    expect(errorOf(noParent).message).toBe('Parent not found');
    const unlinked = await api({ method: 'DELETE', url: `/api/v1/students/${id}/parents/${a.users.parent.id}` });
    expect(unlinked.json().parents).toEqual([]);
    const notLinked = await api({ method: 'DELETE', url: `/api/v1/students/${id}/parents/${a.users.parent.id}` });
    expect(errorOf(notLinked).message).toBe('Parent not found');
    const rollClash = await api({
      method: 'POST',
      url: `/api/v1/students/${id}/move`,
      payload: { classId: a.classId, rollNumber: 1 },
    });
    expect(rollClash.statusCode).toBe(409);
    expect(errorOf(rollClash).message).toBe('Roll number 1 is already taken in this class');

    const off = await api({ method: 'POST', url: `/api/v1/students/${id}/deactivate` });
    expect(off.json().isActive).toBe(false);
    expect((await as(t.app, session)({ method: 'GET', url: '/api/v1/auth/me' })).statusCode).toBe(401);
    const relogin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: made.student.email, password: made.temporaryPassword, role: 'student' },
    });
    expect(errorOf(relogin).code).toBe('auth/user-disabled');
    const on = await api({ method: 'POST', url: `/api/v1/students/${id}/reactivate` });
    expect(on.json().isActive).toBe(true);
    expect(await count('audit_log', `entity_id = '${id}'`)).toBeGreaterThanOrEqual(6);
  });

  it('lists with search, class and status filters, keyset pages and a total', async () => {
    const cls = await createClass(t.app, adminA);
    const names = ['Zed Alpha', 'Amy Beta', 'Bob Gamma', 'Cid Delta', 'Dee Epsilon'];
    const ids: string[] = [];
    for (const name of names) ids.push((await createStudent(t.app, adminA, { classId: cls.id, name })).student.id);
    await as(t.app, adminA)({ method: 'POST', url: `/api/v1/students/${ids[4]}/deactivate` });
    const api = as(t.app, adminA);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await api({
        method: 'GET',
        url: `/api/v1/students?classId=${cls.id}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      });
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(page.total).toBe(4);
      seen.push(...page.items.map((s: { name: string }) => s.name));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['Amy Beta', 'Bob Gamma', 'Cid Delta', 'Zed Alpha']);
    // Exactly the contract's fields, nothing more.
    const first = (await api({ method: 'GET', url: `/api/v1/students?classId=${cls.id}&limit=1` })).json().items[0];
    expect(Object.keys(first).sort()).toEqual(Object.keys(StudentResponse.shape).sort());
    const inactive = await api({ method: 'GET', url: `/api/v1/students?classId=${cls.id}&status=inactive` });
    expect(inactive.json().items.map((s: { name: string }) => s.name)).toEqual(['Dee Epsilon']);
    const search = await api({ method: 'GET', url: `/api/v1/students?search=gAmMa&status=all` });
    expect(search.json().items.map((s: { name: string }) => s.name)).toEqual(['Bob Gamma']);
    const literal = await api({ method: 'GET', url: `/api/v1/students?search=${encodeURIComponent('%')}` });
    expect(literal.json().items).toEqual([]);
    const byRoll = await api({ method: 'GET', url: `/api/v1/students?classId=${cls.id}&sort=rollNumber` });
    expect(byRoll.json().items.map((s: { rollNumber: number }) => s.rollNumber)).toEqual([1, 2, 3, 4]);
    expect((await api({ method: 'GET', url: '/api/v1/students?sort=age' })).statusCode).toBe(400);
    expect((await api({ method: 'GET', url: '/api/v1/students?cursor=garbage' })).statusCode).toBe(400);
  });

  it("finds a name whatever its accents, not only through the person's e-mail", async () => {
    const cls = await createClass(t.app, adminA);
    const emile = await createStudent(t.app, adminA, {
      classId: cls.id,
      name: 'Émile Zoé Œuvray',
      email: uniqueEmail('e.oeuvray'),
    });
    const api = as(t.app, adminA);
    for (const search of ['emile', 'ZOE', 'Émile zoé', 'mile'])
      expect(
        (await api({ method: 'GET', url: `/api/v1/students?classId=${cls.id}&search=${encodeURIComponent(search)}` }))
          .json()
          .items.map((s: { id: string }) => s.id),
        search,
      ).toEqual([emile.student.id]);
    const none = await api({ method: 'GET', url: `/api/v1/students?classId=${cls.id}&search=emilie` });
    expect(none.json().items).toEqual([]);
    // Letters whose mark does not come apart (a stroke) are found as the plain letter too.
    const lukasz = await createStudent(t.app, adminA, {
      classId: cls.id,
      name: 'Łukasz Øvergård',
      email: uniqueEmail('l.overgard'),
    });
    for (const search of ['lukasz', 'LUKASZ OVER', 'Łukasz', 'øverg'])
      expect(
        (await api({ method: 'GET', url: `/api/v1/students?classId=${cls.id}&search=${encodeURIComponent(search)}` }))
          .json()
          .items.map((s: { id: string }) => s.id),
        search,
      ).toEqual([lukasz.student.id]);
  });

  it('refuses a search of more than 100 characters in every list with its own translated message, not zod’s', async () => {
    // docs/product.md, "Searching by name": at most 100 characters.
    const api = as(t.app, adminA);
    const long = 'a'.repeat(101);
    const message = 'A search can be at most 100 characters';
    for (const list of ['students', 'teachers', 'parents', 'users', 'classes', 'emergency-contacts']) {
      const res = await api({ method: 'GET', url: `/api/v1/${list}?search=${long}` });
      expect(res.statusCode, list).toBe(400);
      expect(errorOf(res), list).toEqual({
        code: 'validation',
        message: `Invalid data: ${message}`,
        fields: { search: message },
      });
      const limit = await api({ method: 'GET', url: `/api/v1/${list}?search=${'a'.repeat(100)}` });
      expect(limit.statusCode, list).toBe(200);
    }
    for (const language of ['es', 'ar'] as const) {
      const res = await api({
        method: 'GET',
        url: `/api/v1/students?search=${long}`,
        headers: { 'accept-language': language },
      });
      expect(res.statusCode).toBe(400);
      const translated = translateTo(message, language);
      expect(translated).not.toBe(message);
      expect(errorOf(res).fields).toEqual({ search: translated });
      expect(errorOf(res).message).toContain(translated);
      expect(errorOf(res).message).not.toMatch(/string|Too big|Demasiado grande/);
    }
  });

  it('refuses an unknown status or role filter with our own translated words, not zod’s option list', async () => {
    const api = as(t.app, adminA);
    const lists = ['students', 'teachers', 'parents', 'users', 'classes', 'subjects'];
    for (const list of lists) {
      const res = await api({ method: 'GET', url: `/api/v1/${list}?status=everyone` });
      expect(res.statusCode, list).toBe(400);
      expect(errorOf(res).fields, list).toEqual({ status: 'Unknown status' });
    }
    const role = await api({ method: 'GET', url: '/api/v1/users?role=janitor' });
    expect(errorOf(role).fields).toEqual({ role: 'Choose a role' });
    const es = await api({ method: 'GET', url: '/api/v1/users?role=janitor', headers: { 'accept-language': 'es' } });
    expect(errorOf(es).fields?.role).toBe(translateTo('Choose a role', 'es'));
    expect(errorOf(es).message).not.toMatch(/Invalid option|expected one of/);
  });

  it('refuses a repeated search or an unknown sort with our own translated words, not zod’s', async () => {
    const api = as(t.app, adminA);
    for (const list of ['students', 'teachers', 'parents', 'users', 'classes', 'emergency-contacts']) {
      const res = await api({ method: 'GET', url: `/api/v1/${list}?search=a&search=b` });
      expect({ list, status: res.statusCode, error: errorOf(res) }).toEqual({
        list,
        status: 400,
        error: {
          code: 'validation',
          message: 'Invalid data: Give this parameter once',
          fields: { search: 'Give this parameter once' },
        },
      });
    }
    const sort = await api({ method: 'GET', url: '/api/v1/students?sort=age' });
    expect(sort.statusCode).toBe(400);
    expect(errorOf(sort)).toEqual({
      code: 'validation',
      message: 'Invalid data: Unknown value',
      fields: { sort: 'Unknown value' },
    });
    // A repeated parameter is said as such, whatever check it then fails (a sort of two values is no option).
    const twice = await api({ method: 'GET', url: '/api/v1/students?sort=name&sort=rollNumber' });
    expect(errorOf(twice).fields).toEqual({ sort: 'Give this parameter once' });
    // A parameter whose schema has its own words keeps them, repeated or not.
    const status = await api({ method: 'GET', url: '/api/v1/students?status=active&status=all' });
    expect(errorOf(status).fields).toEqual({ status: 'Unknown status' });
    for (const language of ['es', 'ar'] as const) {
      const headers = { 'accept-language': language };
      const unknown = errorOf(await api({ method: 'GET', url: '/api/v1/students?sort=age', headers }));
      const repeated = errorOf(await api({ method: 'GET', url: '/api/v1/students?search=a&search=b', headers }));
      expect(translateTo('Unknown value', language)).not.toBe('Unknown value');
      expect(translateTo('Give this parameter once', language)).not.toBe('Give this parameter once');
      expect(unknown.fields).toEqual({ sort: translateTo('Unknown value', language) });
      expect(repeated.fields).toEqual({ search: translateTo('Give this parameter once', language) });
      expect(repeated.message).toBe(translateTo('Invalid data: Give this parameter once', language));
    }
  });

  it('pages a whole school by name and by roll number, with the same total on every page', async () => {
    const school = await createSchool(t.app, { name: 'People paging' });
    const admin = await login(t.app, school.users.school_admin.email, 'school_admin');
    const principal = await login(t.app, school.users.principal.email, 'principal');
    const [one, two] = [await createClass(t.app, admin), await createClass(t.app, admin)];
    const made = [
      { classId: one.id, name: 'carl Able', rollNumber: 3 },
      { classId: two.id, name: 'Anna Baker', rollNumber: 1 },
      { classId: one.id, name: 'bea Cole', rollNumber: 1 },
      { classId: two.id, name: 'Dora Dunn', rollNumber: 2 },
    ];
    const ids: string[] = [];
    for (const m of made) ids.push((await createStudent(t.app, admin, m)).student.id);
    await as(t.app, admin)({ method: 'POST', url: `/api/v1/students/${ids[3]}/deactivate` });
    type Item = { id: string; name: string; email: string; rollNumber: number; isActive: boolean };
    const walk = async (session: Session, query: string) => {
      const items: Item[] = [];
      const totals = new Set<number>();
      let cursor: string | null = null;
      do {
        const res = await as(
          t.app,
          session,
        )({
          method: 'GET',
          url: `/api/v1/students?${query}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        });
        expect(res.statusCode).toBe(200);
        items.push(...res.json().items);
        totals.add(res.json().total);
        cursor = res.json().nextCursor;
      } while (cursor);
      return { items, totals: [...totals] };
    };
    // The fixture's own student is one of the school's students too.
    const fixture = (
      await as(t.app, admin)({ method: 'GET', url: `/api/v1/students/${school.users.student.id}` })
    ).json() as Item;
    const byName = await walk(admin, 'sort=name');
    expect(byName.items.map((s) => s.name.toLowerCase())).toEqual(
      ['anna baker', 'bea cole', 'carl able', fixture.name.toLowerCase()].sort(),
    );
    expect(byName.totals).toEqual([4]);
    const byRoll = await walk(principal, 'sort=rollNumber&status=all');
    const rollThenId = (x: Item, y: Item) => x.rollNumber - y.rollNumber || (x.id < y.id ? -1 : 1);
    expect(byRoll.items.map((s) => s.id)).toEqual([...byRoll.items].sort(rollThenId).map((s) => s.id));
    expect(byRoll.items.map((s) => s.rollNumber)).toEqual([1, 1, 1, 2, 3]);
    expect(byRoll.totals).toEqual([5]);
    const searched = await walk(principal, 'sort=rollNumber&search=a');
    const matchesA = (s: Item) => s.isActive && `${s.name} ${s.email}`.toLowerCase().includes('a');
    expect(searched.items.map((s) => s.id)).toEqual(byRoll.items.filter(matchesA).map((s) => s.id));
    expect(searched.items.map((s) => s.name)).toEqual(expect.arrayContaining(['Anna Baker', 'bea Cole', 'carl Able']));
    expect(searched.totals).toEqual([searched.items.length]);
    const inactive = await walk(admin, 'status=inactive&sort=createdAt');
    expect(inactive.items.map((s) => s.name)).toEqual(['Dora Dunn']);
    expect(inactive.totals).toEqual([1]);
  });

  it('reads a page after a cursor from the cursor on in the name index, not from the school’s first name (docs/product.md, "Performance budgets")', async () => {
    const school = await createSchool(t.app, { name: 'People keyset' });
    const admin = await login(t.app, school.users.school_admin.email, 'school_admin');
    const classId = (await createClass(t.app, admin)).id;
    for (const name of ['Ada Byron', 'Ben Okri', 'Cleo Laine', 'Dev Patel'])
      await createStudent(t.app, admin, { classId, name });
    const api = as(t.app, admin);
    const first = await api({ method: 'GET', url: '/api/v1/students?sort=name&limit=2' });
    expect(first.statusCode, first.body).toBe(200);
    // The statement the list sends for the next page, as the query builder hands it over to be rendered.
    const rendered = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    let sent: SQL[];
    try {
      const next = await api({
        method: 'GET',
        url: `/api/v1/students?sort=name&limit=2&cursor=${encodeURIComponent(first.json().nextCursor)}`,
      });
      expect(next.statusCode, next.body).toBe(200);
      sent = rendered.mock.calls.map(([statement]) => statement);
    } finally {
      rendered.mockRestore();
    }
    const dialect = new PgDialect();
    const pages = sent.filter((statement) => /\bsort_value\b.*\blimit\b/s.test(dialect.sqlToQuery(statement).sql));
    expect(pages).toHaveLength(1);
    type PlanNode = { 'Index Name'?: string; 'Index Cond'?: string; Filter?: string; Plans?: PlanNode[] };
    // As the list runs it (the application role, under row-level security), with the index as the only way in.
    const plan = await withTenant(
      t.app.deps.db,
      { scope: 'school', schoolId: school.id, userId: school.users.school_admin.id },
      async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        const r = await tx.execute<{ 'QUERY PLAN': unknown }>(sql`explain (format json) ${pages[0]}`);
        const json = r.rows[0]?.['QUERY PLAN'];
        return (typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: PlanNode }];
      },
    );
    const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];
    const scans = nodes(plan[0].Plan).filter((n) => n['Index Name'] === 'users_school_role_name_key_idx');
    // The cursor's comparison bounds the scan (Index Cond), so the page reads its own rows only; as a Filter it
    // would be applied to every row of the school before the cursor.
    const bounded = scans.filter((n) => /ROW\(.*\) > ROW\(/.test(n['Index Cond'] ?? ''));
    expect(bounded, JSON.stringify(scans)).toHaveLength(1);
    expect(bounded[0]?.Filter ?? '').not.toMatch(/ROW\(/);
  });

  it('a cursor of another sort is a bad cursor, and a roll number above 100,000 says so in words', async () => {
    const api = as(t.app, adminA);
    const pages: Record<string, string> = {};
    for (const sort of ['name', 'rollNumber', 'createdAt']) {
      const res = await api({ method: 'GET', url: `/api/v1/students?limit=1&sort=${sort}&status=all` });
      pages[sort] = res.json().nextCursor;
      expect(pages[sort]).toEqual(expect.any(String));
    }
    for (const [from, to] of [
      ['name', 'createdAt'],
      ['name', 'rollNumber'],
      ['createdAt', 'rollNumber'],
      ['rollNumber', 'createdAt'],
    ] as const) {
      const res = await api({ method: 'GET', url: `/api/v1/students?limit=1&sort=${to}&cursor=${pages[from]}` });
      expect({ from, to, status: res.statusCode, error: errorOf(res) }).toEqual({
        from,
        to,
        status: 400,
        error: {
          code: 'validation',
          message: 'Invalid data: the cursor is not valid',
          fields: { cursor: 'Invalid cursor' },
        },
      });
    }
    // Each sort still follows its own cursor.
    for (const sort of ['name', 'rollNumber', 'createdAt']) {
      const res = await api({
        method: 'GET',
        url: `/api/v1/students?limit=1&sort=${sort}&status=all&cursor=${pages[sort]}`,
      });
      expect({ sort, status: res.statusCode }).toEqual({ sort, status: 200 });
    }
    const cls = await createClass(t.app, adminA);
    const made = await createStudent(t.app, adminA, { classId: cls.id });
    for (const [url, method, payload] of [
      [`/api/v1/students/${made.student.id}`, 'PATCH', { rollNumber: 100_001 }],
      [`/api/v1/students/${made.student.id}/move`, 'POST', { classId: a.classId, rollNumber: 100_001 }],
      [`/api/v1/classes/${a.classId}/students`, 'POST', { studentId: made.student.id, rollNumber: 100_001 }],
    ] as const) {
      const res = await api({ method, url, payload });
      expect({ url, status: res.statusCode, error: errorOf(res) }).toMatchObject({
        url,
        status: 400,
        error: {
          message: 'Invalid data: Roll number must be at most 100,000',
          fields: { rollNumber: 'Roll number must be at most 100,000' },
        },
      });
    }
    const half = await api({
      method: 'PATCH',
      url: `/api/v1/students/${made.student.id}`,
      payload: { rollNumber: 1.5 },
    });
    expect(errorOf(half).fields?.rollNumber).toBe('Roll number must be a whole number');
    const top = await api({
      method: 'PATCH',
      url: `/api/v1/students/${made.student.id}`,
      payload: { rollNumber: 100_000 },
    });
    expect(top.json().rollNumber).toBe(100_000);
  });

  it('shows the profile with class teacher and empty summaries for later issues', async () => {
    const res = await as(t.app, adminA)({ method: 'GET', url: `/api/v1/students/${a.users.student.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: a.users.student.id,
      classId: a.classId,
      rollNumber: 1,
      classTeacherId: a.users.teacher.id,
      classTeacherName: expect.any(String),
      parents: [{ id: a.users.parent.id, name: expect.any(String), relationship: 'Guardian' }],
      attendanceSummary: null,
      recentMarks: [],
      feeSummary: null,
      upcomingExams: [],
    });
  });

  it('sends the profile as PostgreSQL shaped it: exactly its contract, and the same fields as the list row', async () => {
    // The answer skips the response serializer (lib/response-check.ts, sendJsonText), so its shape is checked here.
    await login(t.app, a.users.student.email, 'student');
    const admin = as(t.app, adminA);
    const fresh = (await createStudent(t.app, adminA, { classId: a.classId })).student.id;
    const list = (await admin({ method: 'GET', url: '/api/v1/students?limit=100' })).json();
    for (const id of [a.users.student.id, fresh]) {
      const res = await admin({ method: 'GET', url: `/api/v1/students/${id}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const profile = StudentProfileResponse.strict().parse(res.json());
      const row = list.items.find((s: { id: string }) => s.id === id);
      expect(row).toBeDefined();
      expect(profile).toEqual({
        ...row,
        classTeacherId: a.users.teacher.id,
        classTeacherName: expect.any(String),
        attendanceSummary: null,
        recentMarks: [],
        feeSummary: null,
        upcomingExams: [],
      });
    }
    const signedIn = (await admin({ method: 'GET', url: `/api/v1/students/${a.users.student.id}` })).json();
    expect(signedIn.lastLoginAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it("answers 404 for another school's student, to its admin and to company staff naming the wrong school", async () => {
    const res = await as(t.app, adminB)({ method: 'GET', url: `/api/v1/students/${a.users.student.id}` });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(a.id);
    const wrongSchool = await as(t.app, adminA)({ method: 'GET', url: `/api/v1/students?schoolId=${b.id}` });
    expect(wrongSchool.statusCode).toBe(404);
    const companyWrong = await as(
      t.app,
      company,
    )({ method: 'GET', url: `/api/v1/students/${a.users.student.id}?schoolId=${b.id}` });
    expect(companyWrong.statusCode).toBe(404);
    const patch = await as(
      t.app,
      adminB,
    )({ method: 'PATCH', url: `/api/v1/students/${a.users.student.id}`, payload: { name: 'Hacked' } });
    expect(patch.statusCode).toBe(404);
  });

  it('company admins read any school with ?schoolId=; company users may not', async () => {
    const missing = await as(t.app, company)({ method: 'GET', url: '/api/v1/students' });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).message).toBe('Valid school ID is required for students');
    const res = await as(t.app, company)({ method: 'GET', url: `/api/v1/students?schoolId=${b.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((s: { id: string }) => s.id)).toEqual([b.users.student.id]);
    const one = await as(
      t.app,
      company,
    )({ method: 'GET', url: `/api/v1/students/${a.users.student.id}?schoolId=${a.id}` });
    expect(one.statusCode).toBe(200);
    const unknown = await as(t.app, company)({ method: 'GET', url: `/api/v1/students?schoolId=${newId()}` });
    expect(unknown.statusCode).toBe(404);
    // A blank or malformed id names no school: answered as a missing one, on every read that needs it.
    for (const [path, what] of [
      ['/api/v1/students', 'students'],
      [`/api/v1/students/${a.users.student.id}`, 'students'],
      ['/api/v1/teachers', 'teachers'],
      ['/api/v1/parents', 'parents'],
      ['/api/v1/users', 'users'],
      ['/api/v1/classes', 'classes'],
      [`/api/v1/classes/${a.classId}`, 'classes'],
      ['/api/v1/classes/options', 'classes'],
      ['/api/v1/subjects', 'subjects'],
    ]) {
      for (const schoolId of ['', '%20', 'abc', `${a.id}x`]) {
        const res = await as(t.app, company)({ method: 'GET', url: `${path}?schoolId=${schoolId}` });
        const message = `Valid school ID is required for ${what}`;
        expect({ path, schoolId, status: res.statusCode, error: errorOf(res) }).toEqual({
          path,
          schoolId,
          status: 400,
          error: { code: 'validation', message, fields: { schoolId: message } },
        });
      }
    }
    const spanish = await as(
      t.app,
      company,
    )({ method: 'GET', url: '/api/v1/students?schoolId=abc', headers: { 'accept-language': 'es' } });
    expect(errorOf(spanish).message).toBe('Se necesita un identificador de escuela válido para alumnos');
    // Every read's name is in the reader's language, not only the people lists'.
    for (const [path, what] of [
      ['/api/v1/classes', 'clases'],
      ['/api/v1/users', 'usuarios'],
      ['/api/v1/subjects', 'asignaturas'],
    ]) {
      const res = await as(t.app, company)({ method: 'GET', url: path, headers: { 'accept-language': 'es' } });
      expect({ path, message: errorOf(res).message }).toEqual({
        path,
        message: `Se necesita un identificador de escuela válido para ${what}`,
      });
    }
    // A school user may leave it out; a malformed one is still an invalid id, another school's a 404.
    const mine = await as(t.app, adminA)({ method: 'GET', url: '/api/v1/students?schoolId=abc' });
    expect({ status: mine.statusCode, error: errorOf(mine) }).toEqual({
      status: 400,
      error: { code: 'validation', message: 'Invalid data: Invalid id', fields: { schoolId: 'Invalid id' } },
    });
    expect((await as(t.app, adminA)({ method: 'GET', url: `/api/v1/students?schoolId=${b.id}` })).statusCode).toBe(404);
    expect((await as(t.app, companyUser)({ method: 'GET', url: `/api/v1/students?schoolId=${a.id}` })).statusCode).toBe(
      403,
    );
  });
});

describe('teachers', () => {
  it('creates a teacher with subjects and classes; the class and the teacher agree', async () => {
    const subject = await createSubject(t.app, adminA);
    const cls = await createClass(t.app, adminA, { subjectIds: [subject.id] });
    const made = await createTeacher(t.app, adminA, {
      qualification: 'MSc Physics',
      experience: 7,
      subjectIds: [subject.id],
      assignedClasses: [{ classId: cls.id, subjectIds: [subject.id], isClassTeacher: true }],
    });
    expect(made.teacher).toMatchObject({
      qualification: 'MSc Physics',
      experience: 7,
      subjects: [{ id: subject.id, name: subject.name }],
      classes: [cls.id],
      assignedClasses: [
        {
          classId: cls.id,
          className: cls.name,
          section: 'A',
          subjects: [{ id: subject.id, name: subject.name }],
          isClassTeacher: true,
        },
      ],
      isAdmin: false,
    });
    const bySubject = await as(t.app, adminA)({ method: 'GET', url: `/api/v1/teachers?subjectId=${subject.id}` });
    expect(bySubject.json().items.map((x: { id: string }) => x.id)).toEqual([made.teacher.id]);
    const byClass = await as(t.app, adminA)({ method: 'GET', url: `/api/v1/teachers?classId=${cls.id}` });
    expect(byClass.json().items.map((x: { id: string }) => x.id)).toEqual([made.teacher.id]);
    const classRes = await as(t.app, adminA)({ method: 'GET', url: `/api/v1/classes/${cls.id}` });
    expect(classRes.json()).toMatchObject({
      classTeacherId: made.teacher.id,
      classTeacherName: made.teacher.name,
      assignedTeachers: [
        {
          teacherId: made.teacher.id,
          teacherName: made.teacher.name,
          subjects: [{ id: subject.id }],
          isClassTeacher: true,
        },
      ],
    });
  });

  it('refuses a class listed twice with 400, so the class keeps its class teacher and nobody is created', async () => {
    const subject = await createSubject(t.app, adminA);
    const cls = await createClass(t.app, adminA, { subjectIds: [subject.id] });
    const lead = await createTeacher(t.app, adminA, {
      assignedClasses: [{ classId: cls.id, isClassTeacher: true }],
    });
    const email = uniqueEmail('twice');
    const res = await as(
      t.app,
      adminA,
    )({
      method: 'POST',
      url: '/api/v1/teachers',
      payload: {
        name: 'Twice Listed',
        email,
        assignedClasses: [
          { classId: cls.id, isClassTeacher: true },
          { classId: cls.id, subjectIds: [subject.id] },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      message: `Invalid data: ${PEOPLE_MESSAGES.classListedTwice}`,
      fields: { 'assignedClasses.1.classId': PEOPLE_MESSAGES.classListedTwice },
    });
    expect(await count('accounts', `email = '${email}'`)).toBe(0);
    const after = await as(t.app, adminA)({ method: 'GET', url: `/api/v1/classes/${cls.id}` });
    expect(after.json()).toMatchObject({ classTeacherId: lead.teacher.id, classTeacherName: lead.teacher.name });
  });

  it('refuses an experience that is negative, not whole or above 80 with its own message, as docs/product.md says', async () => {
    const cases: [unknown, string][] = [
      [-2, 'Experience cannot be negative'],
      [2.5, 'Experience must be a whole number of years'],
      ['3', 'Experience must be a whole number of years'],
      [81, 'Experience must be at most 80 years'],
    ];
    for (const [experience, message] of cases) {
      const email = uniqueEmail('exp');
      const res = await as(
        t.app,
        adminA,
      )({ method: 'POST', url: '/api/v1/teachers', payload: { name: 'Exp Teacher', email, experience } });
      expect(res.statusCode, String(experience)).toBe(400);
      expect(errorOf(res)).toMatchObject({ message: `Invalid data: ${message}`, fields: { experience: message } });
      expect(await count('accounts', `email = '${email}'`)).toBe(0);
    }
  });

  it('needs a non-empty schoolId and the required fields', async () => {
    for (const schoolId of ['', '   ', 42]) {
      const res = await as(
        t.app,
        adminA,
      )({ method: 'POST', url: '/api/v1/teachers', payload: { name: 'T', email: uniqueEmail(), schoolId } });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toBe('schoolId must be a non-empty string');
    }
    const missing = await as(
      t.app,
      adminA,
    )({ method: 'POST', url: '/api/v1/teachers', payload: { email: uniqueEmail() } });
    expect(errorOf(missing).message).toBe(PEOPLE_MESSAGES.missingTeacherFields);
    const ok = await as(
      t.app,
      adminA,
    )({ method: 'POST', url: '/api/v1/teachers', payload: { name: 'T', email: uniqueEmail(), schoolId: a.id } });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().temporaryPassword).toHaveLength(18);
    const taken = await as(
      t.app,
      adminA,
    )({ method: 'POST', url: '/api/v1/teachers', payload: { name: 'T', email: b.users.teacher.email } });
    expect(errorOf(taken).message).toBe('A user with this email already exists...');
  });

  it('updates and deactivates; 404 Teacher not found for unknown ids and other schools', async () => {
    const made = await createTeacher(t.app, adminA);
    const api = as(t.app, adminA);
    const res = await api({
      method: 'PATCH',
      url: `/api/v1/teachers/${made.teacher.id}`,
      payload: { qualification: 'PhD', experience: 12 },
    });
    expect(res.json()).toMatchObject({ qualification: 'PhD', experience: 12 });
    expect(
      (await api({ method: 'PATCH', url: `/api/v1/teachers/${made.teacher.id}`, payload: { experience: -1 } }))
        .statusCode,
    ).toBe(400);
    expect((await api({ method: 'POST', url: `/api/v1/teachers/${made.teacher.id}/deactivate` })).json().isActive).toBe(
      false,
    );
    const unknown = await api({ method: 'GET', url: `/api/v1/teachers/${newId()}` });
    expect(errorOf(unknown).message).toBe('Teacher not found');
    const cross = await as(t.app, adminB)({ method: 'GET', url: `/api/v1/teachers/${a.users.teacher.id}` });
    expect(cross.statusCode).toBe(404);
  });

  it('a teacher sees only themself in the teacher list and their own classes in My Classes', async () => {
    const list = await as(t.app, teacherA)({ method: 'GET', url: '/api/v1/teachers' });
    expect(list.json().items.map((x: { id: string }) => x.id)).toEqual([a.users.teacher.id]);
    const mine = await as(t.app, teacherA)({ method: 'GET', url: '/api/v1/my-classes' });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().items).toEqual([
      expect.objectContaining({
        id: a.classId,
        isClassTeacher: true,
        mySubjects: [{ id: a.subjectId, name: 'Mathematics' }],
        studentCount: expect.any(Number),
      }),
    ]);
    const other = await createTeacher(t.app, adminA);
    expect((await as(t.app, teacherA)({ method: 'GET', url: `/api/v1/teachers/${other.teacher.id}` })).statusCode).toBe(
      404,
    );
  });
});

describe('promoting a teacher to school administrator (docs/product.md, "Promoting a teacher")', () => {
  it('makes them school_admin of their own school only, audited, and never lets them reach a company route', async () => {
    const made = await createTeacher(t.app, adminA, { sendInvitation: false });
    const before = await login(t.app, made.teacher.email, 'teacher', made.temporaryPassword as string);
    expect(
      (await as(t.app, principalA)({ method: 'POST', url: `/api/v1/teachers/${made.teacher.id}/promote` })).statusCode,
    ).toBe(403);
    const res = await as(t.app, adminA)({ method: 'POST', url: `/api/v1/teachers/${made.teacher.id}/promote` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: made.teacher.id, isAdmin: true });
    const [school] = await withSystem(t.app.deps.db, (tx) => tx.select().from(schools).where(eq(schools.id, a.id)));
    expect(school?.adminIds).toContain(made.teacher.id);
    expect(await count('audit_log', `action = 'teacher.promoted' and entity_id = '${made.teacher.id}'`)).toBe(1);
    // The role comes from the profile, so the existing session is promoted at once.
    const me = await as(t.app, before)({ method: 'GET', url: '/api/v1/auth/me' });
    expect(me.json().user.role).toBe('school_admin');
    const promoted = await login(t.app, made.teacher.email, 'school_admin', made.temporaryPassword as string);
    const companyRoutes = Object.entries(API_ACCESS).filter(
      ([, access]) =>
        access !== 'public' &&
        !access.includes('school_admin') &&
        access.some((r) => r === 'company_admin' || r === 'admin'),
    );
    expect(companyRoutes.length).toBeGreaterThan(0);
    for (const [key] of companyRoutes) {
      const [method, url] = key.split(' ') as [string, string];
      const r = await as(t.app, promoted)({ method: method as 'GET', url: url.replace(/:[a-zA-Z]+/g, newId()) });
      expect({ key, status: r.statusCode }).toEqual({ key, status: 403 });
    }
    const inactive = await createTeacher(t.app, adminA);
    await as(t.app, adminA)({ method: 'POST', url: `/api/v1/teachers/${inactive.teacher.id}/deactivate` });
    const refused = await as(t.app, adminA)({ method: 'POST', url: `/api/v1/teachers/${inactive.teacher.id}/promote` });
    expect(refused.statusCode).toBe(422);
    // Their classes stay theirs: they still see them as an administrator.
    expect((await as(t.app, promoted)({ method: 'GET', url: '/api/v1/my-classes' })).statusCode).toBe(200);
  });

  it('a promoted teacher cannot deactivate their own account through the teachers page either', async () => {
    const made = await createTeacher(t.app, adminA, { sendInvitation: false });
    await as(t.app, adminA)({ method: 'POST', url: `/api/v1/teachers/${made.teacher.id}/promote` });
    const self = await login(t.app, made.teacher.email, 'school_admin', made.temporaryPassword as string);
    for (const url of [
      `/api/v1/teachers/${made.teacher.id}/deactivate`,
      `/api/v1/users/${made.teacher.id}/deactivate`,
    ]) {
      const res = await as(t.app, self)({ method: 'POST', url });
      expect(res.statusCode).toBe(422);
      expect(errorOf(res)).toMatchObject({ code: 'rule', message: PEOPLE_MESSAGES.notYourself });
    }
    const me = await as(t.app, self)({ method: 'GET', url: '/api/v1/auth/me' });
    expect(me.json().user).toMatchObject({ id: made.teacher.id, role: 'school_admin' });
    // Another administrator still may.
    const byOther = await as(t.app, adminA)({ method: 'POST', url: `/api/v1/teachers/${made.teacher.id}/deactivate` });
    expect(byOther.json().isActive).toBe(false);
  });
});

describe('parents', () => {
  it('creates a parent with children, status active; GET /children shows each child with class and empty later-issue data', async () => {
    const cls = await createClass(t.app, adminA);
    const kid1 = await createStudent(t.app, adminA, { classId: cls.id, name: 'Anna Kid' });
    const kid2 = await createStudent(t.app, adminA, { classId: a.classId, name: 'Ben Kid' });
    const made = await createParent(t.app, adminA, {
      relationship: 'Mother',
      sendInvitation: false,
      children: [{ studentId: kid1.student.id }, { studentId: kid2.student.id, relationship: 'Stepmother' }],
    });
    expect(made.parent).toMatchObject({ status: 'active', isActive: true, relationship: 'Mother' });
    expect(made.parent.children.map((c) => [c.name, c.relationship, c.className])).toEqual([
      ['Anna Kid', 'Mother', cls.name],
      ['Ben Kid', 'Stepmother', 'Class 1'],
    ]);
    const byClass = await as(t.app, adminA)({ method: 'GET', url: `/api/v1/parents?classId=${cls.id}` });
    expect(byClass.json().items.map((x: { id: string }) => x.id)).toEqual([made.parent.id]);
    const session = await login(t.app, made.parent.email, 'parent', made.temporaryPassword as string);
    const children = await as(t.app, session)({ method: 'GET', url: '/api/v1/children' });
    expect(children.statusCode).toBe(200);
    expect(children.json().items).toEqual([
      expect.objectContaining({
        id: kid1.student.id,
        classId: cls.id,
        className: cls.name,
        todayAttendance: null,
        recentMarks: [],
        pendingFees: [],
        upcomingExams: [],
      }),
      expect.objectContaining({ id: kid2.student.id, classId: a.classId, classTeacherName: expect.any(String) }),
    ]);
    const off = await as(t.app, adminA)({ method: 'POST', url: `/api/v1/parents/${made.parent.id}/deactivate` });
    expect(off.json()).toMatchObject({ status: 'inactive', isActive: false });
    expect((await as(t.app, session)({ method: 'GET', url: '/api/v1/children' })).statusCode).toBe(401);
  });

  it("refuses a child, or a student's parent, listed twice with 400 on the repeat, translated; nothing is written", async () => {
    const kid = await createStudent(t.app, adminA, { classId: a.classId, name: 'Twice Kid' });
    const parentEmail = uniqueEmail('twice-parent');
    const parent = await as(
      t.app,
      adminA,
    )({
      method: 'POST',
      url: '/api/v1/parents',
      payload: {
        name: 'Twice Parent',
        email: parentEmail,
        children: [
          { studentId: kid.student.id, relationship: 'Mother' },
          { studentId: kid.student.id, relationship: 'Father' },
        ],
      },
    });
    expect({ status: parent.statusCode, error: errorOf(parent) }).toEqual({
      status: 400,
      error: {
        code: 'validation',
        message: `Invalid data: ${PEOPLE_MESSAGES.studentListedTwice}`,
        fields: { 'children.1.studentId': PEOPLE_MESSAGES.studentListedTwice },
      },
    });
    expect(await count('accounts', `email = '${parentEmail}'`)).toBe(0);

    const studentEmail = uniqueEmail('twice-student');
    const student = await as(
      t.app,
      adminA,
    )({
      method: 'POST',
      url: '/api/v1/students',
      headers: { 'accept-language': 'es' },
      payload: {
        name: 'Twice Student',
        email: studentEmail,
        classId: a.classId,
        parents: [
          { parentId: a.users.parent.id, relationship: 'Mother' },
          { parentId: a.users.parent.id, relationship: 'Guardian' },
        ],
      },
    });
    expect({ status: student.statusCode, error: errorOf(student) }).toEqual({
      status: 400,
      error: {
        code: 'validation',
        message: 'Datos no válidos: Este padre o madre aparece dos veces',
        fields: { 'parents.1.parentId': 'Este padre o madre aparece dos veces' },
      },
    });
    expect(await count('accounts', `email = '${studentEmail}'`)).toBe(0);
    // Each named once, both are written.
    const once = await createStudent(t.app, adminA, {
      classId: a.classId,
      parents: [{ parentId: a.users.parent.id, relationship: 'Mother' }],
    });
    expect(once.student.parents.map((p) => [p.id, p.relationship])).toEqual([[a.users.parent.id, 'Mother']]);
  });

  it('counts an id in capitals, and a new parent with a listed parent’s e-mail, as listed twice; a lone capital id works', async () => {
    const kid = await createStudent(t.app, adminA, { classId: a.classId, name: 'Caps Kid' });
    const parentEmail = uniqueEmail('caps-parent');
    const parent = await as(
      t.app,
      adminA,
    )({
      method: 'POST',
      url: '/api/v1/parents',
      payload: {
        name: 'Caps Parent',
        email: parentEmail,
        children: [
          { studentId: kid.student.id, relationship: 'Mother' },
          { studentId: kid.student.id.toUpperCase(), relationship: 'Guardian' },
        ],
      },
    });
    expect({ status: parent.statusCode, fields: errorOf(parent).fields }).toEqual({
      status: 400,
      fields: { 'children.1.studentId': PEOPLE_MESSAGES.studentListedTwice },
    });
    expect(await count('accounts', `email = '${parentEmail}'`)).toBe(0);

    const mum = { parentId: a.users.parent.id, relationship: 'Mother' };
    const student = (extra: object) =>
      as(
        t.app,
        adminA,
      )({
        method: 'POST',
        url: '/api/v1/students',
        payload: { name: 'Caps Student', email: uniqueEmail('caps-student'), classId: a.classId, ...extra },
      });
    const capitals = await student({
      parents: [mum, { parentId: a.users.parent.id.toUpperCase(), relationship: 'Guardian' }],
    });
    expect({ status: capitals.statusCode, fields: errorOf(capitals).fields }).toEqual({
      status: 400,
      fields: { 'parents.1.parentId': PEOPLE_MESSAGES.parentListedTwice },
    });
    const again = await student({
      parents: [mum],
      newParents: [{ name: 'Same Parent', email: a.users.parent.email.toUpperCase(), relationship: 'Guardian' }],
    });
    expect({ status: again.statusCode, error: errorOf(again) }).toEqual({
      status: 400,
      error: {
        code: 'validation',
        message: `Invalid data: ${PEOPLE_MESSAGES.parentListedTwice}`,
        fields: { 'newParents.0.email': PEOPLE_MESSAGES.parentListedTwice },
      },
    });
    expect(await count('accounts', `email like 'caps-student%'`)).toBe(0);

    // One id in capitals, and the school's own id in capitals, name the same rows as in lower case.
    const lone = await student({
      schoolId: a.id.toUpperCase(),
      parents: [{ parentId: a.users.parent.id.toUpperCase(), relationship: 'Guardian' }],
    });
    expect(lone.statusCode).toBe(201);
    expect(lone.json().student.parents.map((p: { id: string }) => p.id)).toEqual([a.users.parent.id]);
  });

  it('refuses a taken e-mail with the e-mail-taken 409, unknown children and unknown parents with 404', async () => {
    const taken = await as(
      t.app,
      adminA,
    )({ method: 'POST', url: '/api/v1/parents', payload: { name: 'P', email: a.users.student.email } });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).message).toBe('A user with this email already exists...');
    const noKid = await as(
      t.app,
      adminA,
    )({
      method: 'POST',
      url: '/api/v1/parents',
      payload: { name: 'P', email: uniqueEmail(), children: [{ studentId: b.users.student.id }] },
    });
    expect(noKid.statusCode).toBe(404);
    const unknown = await as(t.app, adminA)({ method: 'GET', url: `/api/v1/parents/${newId()}` });
    expect(errorOf(unknown).message).toBe('Parent not found');
    const patched = await as(
      t.app,
      adminA,
    )({ method: 'PATCH', url: `/api/v1/parents/${a.users.parent.id}`, payload: { phone: '+44 20 7946 0000' } });
    expect(patched.json().phone).toBe('+44 20 7946 0000');
    const mine = (await as(t.app, parentA)({ method: 'GET', url: '/api/v1/children' })).json().items;
    expect(mine.map((c: { id: string }) => c.id)).toContain(a.users.student.id);
    expect((await as(t.app, teacherA)({ method: 'GET', url: '/api/v1/children' })).statusCode).toBe(403);
  });
});

describe('plan limits (docs/product.md, "API conventions")', () => {
  let tiny: SchoolFixture;
  let tinyAdmin: Session;
  beforeAll(async () => {
    await withSystem(t.app.deps.db, (tx) =>
      tx.insert(plans).values({
        id: newId(),
        name: 'Tiny',
        priceMinor: 100,
        limits: {
          maxStudents: 2,
          maxTeachers: 1,
          maxParents: 1,
          maxAdmins: 1,
          maxPrincipals: 1,
          storageGB: 1,
          apiCallsPerMonth: 10,
          maxSchools: 1,
        },
      }),
    );
    tiny = await createSchool(t.app, { name: 'Tiny School', planName: 'Tiny' });
    tinyAdmin = await login(t.app, tiny.users.school_admin.email, 'school_admin');
  });

  it('refuses the student past the limit with 422 plan_limit naming the limit and plan, writing nothing', async () => {
    await createStudent(t.app, tinyAdmin, { classId: tiny.classId });
    const before = await count('accounts');
    const res = await as(
      t.app,
      tinyAdmin,
    )({
      method: 'POST',
      url: '/api/v1/students',
      payload: { name: 'Over', email: uniqueEmail(), classId: tiny.classId },
    });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toMatchObject({
      code: 'plan_limit',
      message: 'Student limit reached: the Tiny plan allows 2 students.',
    });
    expect(await count('accounts')).toBe(before);
  });

  it('counts teachers, parents, principals and admins, and reactivation and promotion too', async () => {
    const api = as(t.app, tinyAdmin);
    const teacher = await api({
      method: 'POST',
      url: '/api/v1/teachers',
      payload: { name: 'T2', email: uniqueEmail() },
    });
    expect(errorOf(teacher).message).toBe('Teacher limit reached: the Tiny plan allows 1 teacher.');
    const parent = await api({ method: 'POST', url: '/api/v1/parents', payload: { name: 'P2', email: uniqueEmail() } });
    expect(errorOf(parent).message).toBe('Parent limit reached: the Tiny plan allows 1 parent.');
    const principal = await api({
      method: 'POST',
      url: '/api/v1/users',
      payload: { name: 'P', email: uniqueEmail(), role: 'principal' },
    });
    expect(errorOf(principal)).toMatchObject({
      code: 'plan_limit',
      message: 'Principal limit reached: the Tiny plan allows 1 principal.',
    });
    // The noun for one is in every catalogue too.
    expect(translateTo(errorOf(principal).message, 'es')).toBe(
      'Límite alcanzado (Directores): el plan Tiny permite 1 director.',
    );
    expect(translateTo(errorOf(principal).message, 'ar')).toBe(
      'تم بلوغ الحد (نظّار المدرسة): تسمح الخطة \u2068Tiny\u2069 بـ 1 من نظّار المدرسة.',
    );
    const admin = await api({
      method: 'POST',
      url: '/api/v1/users',
      payload: { name: 'A', email: uniqueEmail(), role: 'school_admin' },
    });
    expect(errorOf(admin).message).toBe('School admin limit reached: the Tiny plan allows 1 school admin.');
    const promote = await api({ method: 'POST', url: `/api/v1/teachers/${tiny.users.teacher.id}/promote` });
    expect(promote.statusCode).toBe(422);
    // Deactivating frees a place; reactivating needs it back.
    await api({ method: 'POST', url: `/api/v1/teachers/${tiny.users.teacher.id}/deactivate` });
    const other = await api({
      method: 'POST',
      url: '/api/v1/teachers',
      payload: { name: 'T3', email: uniqueEmail(), sendInvitation: true },
    });
    expect(other.statusCode).toBe(201);
    const back = await api({ method: 'POST', url: `/api/v1/teachers/${tiny.users.teacher.id}/reactivate` });
    expect(errorOf(back).code).toBe('plan_limit');
  });
});

/** A new plan of these limits and a school `{name} School` on it (its admin, a class, a student and a parent). */
async function schoolOnPlan(name: string, limits: Record<string, number>): Promise<SchoolFixture> {
  await withSystem(t.app.deps.db, (tx) => tx.insert(plans).values({ id: newId(), name, priceMinor: 100, limits }));
  return createSchool(t.app, { name: `${name} School`, planName: name });
}

describe('plan limits at the edge: a "new parent" who is already a parent here is not a new person', () => {
  it('a school at its parent limit adds a student whose new parent is an existing parent (linked, not counted); a really new one is refused', async () => {
    // One student and one parent: at the parent limit, a place left for students.
    const edge = await schoolOnPlan('Edge', {
      maxStudents: 3,
      maxTeachers: 5,
      maxParents: 1,
      maxAdmins: 5,
      maxPrincipals: 5,
    });
    const api = as(t.app, await login(t.app, edge.users.school_admin.email, 'school_admin'));
    const addStudent = (parentEmail: string) =>
      api({
        method: 'POST',
        url: '/api/v1/students',
        payload: {
          name: 'Edge Child',
          email: uniqueEmail(),
          classId: edge.classId,
          newParents: [{ name: 'Edge Parent', email: parentEmail, relationship: 'Mother' }],
        },
      });
    const accounts = await count('accounts');
    const reallyNew = await addStudent(uniqueEmail());
    expect(reallyNew.statusCode, reallyNew.body).toBe(422);
    expect(errorOf(reallyNew)).toMatchObject({
      code: 'plan_limit',
      message: 'Parent limit reached: the Edge plan allows 1 parent.',
    });
    expect(await count('accounts')).toBe(accounts);

    // The same address as the school's parent (in capitals): linked, so only the student is new.
    const existing = await addStudent(edge.users.parent.email.toUpperCase());
    expect(existing.statusCode, existing.body).toBe(201);
    const made = existing.json();
    expect(made.parents).toEqual([expect.objectContaining({ id: edge.users.parent.id, temporaryPassword: null })]);
    expect(await count('accounts')).toBe(accounts + 1);
    expect(await count('users', `school_id = '${edge.id}' and role = 'parent'`)).toBe(1);
    const child = (await api({ method: 'GET', url: `/api/v1/students/${made.student.id}` })).json();
    expect(child.parents.map((p: { id: string }) => p.id)).toEqual([edge.users.parent.id]);
  });
});

describe('plan limits under concurrency', () => {
  it('counts concurrent creates one after the other: exactly the places left are filled', async () => {
    const trio = await schoolOnPlan('Trio', {
      maxStudents: 50,
      maxTeachers: 50,
      maxParents: 3,
      maxAdmins: 5,
      maxPrincipals: 5,
    });
    const trioAdmin = await login(t.app, trio.users.school_admin.email, 'school_admin');
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        as(
          t.app,
          trioAdmin,
        )({
          method: 'POST',
          url: '/api/v1/parents',
          payload: { name: 'Racer', email: uniqueEmail('racer'), sendInvitation: true },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 422, 422, 422]);
    expect(await count('users', `school_id = '${trio.id}' and role = 'parent'`)).toBe(3);
  });
});

describe('an empty update (docs/product.md, "The message catalogue")', () => {
  it('PATCH {} of a student, teacher, parent, class or subject answers 400 and writes nothing; an unknown id is still 404', async () => {
    const subject = await createSubject(t.app, adminA);
    const cls = await createClass(t.app, adminA, { subjectIds: [subject.id] });
    const student = await createStudent(t.app, adminA, { classId: cls.id });
    const teacher = await createTeacher(t.app, adminA);
    const parent = await createParent(t.app, adminA);
    const api = as(t.app, adminA);
    const audits = () => count('audit_log', `school_id = '${a.id}'`);
    const before = await audits();
    for (const url of [
      `/api/v1/students/${student.student.id}`,
      `/api/v1/teachers/${teacher.teacher.id}`,
      `/api/v1/parents/${parent.parent.id}`,
      `/api/v1/classes/${cls.id}`,
      `/api/v1/subjects/${subject.id}`,
    ]) {
      const res = await api({ method: 'PATCH', url, payload: {} });
      expect({ url, status: res.statusCode, error: errorOf(res) }).toEqual({
        url,
        status: 400,
        error: { code: 'validation', message: MESSAGES.invalidData },
      });
      const unknown = await api({ method: 'PATCH', url: url.replace(/[^/]+$/, newId()), payload: {} });
      expect({ url, status: unknown.statusCode }).toEqual({ url, status: 404 });
    }
    expect(await audits()).toBe(before);
  });
});

describe('API documentation', () => {
  it('the OpenAPI document describes the people and classes routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/v1/students',
      '/api/v1/students/{id}',
      '/api/v1/classes/{id}/teachers',
      '/api/v1/users/{id}/reset-password',
      '/api/v1/students/import/preview',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
