import type { ClassListResponse, ClassOptionsResponse } from '@lyceum/shared/academics';
import type { AnnouncementOptions } from '@lyceum/shared/announcements';
import type { AttendanceOptions, AttendanceRates } from '@lyceum/shared/attendance';
import type { DashboardWithDay } from '@lyceum/shared/day';
import type { StudentListResponse, TeacherListResponse } from '@lyceum/shared/people';
import type { TimetableOptionsResponse } from '@lyceum/shared/timetable';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignTeacher, createClass, createStudent } from './factories/people.ts';
import { type Caller, type SchoolWorld, schoolWorld } from './fixtures/school-world.ts';

/**
 * docs/product.md, "Classes and subjects": a class is shown as its name and section, with its academic year in
 * brackets when the school has another class of that name and section (another year's, as a year-end
 * promotion leaves them). Every label the server builds follows it; a class with no such twin is unchanged.
 */
let w: SchoolWorld;
let admin: Caller;
let thisYear: string;
let nextYear: string;
let single: string;

async function read<T>(url: string): Promise<T> {
  const res = await admin({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

const labelOf = (items: { id: string; label?: string; name?: string }[], id: string) => {
  const item = items.find((i) => i.id === id);
  return item?.label ?? item?.name;
};

beforeAll(async () => {
  w = await schoolWorld();
  admin = await w.a.as('school_admin');
  const session = await w.a.signIn('school_admin');
  // Two classes of one name and section in two years (what a promotion into a year that has one leaves), with
  // the section typed in another case: names and sections are unique per year regardless of case.
  thisYear = (await createClass(w.t.app, session, { name: 'Grade 6', section: 'A', academicYear: '2026-2027' })).id;
  nextYear = (await createClass(w.t.app, session, { name: 'Grade 6', section: 'a', academicYear: '2027-2028' })).id;
  single = (await createClass(w.t.app, session, { name: 'Grade 7', section: 'B', academicYear: '2026-2027' })).id;
  for (const classId of [thisYear, nextYear, single]) await createStudent(w.t.app, session, { classId });
  await assignTeacher(w.t.app, session, nextYear, { teacherId: w.a.users.teacher.id });
});
afterAll(() => w.t.close());

describe('two classes of one name and section in different years', () => {
  it('class options, the class list and the attendance, timetable and announcement pickers add the year', async () => {
    const options = await read<ClassOptionsResponse>('/api/v1/classes/options');
    expect(labelOf(options.items, thisYear)).toBe('Grade 6 A (2026-2027)');
    expect(labelOf(options.items, nextYear)).toBe('Grade 6 a (2027-2028)');
    expect(labelOf(options.items, single)).toBe('Grade 7 B');

    const list = await read<ClassListResponse>('/api/v1/classes');
    expect(labelOf(list.items, nextYear)).toBe('Grade 6 a (2027-2028)');
    expect(labelOf(list.items, single)).toBe('Grade 7 B');

    const attendance = await read<AttendanceOptions>('/api/v1/attendance/options');
    expect(labelOf(attendance.classes, thisYear)).toBe('Grade 6 A (2026-2027)');
    expect(labelOf(attendance.classes, single)).toBe('Grade 7 B');

    const timetable = await read<TimetableOptionsResponse>('/api/v1/timetable/options');
    expect(labelOf(timetable.classes, nextYear)).toBe('Grade 6 a (2027-2028)');
    expect(labelOf(timetable.classes, single)).toBe('Grade 7 B');

    const audience = await read<AnnouncementOptions>('/api/v1/announcements/options');
    expect(labelOf(audience.classes, thisYear)).toBe('Grade 6 A (2026-2027)');
    expect(labelOf(audience.classes, single)).toBe('Grade 7 B');
  });

  it('the rates table and the dashboard rows add the year', async () => {
    const rates = await read<AttendanceRates>('/api/v1/attendance/rates');
    const rateRow = (id: string) => rates.classes.find((c) => c.classId === id)?.className;
    expect(rateRow(thisYear)).toBe('Grade 6 A (2026-2027)');
    expect(rateRow(single)).toBe('Grade 7 B');

    const dashboard = await read<DashboardWithDay>('/api/v1/dashboard');
    const dayRow = (id: string) => dashboard.day?.classes.find((c) => c.classId === id)?.className;
    expect(dayRow(thisYear)).toBe('Grade 6 A (2026-2027)');
    expect(dayRow(nextYear)).toBe('Grade 6 a (2027-2028)');
    expect(dayRow(single)).toBe('Grade 7 B');
  });

  it("students' and teachers' rows carry the class's label", async () => {
    const students = await read<StudentListResponse>(`/api/v1/students?classId=${nextYear}`);
    expect(students.items.map((s) => s.classLabel)).toEqual(['Grade 6 a (2027-2028)']);
    const plain = await read<StudentListResponse>(`/api/v1/students?classId=${single}`);
    expect(plain.items.map((s) => [s.className, s.section, s.classLabel])).toEqual([['Grade 7', 'B', 'Grade 7 B']]);

    const teachers = await read<TeacherListResponse>('/api/v1/teachers');
    const teacher = teachers.items.find((t) => t.id === w.a.users.teacher.id);
    expect(teacher?.assignedClasses.find((c) => c.classId === nextYear)?.classLabel).toBe('Grade 6 a (2027-2028)');
  });
});
