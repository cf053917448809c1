import { currentAcademicYear } from '@lyceum/shared/academics';
import { PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../src/db/tenancy.ts';
import { newId } from '../src/lib/ids.ts';
import { assignTeacher, createClass, createStudent, createSubject, createTeacher } from './factories/people.ts';
import { schoolWorld } from './fixtures/school-world.ts';
import { as, createSchool, errorOf, login, type SchoolFixture, type Session, type TestApp } from './helpers.ts';

let t: TestApp;
let a: SchoolFixture;
let b: SchoolFixture;
let adminA: Session;
let principalA: Session;
let teacherA: Session;
let studentA: Session;
let parentA: Session;
let adminB: Session;
let company: Session;

beforeAll(async () => {
  const w = await schoolWorld({ a: { name: 'Classes A' }, b: { name: 'Classes B' } });
  ({ t, a, b } = w);
  adminA = await w.a.signIn('school_admin');
  principalA = await w.a.signIn('principal');
  teacherA = await w.a.signIn('teacher');
  studentA = await w.a.signIn('student');
  parentA = await w.a.signIn('parent');
  adminB = await w.b.signIn('school_admin');
  company = await w.staff('admin');
});
afterAll(() => t.close());

describe('subjects', () => {
  it('creates, renames, lists and deactivates subjects; names are unique per school, case-insensitive', async () => {
    const api = as(t.app, principalA);
    const made = await api({ method: 'POST', url: '/api/v1/subjects', payload: { name: 'Biology', code: 'BIO' } });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ name: 'Biology', code: 'BIO', isActive: true });
    const dup = await api({ method: 'POST', url: '/api/v1/subjects', payload: { name: 'biology' } });
    expect(dup.statusCode).toBe(409);
    expect(errorOf(dup).message).toBe('Subject "biology" already exists');
    // Another school may have its own Biology.
    expect(
      (await as(t.app, adminB)({ method: 'POST', url: '/api/v1/subjects', payload: { name: 'Biology' } })).statusCode,
    ).toBe(201);
    const id = made.json().id;
    const renamed = await api({ method: 'PATCH', url: `/api/v1/subjects/${id}`, payload: { name: 'Life Science' } });
    expect(renamed.json().name).toBe('Life Science');
    expect((await api({ method: 'POST', url: `/api/v1/subjects/${id}/deactivate` })).json().isActive).toBe(false);
    const active = await as(t.app, studentA)({ method: 'GET', url: '/api/v1/subjects' });
    expect(active.json().items.map((s: { name: string }) => s.name)).not.toContain('Life Science');
    const all = await api({ method: 'GET', url: '/api/v1/subjects?status=all' });
    expect(all.json().items.map((s: { name: string }) => s.name)).toContain('Life Science');
    const empty = await api({ method: 'POST', url: '/api/v1/subjects', payload: { name: ' ' } });
    expect(empty.statusCode).toBe(400);
    expect(
      (await as(t.app, teacherA)({ method: 'POST', url: '/api/v1/subjects', payload: { name: 'Art' } })).statusCode,
    ).toBe(403);
    const cross = await as(t.app, adminB)({ method: 'PATCH', url: `/api/v1/subjects/${id}`, payload: { name: 'X' } });
    expect(errorOf(cross).message).toBe('Subject not found');
  });
});

describe('schoolId in class and subject creates (docs/product.md, "Creating people")', () => {
  it('an empty or blank schoolId is 400, like other creates; another school is 404; nothing is written', async () => {
    const api = as(t.app, adminA);
    for (const [url, name] of [
      ['/api/v1/classes', 'Grade Blank School'],
      ['/api/v1/subjects', 'Blank School Studies'],
    ] as const) {
      for (const schoolId of ['', '  ']) {
        const res = await api({ method: 'POST', url, payload: { name, schoolId } });
        expect({ url, schoolId, status: res.statusCode, error: errorOf(res) }).toMatchObject({
          url,
          schoolId,
          status: 400,
          error: {
            message: 'Invalid data: schoolId must be a non-empty string',
            fields: { schoolId: 'schoolId must be a non-empty string' },
          },
        });
      }
      const other = await api({ method: 'POST', url, payload: { name, schoolId: b.id } });
      expect(other.statusCode).toBe(404);
      const listed = await api({ method: 'GET', url: `${url}?status=all` });
      expect(listed.json().items.map((x: { name: string }) => x.name)).not.toContain(name);
      const own = await api({ method: 'POST', url, payload: { name, schoolId: a.id } });
      expect(own.statusCode).toBe(201);
    }
  });
});

describe('classes', () => {
  it('creates a class with subjects and the current academic year; a duplicate name+section is a conflict', async () => {
    const math = await createSubject(t.app, adminA);
    const res = await as(
      t.app,
      adminA,
    )({ method: 'POST', url: '/api/v1/classes', payload: { name: 'Grade 7', section: 'B', subjectIds: [math.id] } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Grade 7',
      section: 'B',
      academicYear: currentAcademicYear(),
      subjects: [{ id: math.id, name: math.name }],
      students: [],
      assignedTeachers: [],
      classTeacherId: null,
      classTeacherName: null,
      studentCount: 0,
    });
    const dup = await as(
      t.app,
      adminA,
    )({ method: 'POST', url: '/api/v1/classes', payload: { name: 'grade 7', section: 'b' } });
    expect(dup.statusCode).toBe(409);
    const nextYear = await as(
      t.app,
      adminA,
    )({
      method: 'POST',
      url: '/api/v1/classes',
      payload: { name: 'Grade 7', section: 'B', academicYear: '2099-2100' },
    });
    expect(nextYear.statusCode).toBe(201);
    const badYear = await as(
      t.app,
      adminA,
    )({ method: 'POST', url: '/api/v1/classes', payload: { name: 'Grade 7', academicYear: '2099' } });
    expect(badYear.statusCode).toBe(400);
    const otherSchoolSubject = await as(
      t.app,
      adminA,
    )({ method: 'POST', url: '/api/v1/classes', payload: { name: 'Grade 8', subjectIds: [b.subjectId] } });
    expect(otherSchoolSubject.statusCode).toBe(404);
    expect(
      (await as(t.app, adminA)({ method: 'POST', url: '/api/v1/classes', payload: { section: 'A' } })).statusCode,
    ).toBe(400);
    expect(
      (await as(t.app, teacherA)({ method: 'POST', url: '/api/v1/classes', payload: { name: 'Mine' } })).statusCode,
    ).toBe(403);
  });

  it('enrols (moves) students, keeps roll numbers unique, and withdraws instead of leaving a student classless', async () => {
    const from = await createClass(t.app, adminA);
    const to = await createClass(t.app, adminA);
    const s1 = await createStudent(t.app, adminA, { classId: from.id });
    const s2 = await createStudent(t.app, adminA, { classId: from.id });
    const api = as(t.app, adminA);
    const enrolled = await api({
      method: 'POST',
      url: `/api/v1/classes/${to.id}/students`,
      payload: { studentId: s1.student.id, rollNumber: 7 },
    });
    expect(enrolled.statusCode).toBe(200);
    expect(enrolled.json().students).toEqual([
      {
        studentId: s1.student.id,
        name: s1.student.name,
        rollNumber: 7,
        email: s1.student.email,
        isActive: true,
        profileImage: null,
      },
    ]);
    const clash = await api({
      method: 'POST',
      url: `/api/v1/classes/${to.id}/students`,
      payload: { studentId: s2.student.id, rollNumber: 7 },
    });
    expect(clash.statusCode).toBe(409);
    expect(errorOf(clash).message).toBe('Roll number 7 is already taken in this class');
    const auto = await api({
      method: 'POST',
      url: `/api/v1/classes/${to.id}/students`,
      payload: { studentId: s2.student.id },
    });
    expect(auto.json().students.map((s: { rollNumber: number }) => s.rollNumber)).toEqual([7, 8]);
    expect((await api({ method: 'GET', url: `/api/v1/classes/${from.id}` })).json().studentCount).toBe(0);
    const unknownStudent = await api({
      method: 'POST',
      url: `/api/v1/classes/${to.id}/students`,
      payload: { studentId: newId() },
    });
    expect(errorOf(unknownStudent).message).toBe('Student not found');
    const badBody = await api({
      method: 'POST',
      url: `/api/v1/classes/${to.id}/students`,
      payload: { studentId: 'x' },
    });
    expect(badBody.statusCode).toBe(400);

    const withdrawn = await api({ method: 'DELETE', url: `/api/v1/classes/${to.id}/students/${s1.student.id}` });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().studentCount).toBe(1);
    const student = await api({ method: 'GET', url: `/api/v1/students/${s1.student.id}` });
    expect(student.json()).toMatchObject({ classId: to.id, isActive: false });
    const notHere = await api({ method: 'DELETE', url: `/api/v1/classes/${from.id}/students/${s2.student.id}` });
    expect(notHere.statusCode).toBe(404);

    const busy = await api({ method: 'POST', url: `/api/v1/classes/${to.id}/deactivate` });
    expect(busy.statusCode).toBe(422);
    const idle = await api({ method: 'POST', url: `/api/v1/classes/${from.id}/deactivate` });
    expect(idle.json().isActive).toBe(false);
    const intoInactive = await api({
      method: 'POST',
      url: `/api/v1/classes/${from.id}/students`,
      payload: { studentId: s2.student.id },
    });
    expect(errorOf(intoInactive).message).toBe('Class not found');
    expect(
      (await api({ method: 'GET', url: '/api/v1/classes' })).json().items.map((c: { id: string }) => c.id),
    ).not.toContain(from.id);
    expect((await api({ method: 'POST', url: `/api/v1/classes/${from.id}/reactivate` })).json().isActive).toBe(true);
  });

  it('never reactivates a withdrawn student into a class deactivated since: 422 until they are moved', async () => {
    const closed = await createClass(t.app, adminA);
    const open = await createClass(t.app, adminA);
    const kid = await createStudent(t.app, adminA, { classId: closed.id });
    const api = as(t.app, adminA);
    await api({ method: 'DELETE', url: `/api/v1/classes/${closed.id}/students/${kid.student.id}` });
    expect((await api({ method: 'POST', url: `/api/v1/classes/${closed.id}/deactivate` })).statusCode).toBe(200);
    for (const url of [`/api/v1/students/${kid.student.id}/reactivate`, `/api/v1/users/${kid.student.id}/reactivate`]) {
      const refused = await api({ method: 'POST', url });
      expect(refused.statusCode).toBe(422);
      expect(errorOf(refused)).toMatchObject({ code: 'rule', message: PEOPLE_MESSAGES.studentClassInactive });
    }
    const roster = await api({ method: 'GET', url: `/api/v1/classes/${closed.id}` });
    expect(roster.json().students).toMatchObject([{ studentId: kid.student.id, isActive: false }]);
    const moved = await api({
      method: 'POST',
      url: `/api/v1/students/${kid.student.id}/move`,
      payload: { classId: open.id },
    });
    expect(moved.statusCode).toBe(200);
    const back = await api({ method: 'POST', url: `/api/v1/students/${kid.student.id}/reactivate` });
    expect(back.json()).toMatchObject({ classId: open.id, isActive: true });
  });

  it('assigns teachers with subjects and exactly one class teacher; class and teacher always agree', async () => {
    const sci = await createSubject(t.app, adminA);
    const art = await createSubject(t.app, adminA);
    const cls = await createClass(t.app, adminA, { subjectIds: [sci.id, art.id] });
    const t1 = await createTeacher(t.app, adminA);
    const t2 = await createTeacher(t.app, adminA);
    await assignTeacher(t.app, adminA, cls.id, {
      teacherId: t1.teacher.id,
      subjectIds: [sci.id],
      isClassTeacher: true,
    });
    const after = await assignTeacher(t.app, adminA, cls.id, {
      teacherId: t2.teacher.id,
      subjectIds: [art.id],
      isClassTeacher: true,
    });
    expect(after.classTeacherId).toBe(t2.teacher.id);
    expect(after.assignedTeachers.filter((x) => x.isClassTeacher)).toHaveLength(1);
    const teacher1 = (await as(t.app, adminA)({ method: 'GET', url: `/api/v1/teachers/${t1.teacher.id}` })).json();
    expect(teacher1.assignedClasses).toEqual([
      {
        classId: cls.id,
        className: cls.name,
        section: 'A',
        classLabel: `${cls.name} A`,
        subjects: [{ id: sci.id, name: sci.name }],
        isClassTeacher: false,
      },
    ]);
    const notOffered = await createSubject(t.app, adminA);
    const bad = await as(
      t.app,
      adminA,
    )({
      method: 'POST',
      url: `/api/v1/classes/${cls.id}/teachers`,
      payload: { teacherId: t1.teacher.id, subjectIds: [notOffered.id] },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toBe('Each subject must be one of the class subjects');
    const noTeacher = await as(
      t.app,
      adminA,
    )({ method: 'POST', url: `/api/v1/classes/${cls.id}/teachers`, payload: { teacherId: a.users.student.id } });
    expect(errorOf(noTeacher).message).toBe('Teacher not found');
    const noClass = await as(
      t.app,
      adminA,
    )({ method: 'POST', url: `/api/v1/classes/${newId()}/teachers`, payload: { teacherId: t1.teacher.id } });
    expect(errorOf(noClass).message).toBe('Class not found');

    // Dropping a subject from the class drops it from the teachers teaching it there.
    const patched = await as(
      t.app,
      adminA,
    )({ method: 'PATCH', url: `/api/v1/classes/${cls.id}`, payload: { subjectIds: [art.id], name: 'Renamed' } });
    expect(patched.json()).toMatchObject({ name: 'Renamed', subjects: [{ id: art.id }] });
    expect(
      patched.json().assignedTeachers.find((x: { teacherId: string }) => x.teacherId === t1.teacher.id).subjects,
    ).toEqual([]);

    const removed = await as(
      t.app,
      adminA,
    )({ method: 'DELETE', url: `/api/v1/classes/${cls.id}/teachers/${t2.teacher.id}` });
    expect(removed.json()).toMatchObject({ classTeacherId: null, classTeacherName: null });
    const again = await as(
      t.app,
      adminA,
    )({ method: 'DELETE', url: `/api/v1/classes/${cls.id}/teachers/${t2.teacher.id}` });
    expect(errorOf(again).message).toBe('Teacher not found');
    const teacher2 = (await as(t.app, adminA)({ method: 'GET', url: `/api/v1/teachers/${t2.teacher.id}` })).json();
    expect(teacher2.assignedClasses).toEqual([]);
  });

  it('a deactivated teacher is not assigned to a class, as a subject or class teacher: 404, nothing changed', async () => {
    const api = as(t.app, adminA);
    const sci = await createSubject(t.app, adminA);
    const cls = await createClass(t.app, adminA, { subjectIds: [sci.id] });
    const lead = await createTeacher(t.app, adminA);
    const gone = await createTeacher(t.app, adminA);
    await assignTeacher(t.app, adminA, cls.id, {
      teacherId: lead.teacher.id,
      subjectIds: [sci.id],
      isClassTeacher: true,
    });
    const off = await api({ method: 'POST', url: `/api/v1/teachers/${gone.teacher.id}/deactivate` });
    expect(off.statusCode, off.body).toBe(200);
    const before = (await api({ method: 'GET', url: `/api/v1/classes/${cls.id}` })).json();
    for (const isClassTeacher of [true, false]) {
      const res = await api({
        method: 'POST',
        url: `/api/v1/classes/${cls.id}/teachers`,
        payload: { teacherId: gone.teacher.id, subjectIds: [sci.id], isClassTeacher },
      });
      expect(res.statusCode, res.body).toBe(404);
      expect(errorOf(res).message).toBe(PEOPLE_MESSAGES.teacherNotFound);
    }
    const after = (await api({ method: 'GET', url: `/api/v1/classes/${cls.id}` })).json();
    expect(after).toEqual(before);
    expect(after).toMatchObject({ classTeacherId: lead.teacher.id });
    const teacher = (await api({ method: 'GET', url: `/api/v1/teachers/${gone.teacher.id}` })).json();
    expect(teacher.assignedClasses).toEqual([]);
    // Reactivated, they are assigned as anyone.
    const on = await api({ method: 'POST', url: `/api/v1/teachers/${gone.teacher.id}/reactivate` });
    expect(on.statusCode, on.body).toBe(200);
    const back = await assignTeacher(t.app, adminA, cls.id, { teacherId: gone.teacher.id, subjectIds: [sci.id] });
    expect(back.assignedTeachers.map((x) => x.teacherId)).toContain(gone.teacher.id);
  });

  it('a subject deactivated since stays on the class and teacher that have it when they are saved; adding it is refused', async () => {
    const api = as(t.app, adminA);
    const kept = await createSubject(t.app, adminA);
    const other = await createSubject(t.app, adminA);
    const cls = await createClass(t.app, adminA, { subjectIds: [kept.id] });
    const teacher = await createTeacher(t.app, adminA, { subjectIds: [kept.id] });
    await assignTeacher(t.app, adminA, cls.id, { teacherId: teacher.teacher.id, subjectIds: [kept.id] });
    const second = await createClass(t.app, adminA);
    const secondTeacher = await createTeacher(t.app, adminA);
    await api({ method: 'POST', url: `/api/v1/subjects/${kept.id}/deactivate` });
    await api({ method: 'POST', url: `/api/v1/subjects/${other.id}/deactivate` });

    // Saving the class as its form does (every subject it has, another field changed) keeps the inactive one,
    // and the teachers teaching it there keep it too.
    const saved = await api({
      method: 'PATCH',
      url: `/api/v1/classes/${cls.id}`,
      payload: { section: 'B', subjectIds: [kept.id] },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ section: 'B', subjects: [{ id: kept.id }] });
    expect(saved.json().assignedTeachers[0].subjects).toEqual([{ id: kept.id, name: kept.name }]);
    const teacherSaved = await api({
      method: 'PATCH',
      url: `/api/v1/teachers/${teacher.teacher.id}`,
      payload: { qualification: 'MSc', subjectIds: [kept.id] },
    });
    expect(teacherSaved.statusCode).toBe(200);
    expect(teacherSaved.json().subjects).toEqual([{ id: kept.id, name: kept.name }]);

    // A subject inactive when added is refused, on a class or teacher that has others kept, and nothing changes.
    for (const [url, subjectIds] of [
      [`/api/v1/classes/${cls.id}`, [kept.id, other.id]],
      [`/api/v1/classes/${second.id}`, [kept.id]],
      [`/api/v1/teachers/${teacher.teacher.id}`, [kept.id, other.id]],
      [`/api/v1/teachers/${secondTeacher.teacher.id}`, [kept.id]],
    ] as const) {
      const refused = await api({ method: 'PATCH', url, payload: { subjectIds } });
      expect({ url, status: refused.statusCode, message: errorOf(refused).message }).toEqual({
        url,
        status: 404,
        message: PEOPLE_MESSAGES.subjectNotFound,
      });
    }
    const created = await api({
      method: 'POST',
      url: '/api/v1/classes',
      payload: { name: 'Inactive', subjectIds: [kept.id] },
    });
    expect(created.statusCode).toBe(404);
    expect((await api({ method: 'GET', url: `/api/v1/classes/${cls.id}` })).json().subjects).toEqual([
      { id: kept.id, name: kept.name },
    ]);
    expect((await api({ method: 'GET', url: `/api/v1/classes/${second.id}` })).json().subjects).toEqual([]);
    expect((await api({ method: 'GET', url: `/api/v1/teachers/${secondTeacher.teacher.id}` })).json().subjects).toEqual(
      [],
    );

    // Unticking it removes it like any other subject.
    const dropped = await api({ method: 'PATCH', url: `/api/v1/classes/${cls.id}`, payload: { subjectIds: [] } });
    expect(dropped.json().subjects).toEqual([]);
  });

  it('a teacher is not newly given a deactivated subject in a class; one who teaches it there keeps it', async () => {
    const api = as(t.app, adminA);
    const [inactive, active] = [await createSubject(t.app, adminA), await createSubject(t.app, adminA)];
    const cls = await createClass(t.app, adminA, { subjectIds: [inactive.id, active.id] });
    const keeps = await createTeacher(t.app, adminA);
    const newcomer = await createTeacher(t.app, adminA);
    await assignTeacher(t.app, adminA, cls.id, { teacherId: keeps.teacher.id, subjectIds: [inactive.id] });
    await api({ method: 'POST', url: `/api/v1/subjects/${inactive.id}/deactivate` });
    const assign = (teacherId: string, subjectIds: string[], isClassTeacher = false) =>
      api({
        method: 'POST',
        url: `/api/v1/classes/${cls.id}/teachers`,
        payload: { teacherId, subjectIds, isClassTeacher },
      });

    // A newcomer to the class is refused it, and so is a teacher of the class who does not teach it there.
    for (const [teacherId, subjectIds] of [
      [newcomer.teacher.id, [inactive.id]],
      [newcomer.teacher.id, [active.id, inactive.id]],
    ] as const) {
      const refused = await assign(teacherId, [...subjectIds]);
      expect([refused.statusCode, errorOf(refused).message]).toEqual([404, PEOPLE_MESSAGES.subjectNotFound]);
    }
    await assign(newcomer.teacher.id, [active.id]);
    const added = await assign(newcomer.teacher.id, [active.id, inactive.id]);
    expect([added.statusCode, errorOf(added).message]).toEqual([404, PEOPLE_MESSAGES.subjectNotFound]);
    // The one who teaches it there saves their assignment (made class teacher, another subject added) and keeps it.
    const kept = await assign(keeps.teacher.id, [inactive.id, active.id], true);
    expect(kept.statusCode, kept.body).toBe(200);
    const detail = (await api({ method: 'GET', url: `/api/v1/classes/${cls.id}` })).json();
    const subjectsOf = (id: string) =>
      (detail.assignedTeachers as { teacherId: string; subjects: { id: string }[] }[])
        .find((x) => x.teacherId === id)
        ?.subjects.map((x) => x.id)
        .sort();
    expect(subjectsOf(keeps.teacher.id)).toEqual([inactive.id, active.id].sort());
    expect(subjectsOf(newcomer.teacher.id)).toEqual([active.id]);
  });

  it('the database itself holds one class teacher per class', async () => {
    const t2 = await createTeacher(t.app, adminA);
    await expect(
      withSystem(t.app.deps.db, (tx) =>
        tx.execute(sql`insert into class_teachers (school_id, id, class_id, teacher_id, is_class_teacher)
          values (${a.id}, ${newId()}, ${a.classId}, ${t2.teacher.id}, true)`),
      ),
    ).rejects.toThrow();
  });

  it('lists by name and section in one order for the page, the export and My Classes, which skips inactive classes', async () => {
    const school = await createSchool(t.app, { name: 'Classes order' });
    const admin = await login(t.app, school.users.school_admin.email, 'school_admin');
    const teacher = await login(t.app, school.users.teacher.email, 'teacher');
    const made = [
      await createClass(t.app, admin, { name: 'Order 2', section: 'B' }),
      await createClass(t.app, admin, { name: 'Order 1', section: 'B' }),
      await createClass(t.app, admin, { name: 'Order 2', section: 'A' }),
    ];
    for (const c of made) await assignTeacher(t.app, admin, c.id, { teacherId: school.users.teacher.id });
    const api = as(t.app, admin);
    const names = (items: { name: string; section: string }[]) => items.map((c) => `${c.name}${c.section}`);
    const listed = (await api({ method: 'GET', url: '/api/v1/classes?search=order' })).json().items;
    expect(names(listed)).toEqual(['Order 1B', 'Order 2A', 'Order 2B']);
    const csv = (await api({ method: 'GET', url: '/api/v1/classes/export?search=order' })).body;
    expect(
      csv
        .split('\n')
        .filter((line: string) => line.startsWith('Order'))
        .map((l: string) => l.slice(0, 9)),
    ).toEqual(['Order 1,B', 'Order 2,A', 'Order 2,B']);
    await api({ method: 'POST', url: `/api/v1/classes/${made[2]?.id}/deactivate` });
    expect(names((await api({ method: 'GET', url: '/api/v1/classes?search=order' })).json().items)).toEqual([
      'Order 1B',
      'Order 2B',
    ]);
    const mine = (await as(t.app, teacher)({ method: 'GET', url: '/api/v1/my-classes' })).json().items;
    expect(names(mine).filter((n) => n.startsWith('Order'))).toEqual(['Order 1B', 'Order 2B']);
  });

  it('who reads classes: staff and company readers all, a teacher theirs, students and parents none', async () => {
    const other = await createClass(t.app, adminA);
    const teacherView = await as(t.app, teacherA)({ method: 'GET', url: '/api/v1/classes' });
    expect(teacherView.json().items.map((c: { id: string }) => c.id)).toEqual([a.classId]);
    expect((await as(t.app, teacherA)({ method: 'GET', url: `/api/v1/classes/${other.id}` })).statusCode).toBe(404);
    const mine = await as(t.app, teacherA)({ method: 'GET', url: `/api/v1/classes/${a.classId}` });
    expect(mine.json().students.map((s: { studentId: string }) => s.studentId)).toContain(a.users.student.id);
    for (const s of [studentA, parentA])
      expect((await as(t.app, s)({ method: 'GET', url: '/api/v1/classes' })).statusCode).toBe(403);
    const companyView = await as(t.app, company)({ method: 'GET', url: `/api/v1/classes?schoolId=${a.id}` });
    expect(companyView.json().items.length).toBeGreaterThan(1);
    expect((await as(t.app, adminB)({ method: 'GET', url: `/api/v1/classes/${a.classId}` })).statusCode).toBe(404);
    const search = await as(
      t.app,
      adminA,
    )({ method: 'GET', url: `/api/v1/classes?search=${encodeURIComponent(other.name)}` });
    expect(search.json().items.map((c: { id: string }) => c.id)).toEqual([other.id]);
  });

  it('GET /classes/options: the active visible classes as id and label, for filters and pickers', async () => {
    const school = await createSchool(t.app, { name: 'Class options' });
    const admin = await login(t.app, school.users.school_admin.email, 'school_admin');
    const one = await createClass(t.app, admin, { name: 'Opt 1', section: 'B' });
    const two = await createClass(t.app, admin, { name: 'Opt 0', section: '' });
    const gone = await createClass(t.app, admin, { name: 'Opt 2', section: 'A' });
    await as(t.app, admin)({ method: 'POST', url: `/api/v1/classes/${gone.id}/deactivate` });
    const options = await as(t.app, admin)({ method: 'GET', url: '/api/v1/classes/options' });
    expect(options.statusCode).toBe(200);
    const items = options.json().items.filter((o: { label: string }) => o.label.startsWith('Opt'));
    expect(items).toEqual([
      { id: two.id, label: 'Opt 0' },
      { id: one.id, label: 'Opt 1 B' },
    ]);
    // The same classes and order as the list, each with nothing but id and label.
    const listed = (await as(t.app, admin)({ method: 'GET', url: '/api/v1/classes' })).json().items;
    expect(options.json().items.map((o: { id: string }) => o.id)).toEqual(listed.map((c: { id: string }) => c.id));
    expect(Object.keys(options.json().items[0]).sort()).toEqual(['id', 'label']);
    // A teacher sees theirs; students and parents none; another school's admin never sees these; company readers name the school.
    const teacherIds = (await as(t.app, teacherA)({ method: 'GET', url: '/api/v1/classes/options' })).json().items;
    expect(teacherIds.map((o: { id: string }) => o.id)).toEqual([a.classId]);
    for (const s of [studentA, parentA])
      expect((await as(t.app, s)({ method: 'GET', url: '/api/v1/classes/options' })).statusCode).toBe(403);
    const crossIds = (await as(t.app, adminB)({ method: 'GET', url: '/api/v1/classes/options' })).json().items;
    expect(crossIds.map((o: { id: string }) => o.id)).not.toContain(one.id);
    const companyView = await as(
      t.app,
      company,
    )({ method: 'GET', url: `/api/v1/classes/options?schoolId=${school.id}` });
    expect(companyView.json().items).toEqual(options.json().items);
    const bad = await as(t.app, company)({ method: 'GET', url: '/api/v1/classes/options?schoolId=nope' });
    expect(bad.statusCode).toBe(400);
    // A malformed id names no school (docs/product.md, "Who sees whom").
    expect(errorOf(bad).fields?.schoolId).toBe('Valid school ID is required for classes');
  });
});
