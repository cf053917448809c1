import { PARENT_IMPORT_COLUMNS, STUDENT_IMPORT_COLUMNS, TEACHER_IMPORT_COLUMNS } from '@lyceum/shared/people';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClass, createStudent } from './factories/people.ts';
import {
  as,
  createSchool,
  createTestApp,
  errorOf,
  login,
  type SchoolFixture,
  type Session,
  type TestApp,
} from './helpers.ts';

/**
 * Routes that declare their real bodies: imports judge rows with create's own schemas, and the routes that
 * name a row answer 404 for another school's row whatever the body.
 */
let t: TestApp;
let a: SchoolFixture;
let b: SchoolFixture;
let adminA: Session;
let adminB: Session;
let teacherA: Session;

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.app, { name: 'Shape A' });
  b = await createSchool(t.app, { name: 'Shape B' });
  adminA = await login(t.app, a.users.school_admin.email, 'school_admin');
  adminB = await login(t.app, b.users.school_admin.email, 'school_admin');
  teacherA = await login(t.app, a.users.teacher.email, 'teacher');
});
afterAll(() => t.close());

const count = async (table: string) =>
  Number((await t.app.deps.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]?.n);
const snapshot = async () =>
  Promise.all(['accounts', 'users', 'students', 'teachers', 'parents', 'student_parents'].map(count));
const csv = (header: readonly string[], rows: string[][]) =>
  [header.join(','), ...rows.map((r) => r.join(','))].join('\n');
const studentRow = (v: Partial<Record<(typeof STUDENT_IMPORT_COLUMNS)[number], string>>) =>
  STUDENT_IMPORT_COLUMNS.map((c) => v[c] ?? '');

/** The field message creating one person gives for `payload` (a 400). */
async function createMessage(url: string, payload: Record<string, unknown>, field: string): Promise<string> {
  const res = await as(t.app, adminA)({ method: 'POST', url, payload });
  expect(res.statusCode).toBe(400);
  return errorOf(res).fields?.[field] as string;
}

describe('imports judge rows with the create schemas', () => {
  const longQualification = 'Q'.repeat(201);
  const longRelationship = 'R'.repeat(41);

  it('an over-long qualification is the row’s issue, with the create’s message, and nothing is written', async () => {
    const message = await createMessage(
      '/api/v1/teachers',
      { name: 'Long Q', email: 'long.q@shape.test', qualification: longQualification },
      'qualification',
    );
    expect(message).toBe('Qualification is too long');
    const file = csv(TEACHER_IMPORT_COLUMNS, [['Long Q', 'long.q@shape.test', '', longQualification, '3', '']]);
    const before = await snapshot();
    const api = as(t.app, adminA);
    const preview = await api({ method: 'POST', url: '/api/v1/teachers/import/preview', payload: { csv: file } });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ rowCount: 1, validCount: 0 });
    expect(preview.json().errors).toEqual([{ line: 2, column: 'qualification', message }]);
    const commit = await api({ method: 'POST', url: '/api/v1/teachers/import', payload: { csv: file } });
    expect(commit.statusCode).toBe(422);
    expect(errorOf(commit).fields).toEqual({ '2:qualification': message });
    expect(await snapshot()).toEqual(before);
  });

  it('an over-long relationship is the row’s issue in a parents file and a students file, nothing written', async () => {
    const message = await createMessage(
      '/api/v1/parents',
      { name: 'Long R', email: 'long.r@shape.test', relationship: longRelationship },
      'relationship',
    );
    expect(message).toBe('Relationship is too long');
    const api = as(t.app, adminA);
    const before = await snapshot();

    const parents = csv(PARENT_IMPORT_COLUMNS, [['Long R', 'long.r@shape.test', '', longRelationship, '']]);
    const parentPreview = await api({
      method: 'POST',
      url: '/api/v1/parents/import/preview',
      payload: { csv: parents },
    });
    expect(parentPreview.json().errors).toEqual([{ line: 2, column: 'relationship', message }]);
    const parentCommit = await api({ method: 'POST', url: '/api/v1/parents/import', payload: { csv: parents } });
    expect(parentCommit.statusCode).toBe(422);
    expect(errorOf(parentCommit).fields).toEqual({ '2:relationship': message });

    const students = csv(STUDENT_IMPORT_COLUMNS, [
      studentRow({
        name: 'Kid Long',
        email: 'kid.long@shape.test',
        parentName: 'Mum Long',
        parentEmail: 'mum.long@shape.test',
        parentRelationship: longRelationship,
      }),
    ]);
    const studentPreview = await api({
      method: 'POST',
      url: '/api/v1/students/import/preview',
      payload: { csv: students, classId: a.classId },
    });
    expect(studentPreview.json().errors).toEqual([{ line: 2, column: 'parentRelationship', message }]);
    const studentCommit = await api({
      method: 'POST',
      url: '/api/v1/students/import',
      payload: { csv: students, classId: a.classId },
    });
    expect(studentCommit.statusCode).toBe(422);
    expect(await snapshot()).toEqual(before);
  });

  it('numbers take their range from the create schema: experience and roll number', async () => {
    const tooMuch = await createMessage(
      '/api/v1/teachers',
      { name: 'Old Hand', email: 'old.hand@shape.test', experience: 81 },
      'experience',
    );
    const api = as(t.app, adminA);
    const teachers = csv(TEACHER_IMPORT_COLUMNS, [['Old Hand', 'old.hand@shape.test', '', '', '81', '']]);
    const preview = await api({ method: 'POST', url: '/api/v1/teachers/import/preview', payload: { csv: teachers } });
    expect(preview.json().errors).toEqual([{ line: 2, column: 'experience', message: tooMuch }]);

    const rollZero = await createMessage(
      '/api/v1/students',
      { name: 'Roll Zero', email: 'roll.zero@shape.test', classId: a.classId, rollNumber: 0 },
      'rollNumber',
    );
    expect(rollZero).toBe('Roll number must be at least 1');
    const students = csv(STUDENT_IMPORT_COLUMNS, [
      studentRow({ name: 'Roll Zero', email: 'roll.zero@shape.test', rollNumber: '0' }),
    ]);
    const rolls = await api({
      method: 'POST',
      url: '/api/v1/students/import/preview',
      payload: { csv: students, classId: a.classId },
    });
    expect(rolls.json().errors).toEqual([{ line: 2, column: 'rollNumber', message: rollZero }]);
  });

  it('a teacher may not import (403)', async () => {
    const file = csv(TEACHER_IMPORT_COLUMNS, [['T', 't.shape@shape.test', '', '', '', '']]);
    const res = await as(
      t.app,
      teacherA,
    )({ method: 'POST', url: '/api/v1/teachers/import/preview', payload: { csv: file } });
    expect(res.statusCode).toBe(403);
  });
});

describe('routes that name a row judge the body after finding it', () => {
  it('another school’s student, parent or class is a 404 whatever the body; a visible one with a bad body is a 400', async () => {
    const cls = await createClass(t.app, adminA);
    const made = await createStudent(t.app, adminA, { classId: cls.id });
    const id = made.student.id;
    const other = as(t.app, adminB);
    const own = as(t.app, adminA);
    const cases = [
      { method: 'POST', url: `/api/v1/students/${id}/move`, payload: { classId: 'x' } },
      { method: 'PUT', url: `/api/v1/students/${id}/parents/${a.users.parent.id}`, payload: { relationship: '' } },
      { method: 'POST', url: `/api/v1/classes/${cls.id}/students`, payload: { studentId: 'x' } },
      { method: 'POST', url: `/api/v1/classes/${cls.id}/teachers`, payload: {} },
    ] as const;
    for (const c of cases) {
      const hidden = await other(c);
      expect({ url: c.url, status: hidden.statusCode, code: errorOf(hidden).code }).toEqual({
        url: c.url,
        status: 404,
        code: 'not_found',
      });
      const bad = await own(c);
      expect({ url: c.url, status: bad.statusCode, code: errorOf(bad).code }).toEqual({
        url: c.url,
        status: 400,
        code: 'validation',
      });
      expect((await as(t.app, teacherA)(c)).statusCode).toBe(403);
    }
    const linked = await own({
      method: 'PUT',
      url: `/api/v1/students/${id}/parents/${a.users.parent.id}`,
      payload: { relationship: 'Aunt' },
    });
    expect(linked.statusCode).toBe(200);
  });

  it('create bodies keep their missing-fields wording, and OpenAPI shows every people and classes body', async () => {
    const missing = await as(t.app, adminA)({ method: 'POST', url: '/api/v1/students', payload: { name: ' ' } });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).message).toBe('Missing required fields: email, name, schoolId, and classId are required');
    expect(errorOf(missing).fields).toEqual({
      email: 'email is required',
      name: 'name is required',
      classId: 'classId is required',
    });
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const [path, method] of [
      ['/api/v1/students', 'post'],
      ['/api/v1/teachers', 'post'],
      ['/api/v1/parents', 'post'],
      ['/api/v1/users', 'post'],
      ['/api/v1/students/{id}/move', 'post'],
      ['/api/v1/students/{id}/parents/{parentId}', 'put'],
      ['/api/v1/classes/{id}/students', 'post'],
      ['/api/v1/classes/{id}/teachers', 'post'],
    ] as const) {
      expect({ path, body: Boolean(doc.paths[path]?.[method]?.requestBody) }).toEqual({ path, body: true });
    }
    expect(Object.keys(doc.paths['/api/v1/students/export'].get.responses['200'].content)).toEqual(['text/csv']);
  });
});
