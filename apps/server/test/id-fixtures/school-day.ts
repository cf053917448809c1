import { currentAcademicYearId } from '../../src/db/academic-years.ts';
import { periods, timetableSlots } from '../../src/db/schema/index.ts';
import { withSystem } from '../../src/db/tenancy.ts';
import { newId } from '../../src/lib/ids.ts';
import type { IdFixture } from './types.ts';

/** A period of school A. Each call makes its own, at its own minute (a later fixture's route may delete it). */
let minute = 0;
const periodOfA: IdFixture = async (app, a) => {
  const id = newId();
  const m = String(minute++ % 60).padStart(2, '0');
  await withSystem(app.deps.db, (tx) =>
    tx.insert(periods).values({ schoolId: a.id, id, name: 'Secret of A', startTime: `05:${m}`, endTime: `05:${m}:30` }),
  );
  return { params: { id }, asRole: 'school_admin' };
};

/** A slot of school A's class, taught by its teacher; each call at its own hour so they never collide. */
let hour = 0;
const slotOfA: IdFixture = async (app, a) => {
  const id = newId();
  const h = String(hour++ % 24).padStart(2, '0');
  await withSystem(app.deps.db, (tx) =>
    tx.insert(timetableSlots).values({
      schoolId: a.id,
      id,
      classId: a.classId,
      subjectId: a.subjectId,
      teacherId: a.users.teacher.id,
      room: 'Secret of A',
      day: 'saturday',
      startTime: `${h}:00`,
      endTime: `${h}:30`,
      academicYearId: currentAcademicYearId(a.id),
    }),
  );
  return { params: { id }, asRole: 'school_admin' };
};

const cls: IdFixture = async (_app, a) => ({ params: { id: a.classId }, asRole: 'school_admin' });
const teacher: IdFixture = async (_app, a) => ({ params: { id: a.users.teacher.id }, asRole: 'teacher' });
const student: IdFixture = async (_app, a) => ({ params: { id: a.users.student.id }, asRole: 'parent' });

export const SCHOOL_DAY_ID_FIXTURES: Record<string, IdFixture> = {
  'PATCH /api/v1/timetable/periods/:id': periodOfA,
  'DELETE /api/v1/timetable/periods/:id': periodOfA,
  'GET /api/v1/timetable/slots/:id': slotOfA,
  'PATCH /api/v1/timetable/slots/:id': slotOfA,
  'DELETE /api/v1/timetable/slots/:id': slotOfA,
  'POST /api/v1/timetable/classes/:id/assign-teacher': cls,
  'GET /api/v1/timetable/classes/:id': cls,
  'GET /api/v1/timetable/teachers/:id': teacher,
  'GET /api/v1/timetable/students/:id': student,
  'GET /api/v1/attendance/classes/:id': async (_app, a) => ({ params: { id: a.classId }, asRole: 'teacher' }),
  'GET /api/v1/attendance/classes/:id/register': cls,
  'GET /api/v1/attendance/students/:id': student,
  'GET /api/v1/attendance/classes/:id/register/export': cls,
  'GET /api/v1/attendance/students/:id/export': student,
};
