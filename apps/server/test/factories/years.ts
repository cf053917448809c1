import type { AcademicYear } from '@lyceum/shared/years';
import type { FastifyInstance } from 'fastify';
import { as, type Session } from '../helpers.ts';

/**
 * An academic year from 1 September of `first` to 31 August of the next, made through the API. Attendance is not
 * taken before a school's first year (docs/product.md, "Attendance"), and a school's first year is the one of
 * the day it was made: a test that marks fixed past dates makes an early year first.
 */
export async function createAcademicYear(app: FastifyInstance, admin: Session, first: number): Promise<AcademicYear> {
  const res = await as(
    app,
    admin,
  )({
    method: 'POST',
    url: '/api/v1/academic-years',
    payload: { name: `${first}-${first + 1}`, startDate: `${first}-09-01`, endDate: `${first + 1}-08-31` },
  });
  if (res.statusCode !== 201) throw new Error(`POST /api/v1/academic-years → ${res.statusCode} ${res.body}`);
  return res.json() as AcademicYear;
}

type Caller = ReturnType<typeof as>;
type Dated = { startDate: string; endDate: string };

/**
 * School `admin`'s year 2026-2027, with an early year before it, so fixed dates of 2026 are never before the
 * school's first year whatever day the suite runs (when it runs in 2026-2027 the school's own first year is it).
 */
export async function year2026(app: FastifyInstance, admin: Session): Promise<AcademicYear> {
  await createAcademicYear(app, admin, 2000);
  return createAcademicYear(app, admin, 2026).catch(async () => {
    const res = await as(app, admin)({ method: 'GET', url: '/api/v1/academic-years' });
    return (res.json().items as AcademicYear[]).find((y) => y.name === '2026-2027') as AcademicYear;
  });
}

/** Writes `year`'s terms and holidays (they replace the old ones), its name and dates kept. */
export async function writeCalendar(
  admin: Caller,
  year: AcademicYear,
  terms: (Dated & { name?: string })[],
  holidays: (Dated & { name?: string })[] = [],
): Promise<void> {
  const named = (list: typeof terms, name: string) => list.map((d, i) => ({ name: `${name} ${i + 1}`, ...d }));
  const res = await admin({
    method: 'PUT',
    url: `/api/v1/academic-years/${year.id}`,
    payload: {
      name: year.name,
      startDate: year.startDate,
      endDate: year.endDate,
      terms: named(terms, 'Term'),
      holidays: named(holidays, 'Holiday'),
    },
  });
  if (res.statusCode !== 200) throw new Error(`PUT /api/v1/academic-years → ${res.statusCode} ${res.body}`);
}

/** A 09:00-09:45 lesson on `day` of the school's class, its subject and teacher, made by its `admin`. */
export async function addLesson(
  admin: Caller,
  school: { classId: string; subjectId: string; users: { teacher: { id: string } } },
  day: string,
): Promise<void> {
  const res = await admin({
    method: 'POST',
    url: '/api/v1/timetable/slots',
    payload: {
      classId: school.classId,
      subjectId: school.subjectId,
      teacherId: school.users.teacher.id,
      room: 'R1',
      day,
      startTime: '09:00',
      endTime: '09:45',
    },
  });
  if (res.statusCode !== 201) throw new Error(`POST /api/v1/timetable/slots → ${res.statusCode} ${res.body}`);
}
