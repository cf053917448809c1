import { TIMETABLE_MESSAGES, type TimetableSlot } from '@lyceum/shared/timetable';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.ts';
import { PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import { assignTeacher, createClass, createSubject, createTeacher } from './factories/people.ts';
import { type Caller, type SchoolWorld, schoolWorld } from './fixtures/school-world.ts';
import { as, errorOf } from './helpers.ts';
import { countStatements } from './pglite-statements.ts';
import { listenUrl, openStream } from './sse-client.ts';

/** The timetable: periods, slots and their clash rules, the assign-teacher action, week views and who sees them. */
let w: SchoolWorld;
let admin: Caller;
let otherClassId: string;
let secondTeacher: { id: string; name: string };

const slot = (over: Record<string, unknown> = {}) => ({
  classId: w.a.classId,
  subjectId: w.a.subjectId,
  teacherId: w.a.users.teacher.id,
  room: 'R1',
  day: 'monday',
  startTime: '08:00',
  endTime: '08:45',
  ...over,
});

/** The app listens once per file; every live test opens its streams there. */
let listening: Promise<string> | undefined;
const streamsUrl = () => {
  listening ??= listenUrl(w.t.app);
  return listening;
};

/**
 * Runs `change` while a student of school A and one of school B hold live streams: A's student hears a
 * `timetable` event for their class, B's hears none.
 */
async function expectClassAToHear(change: () => Promise<void>): Promise<void> {
  const base = await streamsUrl();
  const studentStream = await openStream(base, (await w.a.signIn('student')).cookie);
  const bStream = await openStream(base, (await w.b.signIn('student')).cookie);
  try {
    await change();
    const event = await studentStream.next('timetable');
    expect(JSON.parse(event.data)).toEqual({ classId: w.a.classId });
    expect(bStream.events.filter((e) => e.event === 'timetable')).toEqual([]);
  } finally {
    studentStream.close();
    bStream.close();
  }
}

async function slotCount(schoolId: string): Promise<number> {
  const r = await w.t.app.deps.db.execute(
    sql`select count(*)::int as n from timetable_slots where school_id = ${schoolId}`,
  );
  return Number((r.rows[0] as { n: number }).n);
}

/** A class of its own with a teacher of its own, so the lessons given them meet no other test's. */
async function freshClass() {
  const adminSession = await w.a.signIn('school_admin');
  const cls = await createClass(w.t.app, adminSession, { subjectIds: [w.a.subjectId] });
  const t = await createTeacher(w.t.app, adminSession, { subjectIds: [w.a.subjectId] });
  await assignTeacher(w.t.app, adminSession, cls.id, { teacherId: t.teacher.id, subjectIds: [w.a.subjectId] });
  return { classId: cls.id, className: cls.label, teacherId: t.teacher.id };
}
const at = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
/**
 * `n` lessons of 5 minutes on Sunday, one every 6 minutes from the `from`th (00:00 first), in seven rooms named
 * after `rooms` (a test's own, so that lessons another test leaves behind clash with none of its own).
 */
const lessons = (n: number, from = 0, rooms = 'R') =>
  Array.from({ length: n }, (_, k) => {
    const i = from + k;
    return {
      subjectId: w.a.subjectId,
      day: 'sunday',
      startTime: at(i * 6),
      endTime: at(i * 6 + 5),
      room: `${rooms}${i % 7}`,
    };
  });

beforeAll(async () => {
  w = await schoolWorld();
  admin = await w.a.as('school_admin');
  const adminSession = await w.a.signIn('school_admin');
  // A second class with the same subject, taught by the same teacher, and a second teacher on the first class.
  const other = await createClass(w.t.app, adminSession, { subjectIds: [w.a.subjectId] });
  otherClassId = other.id;
  const assign = await admin({
    method: 'POST',
    url: `/api/v1/classes/${otherClassId}/teachers`,
    payload: { teacherId: w.a.users.teacher.id, subjectIds: [w.a.subjectId] },
  });
  expect(assign.statusCode).toBe(200);
  const t2 = await createTeacher(w.t.app, adminSession, { subjectIds: [w.a.subjectId] });
  secondTeacher = { id: t2.teacher.id, name: t2.teacher.name };
  const assign2 = await admin({
    method: 'POST',
    url: `/api/v1/classes/${w.a.classId}/teachers`,
    payload: { teacherId: t2.teacher.id, subjectIds: [] },
  });
  expect(assign2.statusCode, assign2.body).toBe(200);
});
afterAll(() => w.t.close());

describe('periods', () => {
  it('are created, listed by start time, changed and deleted by staff', async () => {
    const second = await admin({
      method: 'POST',
      url: '/api/v1/timetable/periods',
      payload: { name: 'Period 2', startTime: '09:00', endTime: '09:45' },
    });
    expect(second.statusCode).toBe(201);
    const first = await admin({
      method: 'POST',
      url: '/api/v1/timetable/periods',
      payload: { name: 'Period 1', startTime: '08:00', endTime: '08:45' },
    });
    const principal = await w.a.as('principal');
    const brk = await principal({
      method: 'POST',
      url: '/api/v1/timetable/periods',
      payload: { name: 'Break', startTime: '08:45', endTime: '09:00', isBreak: true },
    });
    expect(brk.json()).toMatchObject({ name: 'Break', isBreak: true, startTime: '08:45', endTime: '09:00' });
    const student = await w.a.as('student');
    const list = await student({ method: 'GET', url: '/api/v1/timetable/periods' });
    expect(list.json().items.map((p: { name: string }) => p.name)).toEqual(['Period 1', 'Break', 'Period 2']);

    const renamed = await admin({
      method: 'PATCH',
      url: `/api/v1/timetable/periods/${first.json().id}`,
      payload: { name: 'First period' },
    });
    expect(renamed.json()).toMatchObject({ name: 'First period', startTime: '08:00' });
    const gone = await admin({ method: 'DELETE', url: `/api/v1/timetable/periods/${second.json().id}` });
    expect(gone.statusCode).toBe(204);
    const again = await admin({ method: 'DELETE', url: `/api/v1/timetable/periods/${second.json().id}` });
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).message).toBe(TIMETABLE_MESSAGES.periodNotFound);
  });

  it('refuse bad times, an end before the start and a second period at the same start', async () => {
    const bad = await admin({
      method: 'POST',
      url: '/api/v1/timetable/periods',
      payload: { name: 'X', startTime: '8am', endTime: '09:00' },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields?.startTime).toBe(TIMETABLE_MESSAGES.timeFormat);
    const backwards = await admin({
      method: 'POST',
      url: '/api/v1/timetable/periods',
      payload: { name: 'X', startTime: '10:00', endTime: '09:00' },
    });
    expect(backwards.statusCode).toBe(400);
    expect(errorOf(backwards).fields?.endTime).toBe(TIMETABLE_MESSAGES.endAfterStart);
    const late = await admin({
      method: 'POST',
      url: '/api/v1/timetable/periods',
      payload: { name: 'Late', startTime: '15:00', endTime: '15:45' },
    });
    // An edit whose new start passes the stored end is refused in the create's words.
    const pastEnd = await admin({
      method: 'PATCH',
      url: `/api/v1/timetable/periods/${late.json().id}`,
      payload: { startTime: '16:00' },
    });
    expect({ status: pastEnd.statusCode, error: errorOf(pastEnd) }).toEqual({
      status: 400,
      error: {
        code: 'validation',
        message: `Invalid data: ${TIMETABLE_MESSAGES.endAfterStart}`,
        fields: { endTime: TIMETABLE_MESSAGES.endAfterStart },
      },
    });
    const twice = await admin({
      method: 'POST',
      url: '/api/v1/timetable/periods',
      payload: { name: 'Late again', startTime: '15:00', endTime: '15:30' },
    });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).message).toBe(TIMETABLE_MESSAGES.periodExists);
  });

  it('are written by school admins and principals only', async () => {
    for (const role of ['teacher', 'student', 'parent'] as const) {
      const res = await (await w.a.as(role))({
        method: 'POST',
        url: '/api/v1/timetable/periods',
        payload: { name: 'Nope', startTime: '16:00', endTime: '16:45' },
      });
      expect({ role, status: res.statusCode }).toEqual({ role, status: 403 });
    }
  });
});

describe('slots', () => {
  let made: TimetableSlot;

  it('a school admin adds a slot; it carries the names a grid prints', async () => {
    const res = await admin({ method: 'POST', url: '/api/v1/timetable/slots', payload: slot() });
    expect(res.statusCode).toBe(201);
    made = res.json();
    expect(made).toMatchObject({
      classId: w.a.classId,
      subject: 'Mathematics',
      teacherId: w.a.users.teacher.id,
      room: 'R1',
      day: 'monday',
      startTime: '08:00',
      endTime: '08:45',
    });
    expect(made.teacherName).toContain('teacher');
    const read = await (await w.a.as('student'))({ method: 'GET', url: `/api/v1/timetable/slots/${made.id}` });
    expect(read.json()).toEqual(made);
  });

  it("the same class, day, start and end is refused with 'A slot already exists for this time'", async () => {
    const before = await slotCount(w.a.id);
    const res = await admin({
      method: 'POST',
      url: '/api/v1/timetable/slots',
      payload: slot({ room: 'R9' }),
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe('A slot already exists for this time');
    expect(await slotCount(w.a.id)).toBe(before);
  });

  it('a class, a teacher or a room booked twice at overlapping times is refused, naming the clash', async () => {
    // The class at an overlapping time (another teacher, another room).
    const cls = await admin({
      method: 'POST',
      url: '/api/v1/timetable/slots',
      payload: slot({ startTime: '08:30', endTime: '09:15', room: 'R2' }),
    });
    expect(cls.statusCode).toBe(409);
    expect(errorOf(cls).message).toMatch(/^Class 1 A already has Mathematics on Monday 08:00–08:45$/);
    // The teacher in another class at an overlapping time.
    const teacher = await admin({
      method: 'POST',
      url: '/api/v1/timetable/slots',
      payload: slot({ classId: otherClassId, startTime: '08:15', endTime: '09:00', room: 'R3' }),
    });
    expect(teacher.statusCode).toBe(409);
    expect(errorOf(teacher).message).toMatch(/already teaches Class 1 A on Monday 08:00–08:45$/);
    expect(errorOf(teacher).fields?.teacherId).toBe(errorOf(teacher).message);
    // The room, used by another class with another teacher.
    const adminSession = await w.a.signIn('school_admin');
    const room = await admin({
      method: 'POST',
      url: `/api/v1/classes/${otherClassId}/teachers`,
      payload: { teacherId: secondTeacher.id, subjectIds: [w.a.subjectId] },
    });
    expect(room.statusCode).toBe(200);
    expect(adminSession).toBeDefined();
    const roomClash = await admin({
      method: 'POST',
      url: '/api/v1/timetable/slots',
      payload: slot({ classId: otherClassId, teacherId: secondTeacher.id, startTime: '08:40', endTime: '09:20' }),
    });
    expect(roomClash.statusCode).toBe(409);
    expect(errorOf(roomClash).message).toBe('Room R1 is already used by Class 1 A on Monday 08:00–08:45');
    // Touching ends do not overlap.
    const next = await admin({
      method: 'POST',
      url: '/api/v1/timetable/slots',
      payload: slot({ classId: otherClassId, teacherId: secondTeacher.id, startTime: '08:45', endTime: '09:30' }),
    });
    expect(next.statusCode).toBe(201);
  });

  it('a room is one room whatever its letter case or spacing: clashes, its week and the room picker', async () => {
    const first = await admin({
      method: 'POST',
      url: '/api/v1/timetable/slots',
      payload: slot({ room: 'Lab 2', day: 'thursday', startTime: '10:00', endTime: '10:45' }),
    });
    expect(first.statusCode).toBe(201);
    const before = await slotCount(w.a.id);
    const clash = await admin({
      method: 'POST',
      url: '/api/v1/timetable/slots',
      payload: slot({
        classId: otherClassId,
        teacherId: secondTeacher.id,
        room: ' lab   2 ',
        day: 'thursday',
        startTime: '10:15',
        endTime: '11:00',
      }),
    });
    expect(clash.statusCode).toBe(409);
    expect(errorOf(clash).message).toBe('Room Lab 2 is already used by Class 1 A on Thursday 10:00–10:45');
    expect(errorOf(clash).fields?.room).toBe(errorOf(clash).message);
    expect(await slotCount(w.a.id)).toBe(before);
    const after = await admin({
      method: 'POST',
      url: '/api/v1/timetable/slots',
      payload: slot({
        classId: otherClassId,
        teacherId: secondTeacher.id,
        room: 'LAB 2',
        day: 'thursday',
        startTime: '10:45',
        endTime: '11:30',
      }),
    });
    expect(after.statusCode).toBe(201);

    const week = await admin({ method: 'GET', url: '/api/v1/timetable/rooms?room=lab%20%202' });
    expect(week.json().items.map((s: TimetableSlot) => s.room)).toEqual(['Lab 2', 'LAB 2']);
    const options = (await admin({ method: 'GET', url: '/api/v1/timetable/options' })).json();
    expect(options.rooms.filter((r: string) => r.toLowerCase() === 'lab 2')).toEqual(['Lab 2']);
  });

  it('follows the teacher-assignment rule: the subject taught in the class, by a teacher assigned it there', async () => {
    const adminSession = await w.a.signIn('school_admin');
    const stranger = await createTeacher(w.t.app, adminSession);
    const notAssigned = await admin({
      method: 'POST',
      url: '/api/v1/timetable/slots',
      payload: slot({ teacherId: stranger.teacher.id, day: 'tuesday' }),
    });
    expect(notAssigned.statusCode).toBe(422);
    expect(errorOf(notAssigned).message).toBe(TIMETABLE_MESSAGES.teacherNotAssigned);
    // The second teacher is on class 1 without subjects.
    const noSubject = await admin({
      method: 'POST',
      url: '/api/v1/timetable/slots',
      payload: slot({ teacherId: secondTeacher.id, day: 'tuesday' }),
    });
    expect(errorOf(noSubject).message).toBe(TIMETABLE_MESSAGES.teacherNotAssigned);
    const sub = await admin({ method: 'POST', url: '/api/v1/subjects', payload: { name: 'Latin' } });
    const notTaught = await admin({
      method: 'POST',
      url: '/api/v1/timetable/slots',
      payload: slot({ subjectId: sub.json().id, day: 'tuesday' }),
    });
    expect(notTaught.statusCode).toBe(422);
    expect(errorOf(notTaught).message).toBe(TIMETABLE_MESSAGES.subjectNotInClass);
    const unknownClass = await admin({
      method: 'POST',
      url: '/api/v1/timetable/slots',
      payload: slot({ classId: newId(), day: 'tuesday' }),
    });
    expect(unknownClass.statusCode).toBe(404);
    expect(errorOf(unknownClass).message).toBe('Class not found');
    const student = await admin({
      method: 'POST',
      url: '/api/v1/timetable/slots',
      payload: slot({ teacherId: w.a.users.student.id, day: 'tuesday' }),
    });
    expect(errorOf(student).message).toBe('Teacher not found');
  });

  it('refuses bad input with its messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [slot({ day: 'funday' }), 'day', 'Day must be one of Monday to Sunday'],
      [slot({ startTime: '25:00' }), 'startTime', TIMETABLE_MESSAGES.timeFormat],
      [slot({ startTime: '10:00', endTime: '09:00' }), 'endTime', TIMETABLE_MESSAGES.endAfterStart],
      [slot({ classId: 'nope' }), 'classId', 'Invalid id'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await admin({ method: 'POST', url: '/api/v1/timetable/slots', payload });
      expect({ field, status: res.statusCode, message: errorOf(res).fields?.[field] }).toEqual({
        field,
        status: 400,
        message,
      });
    }
  });

  it('is moved and deleted; the moved slot is checked like a new one; an unknown id is not found', async () => {
    const moved = await admin({
      method: 'PATCH',
      url: `/api/v1/timetable/slots/${made.id}`,
      payload: { day: 'wednesday', startTime: '10:00', endTime: '10:45' },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ day: 'wednesday', startTime: '10:00', room: 'R1' });
    const backwards = await admin({
      method: 'PATCH',
      url: `/api/v1/timetable/slots/${made.id}`,
      payload: { endTime: '09:00' },
    });
    expect(errorOf(backwards).fields?.endTime).toBe(TIMETABLE_MESSAGES.endAfterStart);
    // Only the stored slot shows the new start is after its end: worded as the same refusal on create.
    const lateStart = await admin({
      method: 'PATCH',
      url: `/api/v1/timetable/slots/${made.id}`,
      payload: { startTime: '10:50' },
    });
    expect({ status: lateStart.statusCode, error: errorOf(lateStart) }).toEqual({
      status: 400,
      error: {
        code: 'validation',
        message: `Invalid data: ${TIMETABLE_MESSAGES.endAfterStart}`,
        fields: { endTime: TIMETABLE_MESSAGES.endAfterStart },
      },
    });
    const url = `/api/v1/timetable/slots/${made.id}`;
    const toOtherClass = await admin({ method: 'PATCH', url, payload: { classId: otherClassId, room: 'R7' } });
    expect(toOtherClass.statusCode).toBe(400);
    expect(errorOf(toOtherClass).message).toBe(
      'A lesson cannot be moved to another class; delete it and add it to the other class',
    );
    expect(errorOf(toOtherClass).fields?.classId).toBe(errorOf(toOtherClass).message);
    expect((await admin({ method: 'GET', url })).json()).toMatchObject({ classId: w.a.classId, room: 'R1' });
    const ownClass = await admin({ method: 'PATCH', url, payload: { classId: w.a.classId, room: 'R7' } });
    expect(ownClass.statusCode).toBe(200);
    expect(ownClass.json()).toMatchObject({ classId: w.a.classId, room: 'R7' });
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await admin({
        method,
        url: `/api/v1/timetable/slots/${newId()}`,
        payload: method === 'PATCH' ? { room: 'X' } : undefined,
      });
      expect({ method, status: res.statusCode, message: errorOf(res).message }).toEqual({
        method,
        status: 404,
        message: 'Timetable slot not found',
      });
    }
    // As many HTTP clients send a DELETE: the JSON content type and no body at all.
    const del = await admin({
      method: 'DELETE',
      url: `/api/v1/timetable/slots/${made.id}`,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(del.statusCode, del.body).toBe(204);
    const after = await admin({ method: 'GET', url: `/api/v1/timetable/slots/${made.id}` });
    expect(errorOf(after).message).toBe('Timetable slot not found');
  });

  it('are written by school admins and principals only', async () => {
    for (const role of ['teacher', 'student', 'parent'] as const) {
      const res = await (await w.a.as(role))({
        method: 'POST',
        url: '/api/v1/timetable/slots',
        payload: slot({ day: 'friday' }),
      });
      expect({ role, status: res.statusCode }).toEqual({ role, status: 403 });
    }
  });
});

describe('assigning a teacher to a class timetable', () => {
  it('creates the slots it can and says which it skipped and why', async () => {
    const existing = await admin({
      method: 'POST',
      url: '/api/v1/timetable/slots',
      payload: slot({ day: 'thursday', startTime: '11:00', endTime: '11:45', room: 'R4' }),
    });
    expect(existing.statusCode).toBe(201);
    const latin = await admin({ method: 'POST', url: '/api/v1/subjects', payload: { name: 'Greek' } });
    const res = await admin({
      method: 'POST',
      url: `/api/v1/timetable/classes/${w.a.classId}/assign-teacher`,
      payload: {
        teacherId: w.a.users.teacher.id,
        slots: [
          { subjectId: w.a.subjectId, day: 'thursday', startTime: '11:00', endTime: '11:45', room: 'R4' },
          { subjectId: latin.json().id, day: 'thursday', startTime: '12:00', endTime: '12:45' },
          { subjectId: w.a.subjectId, day: 'thursday', startTime: '13:00', endTime: '13:45', room: 'R4' },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.created).toHaveLength(1);
    expect(body.created[0]).toMatchObject({ day: 'thursday', startTime: '13:00' });
    expect(body.skipped).toEqual([
      expect.objectContaining({ startTime: '11:00', reason: 'slot_exists', message: TIMETABLE_MESSAGES.skippedExists }),
      expect.objectContaining({
        startTime: '12:00',
        reason: 'subject_not_assigned',
        message: TIMETABLE_MESSAGES.skippedNotAssigned,
      }),
    ]);
  });

  it("says why each lesson was skipped in the reader's language", async () => {
    const mine = await freshClass();
    const theirs = await freshClass();
    const lesson = (over: Record<string, unknown>) =>
      admin({ method: 'POST', url: '/api/v1/timetable/slots', payload: slot({ day: 'friday', ...over }) });
    const existing = { day: 'friday', startTime: '11:00', endTime: '11:45' };
    const room = { day: 'friday', startTime: '09:00', endTime: '09:45', room: 'Lab 7' };
    expect((await lesson({ ...existing, classId: mine.classId, teacherId: mine.teacherId })).statusCode).toBe(201);
    expect((await lesson({ ...room, classId: theirs.classId, teacherId: theirs.teacherId })).statusCode).toBe(201);
    const rhetoric = await admin({ method: 'POST', url: '/api/v1/subjects', payload: { name: 'Rhetoric' } });
    expect(rhetoric.statusCode).toBe(201);
    const skipped = async (language: string) => {
      const res = await admin({
        method: 'POST',
        url: `/api/v1/timetable/classes/${mine.classId}/assign-teacher`,
        headers: { 'accept-language': language },
        payload: {
          teacherId: mine.teacherId,
          slots: [
            { subjectId: w.a.subjectId, ...existing },
            { subjectId: rhetoric.json().id, day: 'friday', startTime: '12:00', endTime: '12:45' },
            { subjectId: w.a.subjectId, ...room },
          ],
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().created).toEqual([]);
      expect(res.headers['content-language']).toBe(language);
      return res.json().skipped.map((s: { message: string }) => s.message);
    };
    expect(await skipped('en')).toEqual([
      TIMETABLE_MESSAGES.skippedExists,
      TIMETABLE_MESSAGES.skippedNotAssigned,
      `Room Lab 7 is already used by ${theirs.className} on Friday 09:00–09:45`,
    ]);
    expect(await skipped('es')).toEqual([
      'Omitida: ya existe una sesión a esta hora',
      'Omitida: el profesor no tiene asignada esta asignatura en esta clase',
      `El aula Lab 7 ya la usa ${theirs.className} el viernes de 09:00 a 09:45`,
    ]);
    // Right to left, the room and the class are isolated once, as in the refusals.
    expect(await skipped('ar')).toEqual([
      'تم التخطي: يوجد موعد في هذا الوقت بالفعل',
      'تم التخطي: المعلم غير مكلّف بهذه المادة في هذا الفصل',
      `القاعة \u2068Lab 7\u2069 يشغلها \u2068${theirs.className}\u2069 بالفعل يوم الجمعة من 09:00 إلى 09:45`,
    ]);
  });

  it('answers 404 for an unknown class or teacher and writes nothing', async () => {
    const before = await slotCount(w.a.id);
    const noClass = await admin({
      method: 'POST',
      url: `/api/v1/timetable/classes/${newId()}/assign-teacher`,
      payload: { teacherId: w.a.users.teacher.id, slots: [slot()] },
    });
    expect(errorOf(noClass).message).toBe('Class not found');
    const noTeacher = await admin({
      method: 'POST',
      url: `/api/v1/timetable/classes/${w.a.classId}/assign-teacher`,
      payload: { teacherId: newId(), slots: [{ ...slot(), day: 'saturday' }] },
    });
    expect(errorOf(noTeacher).message).toBe('Teacher not found');
    const empty = await admin({
      method: 'POST',
      url: `/api/v1/timetable/classes/${w.a.classId}/assign-teacher`,
      payload: { teacherId: w.a.users.teacher.id, slots: [] },
    });
    expect(errorOf(empty).fields?.slots).toBe('Add at least one slot');
    expect(await slotCount(w.a.id)).toBe(before);
  });
});

describe('an assign-teacher list, judged lesson after lesson', () => {
  it('a lesson clashing with one made earlier in the list is skipped as if that one were stored', async () => {
    const f = await freshClass();
    const res = await admin({
      method: 'POST',
      url: `/api/v1/timetable/classes/${f.classId}/assign-teacher`,
      payload: {
        teacherId: f.teacherId,
        slots: [
          { subjectId: w.a.subjectId, day: 'sunday', startTime: '14:00', endTime: '14:45', room: 'R5' },
          { subjectId: w.a.subjectId, day: 'sunday', startTime: '14:00', endTime: '14:45', room: 'R6' },
          { subjectId: w.a.subjectId, day: 'sunday', startTime: '14:30', endTime: '15:15', room: 'R6' },
          { subjectId: w.a.subjectId, day: 'sunday', startTime: '14:45', endTime: '15:30', room: ' r5 ' },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.created.map((s: TimetableSlot) => [s.startTime, s.endTime, s.room])).toEqual([
      ['14:00', '14:45', 'R5'],
      ['14:45', '15:30', 'r5'],
    ]);
    expect(body.skipped).toEqual([
      expect.objectContaining({ startTime: '14:00', reason: 'slot_exists', message: TIMETABLE_MESSAGES.skippedExists }),
      expect.objectContaining({
        startTime: '14:30',
        reason: 'clash',
        message: `${f.className} already has Mathematics on Sunday 14:00–14:45`,
      }),
    ]);
    // Another class's list meets this one's lessons by room, as a single lesson would.
    const other = await freshClass();
    const room = await admin({
      method: 'POST',
      url: `/api/v1/timetable/classes/${other.classId}/assign-teacher`,
      payload: {
        teacherId: other.teacherId,
        slots: [{ subjectId: w.a.subjectId, day: 'sunday', startTime: '15:00', endTime: '15:45', room: 'R5' }],
      },
    });
    expect(room.json().skipped).toEqual([
      expect.objectContaining({
        reason: 'clash',
        message: `Room r5 is already used by ${f.className} on Sunday 14:45–15:30`,
      }),
    ]);
  });

  // Statements are counted on embedded PGlite (countStatements); a PostgreSQL pool is reached by another path.
  it.runIf(!process.env.TEST_DATABASE_URL)(
    'reads and writes the timetable in as many statements for 100 lessons as for one, made or skipped',
    async () => {
      const f = await freshClass();
      const url = `/api/v1/timetable/classes/${f.classId}/assign-teacher`;
      const statementsOf = async (slots: ReturnType<typeof lessons>) => {
        const counted = countStatements(w.t, ['timetable_slots', 'audit_log']);
        try {
          const res = await admin({ method: 'POST', url, payload: { teacherId: f.teacherId, slots } });
          expect(res.statusCode, res.body).toBe(200);
          return { made: res.json().created.length, skipped: res.json().skipped.length, statements: counted.count() };
        } finally {
          counted.stop();
        }
      };
      const clear = () => admin({ method: 'DELETE', url: `/api/v1/timetable/slots?classId=${f.classId}` });
      const one = await statementsOf(lessons(1, 0, 'Count '));
      const oneAgain = await statementsOf(lessons(1, 0, 'Count '));
      await clear();
      const hundred = await statementsOf(lessons(100, 0, 'Count '));
      const hundredAgain = await statementsOf(lessons(100, 0, 'Count '));
      await clear();
      expect([one.made, oneAgain.skipped, hundred.made, hundredAgain.skipped]).toEqual([1, 1, 100, 100]);
      expect(hundred.statements).toBe(one.statements);
      expect(hundredAgain.statements).toBe(oneAgain.statements);
    },
  );
});

describe("a week's lessons are bounded", () => {
  const lessonsOf = async (classId: string) =>
    Number(
      (
        (
          await w.t.app.deps.db.execute(
            sql`select count(*)::int as n from timetable_slots where school_id = ${w.a.id} and class_id = ${classId}`,
          )
        ).rows[0] as { n: number }
      ).n,
    );

  it('a lesson lasts at least 5 minutes, on every write; an older shorter one keeps its times until they change', async () => {
    const f = await freshClass();
    const one = { classId: f.classId, teacherId: f.teacherId, subjectId: w.a.subjectId, day: 'sunday', room: '' };
    const short = await admin({
      method: 'POST',
      url: '/api/v1/timetable/slots',
      payload: { ...one, startTime: '00:00', endTime: '00:04' },
    });
    expect({ status: short.statusCode, fields: errorOf(short).fields }).toEqual({
      status: 400,
      fields: { endTime: 'A lesson lasts at least 5 minutes' },
    });
    const list = await admin({
      method: 'POST',
      url: `/api/v1/timetable/classes/${f.classId}/assign-teacher`,
      payload: {
        teacherId: f.teacherId,
        slots: [...lessons(1, 0, 'Short '), { ...lessons(1, 1, 'Short ')[0], endTime: '00:07' }],
      },
    });
    expect(list.statusCode).toBe(400);
    expect(errorOf(list).fields).toEqual({ 'slots.1.endTime': TIMETABLE_MESSAGES.lessonTooShort });
    expect(await lessonsOf(f.classId)).toBe(0);
    const spanish = await admin({
      method: 'POST',
      url: '/api/v1/timetable/slots',
      headers: { 'accept-language': 'es' },
      payload: { ...one, startTime: '00:00', endTime: '00:01' },
    });
    expect(errorOf(spanish).fields?.endTime).toBe('Una sesión dura al menos 5 minutos');

    const made = await admin({
      method: 'POST',
      url: '/api/v1/timetable/slots',
      payload: { ...one, startTime: '00:00', endTime: '00:05' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const url = `/api/v1/timetable/slots/${made.json().id}`;
    const shortened = await admin({ method: 'PATCH', url, payload: { endTime: '00:03' } });
    expect({ status: shortened.statusCode, error: errorOf(shortened) }).toEqual({
      status: 400,
      error: {
        code: 'validation',
        message: `Invalid data: ${TIMETABLE_MESSAGES.lessonTooShort}`,
        fields: { endTime: TIMETABLE_MESSAGES.lessonTooShort },
      },
    });
    // A lesson stored before the minimum (written here behind the API's back) still moves room.
    await w.t.app.deps.db.execute(sql`update timetable_slots set end_time = '00:01' where id = ${made.json().id}`);
    const moved = await admin({ method: 'PATCH', url, payload: { room: 'R9' } });
    expect(moved.json()).toMatchObject({ startTime: '00:00', endTime: '00:01', room: 'R9' });
    await admin({ method: 'DELETE', url: `/api/v1/timetable/slots?classId=${f.classId}` });
  });

  it('a class has at most 100 lessons a week: a list or a lesson past it is refused whole, nothing written', async () => {
    const f = await freshClass();
    const assign = (slots: ReturnType<typeof lessons>, headers?: Record<string, string>) =>
      admin({
        method: 'POST',
        url: `/api/v1/timetable/classes/${f.classId}/assign-teacher`,
        payload: { teacherId: f.teacherId, slots },
        headers,
      });
    expect((await assign(lessons(60, 0, 'Class '))).json().created).toHaveLength(60);
    const over = await assign(lessons(50, 60, 'Class '));
    expect({ status: over.statusCode, message: errorOf(over).message }).toEqual({
      status: 422,
      message: 'Lesson limit reached: a class can have at most 100 lessons a week.',
    });
    expect(await lessonsOf(f.classId)).toBe(60);
    // Lessons the list skips are not counted: 40 already there and 40 new reach the limit exactly.
    const upTo = await assign([...lessons(60, 0, 'Class '), ...lessons(40, 60, 'Class ')].slice(20));
    expect(upTo.statusCode, upTo.body).toBe(200);
    expect(upTo.json().created).toHaveLength(40);
    expect(await lessonsOf(f.classId)).toBe(100);

    const single = await admin({
      method: 'POST',
      url: '/api/v1/timetable/slots',
      payload: { ...lessons(1, 100, 'Class ')[0], classId: f.classId, teacherId: f.teacherId },
    });
    expect(single.statusCode).toBe(422);
    expect(errorOf(single).message).toBe(TIMETABLE_MESSAGES.classLessonsFull);
    const spanish = await assign(lessons(1, 100, 'Class '), { 'accept-language': 'es' });
    expect(errorOf(spanish).message).toBe(
      'Límite de sesiones alcanzado: una clase puede tener como máximo 100 sesiones a la semana.',
    );
    // A list of lessons all there already writes nothing, so it is no refusal.
    expect((await assign(lessons(100, 0, 'Class '))).json().skipped).toHaveLength(100);
    expect(await lessonsOf(f.classId)).toBe(100);
    await admin({ method: 'DELETE', url: `/api/v1/timetable/slots?classId=${f.classId}` });
  });

  it('a teacher has at most 100 lessons a week, in all their classes: a new lesson or a lesson handed over is refused', async () => {
    const full = await freshClass();
    const url = `/api/v1/timetable/classes/${full.classId}/assign-teacher`;
    const filled = await admin({
      method: 'POST',
      url,
      payload: { teacherId: full.teacherId, slots: lessons(100, 0, 'Teacher ') },
    });
    expect(filled.json().created).toHaveLength(100);
    const other = await freshClass();
    const adminSession = await w.a.signIn('school_admin');
    await assignTeacher(w.t.app, adminSession, other.classId, {
      teacherId: full.teacherId,
      subjectIds: [w.a.subjectId],
    });
    const monday = { subjectId: w.a.subjectId, day: 'monday', startTime: '08:00', endTime: '08:45', room: '' };
    const added = await admin({
      method: 'POST',
      url: '/api/v1/timetable/slots',
      payload: { ...monday, classId: other.classId, teacherId: full.teacherId },
    });
    expect({ status: added.statusCode, message: errorOf(added).message }).toEqual({
      status: 422,
      message: 'Lesson limit reached: a teacher can have at most 100 lessons a week.',
    });
    const listed = await admin({
      method: 'POST',
      url: `/api/v1/timetable/classes/${other.classId}/assign-teacher`,
      payload: { teacherId: full.teacherId, slots: [monday] },
    });
    expect(errorOf(listed).message).toBe(TIMETABLE_MESSAGES.teacherLessonsFull);
    expect(await lessonsOf(other.classId)).toBe(0);
    const own = await admin({
      method: 'POST',
      url: '/api/v1/timetable/slots',
      payload: { ...monday, classId: other.classId, teacherId: other.teacherId },
    });
    expect(own.statusCode, own.body).toBe(201);
    const handedOver = await admin({
      method: 'PATCH',
      url: `/api/v1/timetable/slots/${own.json().id}`,
      payload: { teacherId: full.teacherId },
    });
    expect(handedOver.statusCode).toBe(422);
    expect(errorOf(handedOver).fields?.teacherId).toBe(TIMETABLE_MESSAGES.teacherLessonsFull);
    const kept = await admin({ method: 'GET', url: `/api/v1/timetable/slots/${own.json().id}` });
    expect(kept.json().teacherId).toBe(other.teacherId);
    // Moving one of the full teacher's own lessons in time adds none.
    const [first] = filled.json().created as TimetableSlot[];
    const later = await admin({
      method: 'PATCH',
      url: `/api/v1/timetable/slots/${first?.id}`,
      payload: { startTime: '23:00', endTime: '23:45' },
    });
    expect(later.statusCode, later.body).toBe(200);
    for (const classId of [full.classId, other.classId]) {
      await admin({ method: 'DELETE', url: `/api/v1/timetable/slots?classId=${classId}` });
    }
  });
});

describe('missing, null or mistyped fields', () => {
  it("get the field's own message, never zod's generic one, and write nothing", async () => {
    const periodsBefore = (await admin({ method: 'GET', url: '/api/v1/timetable/periods' })).json().items.length;
    const slotsBefore = await slotCount(w.a.id);
    const { teacherId: _t, ...lesson } = slot({ day: 'saturday' });
    const assign = `/api/v1/timetable/classes/${w.a.classId}/assign-teacher`;
    const cases: [string, string, Record<string, unknown> | undefined, Record<string, string>][] = [
      [
        'POST',
        '/api/v1/timetable/periods',
        { startTime: '18:00', endTime: '18:30' },
        { name: 'Period name is required' },
      ],
      [
        'POST',
        '/api/v1/timetable/periods',
        { name: null, startTime: '18:00', endTime: '18:30' },
        { name: 'Period name is required' },
      ],
      [
        'POST',
        '/api/v1/timetable/periods',
        { name: 'X', startTime: '18:00', endTime: '18:30', isBreak: 'yes' },
        { isBreak: 'Break must be true or false' },
      ],
      ['POST', '/api/v1/timetable/slots', slot({ room: null }), { room: 'Room must be text' }],
      ['POST', '/api/v1/timetable/slots', slot({ room: 12 }), { room: 'Room must be text' }],
      [
        'POST',
        '/api/v1/timetable/slots',
        slot({ startTime: '9:00', endTime: '10:00' }),
        { startTime: TIMETABLE_MESSAGES.timeFormat },
      ],
      ['POST', '/api/v1/timetable/slots', slot({ startTime: undefined }), { startTime: TIMETABLE_MESSAGES.timeFormat }],
      ['POST', '/api/v1/timetable/slots', slot({ day: null }), { day: 'Day must be one of Monday to Sunday' }],
      ['GET', '/api/v1/timetable/rooms', undefined, { room: 'Room is required' }],
      ['GET', '/api/v1/timetable/rooms?room=%20', undefined, { room: 'Room is required' }],
      ['POST', assign, { teacherId: w.a.users.teacher.id }, { slots: 'Add at least one slot' }],
      ['POST', assign, { teacherId: w.a.users.teacher.id, slots: null }, { slots: 'Add at least one slot' }],
      [
        'POST',
        assign,
        { teacherId: w.a.users.teacher.id, slots: Array.from({ length: 101 }, () => lesson) },
        { slots: 'At most 100 slots at a time' },
      ],
    ];
    for (const [method, url, payload, fields] of cases) {
      const res = await admin({ method: method as 'GET' | 'POST', url, payload });
      expect({ url, payload, status: res.statusCode, fields: errorOf(res).fields }).toEqual({
        url,
        payload,
        status: 400,
        fields,
      });
      expect(res.body).not.toContain('Invalid input');
    }
    expect((await admin({ method: 'GET', url: '/api/v1/timetable/periods' })).json().items).toHaveLength(periodsBefore);
    expect(await slotCount(w.a.id)).toBe(slotsBefore);
  });
});

describe('week views', () => {
  beforeAll(async () => {
    // Sunday first and Monday last in time of creation, so order cannot come from insertion.
    for (const [day, startTime, endTime] of [
      ['sunday', '09:00', '09:45'],
      ['monday', '14:00', '14:45'],
      ['monday', '07:00', '07:45'],
    ] as const) {
      const res = await admin({
        method: 'POST',
        url: '/api/v1/timetable/slots',
        payload: slot({ day, startTime, endTime, room: `W-${day}-${startTime}` }),
      });
      expect(res.statusCode).toBe(201);
    }
  });

  const order = (items: TimetableSlot[]) => items.map((s) => `${s.day} ${s.startTime}`);

  it('a class week runs Monday to Sunday, then by start time', async () => {
    const res = await admin({ method: 'GET', url: `/api/v1/timetable/classes/${w.a.classId}` });
    const days = order(res.json().items);
    expect(days[0]).toBe('monday 07:00');
    expect(days.at(-1)).toBe('sunday 09:00');
    const sorted = [...days].sort((a, b) => {
      const week = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
      const [da, ta] = a.split(' ') as [string, string];
      const [db, tb] = b.split(' ') as [string, string];
      return week.indexOf(da) - week.indexOf(db) || ta.localeCompare(tb);
    });
    expect(days).toEqual(sorted);
  });

  it("every week view starts on the school's first day of the week", async () => {
    const locale = (await admin({ method: 'GET', url: '/api/v1/school/locale' })).json();
    const setWeekStart = async (weekStart: string) => {
      const res = await admin({ method: 'PUT', url: '/api/v1/school/locale', payload: { ...locale, weekStart } });
      expect(res.statusCode, res.body).toBe(200);
    };
    await setWeekStart('sunday');
    try {
      const classWeek = (await admin({ method: 'GET', url: `/api/v1/timetable/classes/${w.a.classId}` })).json()
        .items as TimetableSlot[];
      expect(order(classWeek).slice(0, 3)).toEqual(['sunday 09:00', 'monday 07:00', 'monday 14:00']);
      const parent = await w.a.as('parent');
      const children = (await parent({ method: 'GET', url: '/api/v1/timetable/children' })).json().children;
      expect(order(children[0].items)).toEqual(order(classWeek));
      const student = await w.a.as('student');
      const mine = await student({ method: 'GET', url: `/api/v1/timetable/students/${w.a.users.student.id}` });
      expect(order(mine.json().items)).toEqual(order(classWeek));
      const teacher = await w.a.as('teacher');
      for (const url of [
        `/api/v1/timetable/teachers/${w.a.users.teacher.id}`,
        '/api/v1/timetable/rooms?room=W-sunday-09:00',
      ]) {
        expect((await teacher({ method: 'GET', url })).json().items[0].day).toBe('sunday');
      }
    } finally {
      await setWeekStart('monday');
    }
  });

  it('the student reads their class week, the parent each child, the teacher their own', async () => {
    const classWeek = (await admin({ method: 'GET', url: `/api/v1/timetable/classes/${w.a.classId}` })).json().items;
    const student = await w.a.as('student');
    const mine = await student({ method: 'GET', url: `/api/v1/timetable/students/${w.a.users.student.id}` });
    expect(mine.json().items).toEqual(classWeek);
    const parent = await w.a.as('parent');
    const children = await parent({ method: 'GET', url: '/api/v1/timetable/children' });
    expect(children.json().children).toEqual([
      expect.objectContaining({ studentId: w.a.users.student.id, classId: w.a.classId, items: classWeek }),
    ]);
    const child = await parent({ method: 'GET', url: `/api/v1/timetable/students/${w.a.users.student.id}` });
    expect(child.json().items).toEqual(classWeek);
    const teacher = await w.a.as('teacher');
    const own = await teacher({ method: 'GET', url: `/api/v1/timetable/teachers/${w.a.users.teacher.id}` });
    expect(own.json().items.length).toBeGreaterThan(0);
    expect(own.json().items.every((s: TimetableSlot) => s.teacherId === w.a.users.teacher.id)).toBe(true);
    const room = await teacher({ method: 'GET', url: '/api/v1/timetable/rooms?room=R4' });
    expect(room.json().items.every((s: TimetableSlot) => s.room === 'R4')).toBe(true);
    expect(room.json().items.length).toBe(2);
  });

  it("nobody reads a week that is not theirs: another teacher's, another student's, a class they do not teach", async () => {
    const teacher = await w.a.as('teacher');
    const other = await teacher({ method: 'GET', url: `/api/v1/timetable/teachers/${secondTeacher.id}` });
    expect(other.statusCode).toBe(404);
    expect(errorOf(other).message).toBe('Teacher not found');
    const adminSession = await w.a.signIn('school_admin');
    const lonely = await createClass(w.t.app, adminSession);
    const notTaught = await teacher({ method: 'GET', url: `/api/v1/timetable/classes/${lonely.id}` });
    expect(errorOf(notTaught).message).toBe('Class not found');
    const student = await w.a.as('student');
    const otherClass = await student({ method: 'GET', url: `/api/v1/timetable/classes/${otherClassId}` });
    expect(otherClass.statusCode).toBe(404);
    const parent = await w.a.as('parent');
    const stranger = await parent({ method: 'GET', url: `/api/v1/timetable/students/${newId()}` });
    expect(errorOf(stranger).message).toBe('Student not found');
    const studentReadsTeacher = await student({
      method: 'GET',
      url: `/api/v1/timetable/teachers/${w.a.users.teacher.id}`,
    });
    expect(studentReadsTeacher.statusCode).toBe(403);
  });
});

describe('the page options', () => {
  type Options = { id: string; name: string }[];
  const ids = (list: Options) => list.map((o) => o.id);

  it('staff get the periods and every picker; a teacher their classes, themself and the rooms', async () => {
    const res = await admin({ method: 'GET', url: '/api/v1/timetable/options' });
    expect(res.statusCode).toBe(200);
    const staff = res.json();
    expect(staff.periods.length).toBeGreaterThan(0);
    expect(ids(staff.classes)).toEqual(expect.arrayContaining([w.a.classId, otherClassId]));
    expect(ids(staff.teachers)).toEqual(expect.arrayContaining([w.a.users.teacher.id, secondTeacher.id]));
    expect(ids(staff.subjects)).toContain(w.a.subjectId);
    expect(staff.rooms).toContain('R4');
    expect(staff.assignments).toContainEqual({
      classId: otherClassId,
      teacherId: w.a.users.teacher.id,
      subjectIds: [w.a.subjectId],
    });
    // Each class's subjects, so a new lesson is offered only those (docs/product.md, "Timetable screens").
    expect(staff.classSubjects).toContainEqual({ classId: otherClassId, subjectIds: [w.a.subjectId] });
    // Options are ids and names only, never full records.
    expect(Object.keys(staff.classes[0]).sort()).toEqual(['id', 'name']);

    const teacher = await (await w.a.as('teacher'))({ method: 'GET', url: '/api/v1/timetable/options' });
    const mine = teacher.json();
    expect(ids(mine.teachers)).toEqual([w.a.users.teacher.id]);
    expect(ids(mine.classes).sort()).toEqual([w.a.classId, otherClassId].sort());
    expect(mine.rooms).toContain('R4');
    expect(mine.subjects).toEqual([]);
    expect(mine.assignments).toEqual([]);
    expect(mine.classSubjects).toEqual([]);
  });

  it('students and parents get only the periods; company staff may not ask', async () => {
    for (const role of ['student', 'parent'] as const) {
      const res = await (await w.a.as(role))({ method: 'GET', url: '/api/v1/timetable/options' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.periods.length).toBeGreaterThan(0);
      expect({ role, classes: body.classes, teachers: body.teachers, rooms: body.rooms }).toEqual({
        role,
        classes: [],
        teachers: [],
        rooms: [],
      });
    }
    const company = as(w.t.app, await w.staff('company_admin'));
    const res = await company({ method: 'GET', url: '/api/v1/timetable/options' });
    expect(res.statusCode).toBe(403);
  });

  it("another school's staff see none of this school's classes, teachers, rooms or periods", async () => {
    const b = (await (await w.b.as('school_admin'))({ method: 'GET', url: '/api/v1/timetable/options' })).json();
    const all = [...ids(b.classes), ...ids(b.teachers), ...ids(b.subjects)];
    expect(all).not.toContain(w.a.classId);
    expect(all).not.toContain(w.a.users.teacher.id);
    expect(all).not.toContain(w.a.subjectId);
    expect(b.classSubjects.map((c: { classId: string }) => c.classId)).not.toContain(w.a.classId);
    expect(b.rooms).not.toContain('R4');
    expect(b.periods).toEqual([]);
  });
});

/**
 * A class of its own with one subject (two with `second`) and one teacher of them, so no other test's lessons are
 * in the way.
 */
async function taughtClass({ second = false } = {}) {
  const session = await w.a.signIn('school_admin');
  const subject = await createSubject(w.t.app, session);
  const other = second ? await createSubject(w.t.app, session) : null;
  const subjectIds = other ? [subject.id, other.id] : [subject.id];
  const cls = await createClass(w.t.app, session, { subjectIds });
  const { teacher } = await createTeacher(w.t.app, session, { subjectIds });
  await assignTeacher(w.t.app, session, cls.id, { teacherId: teacher.id, subjectIds });
  const lesson = (startTime: string, endTime: string, subjectId = subject.id) =>
    slot({
      classId: cls.id,
      subjectId,
      teacherId: teacher.id,
      room: '',
      day: 'sunday',
      startTime,
      endTime,
    });
  return { subject, other, cls, teacher, lesson };
}
const week = async (classId: string) =>
  (await admin({ method: 'GET', url: `/api/v1/timetable/classes/${classId}` })).json().items as TimetableSlot[];

describe('a subject that leaves a class or is deactivated', () => {
  it('is refused while its lessons are in the timetable, naming how many; once they are deleted it goes', async () => {
    const { subject, cls, lesson } = await taughtClass();
    const ids: string[] = [];
    for (const [start, end] of [
      ['08:00', '08:45'],
      ['09:00', '09:45'],
    ] as const) {
      const made = await admin({ method: 'POST', url: '/api/v1/timetable/slots', payload: lesson(start, end) });
      expect(made.statusCode, made.body).toBe(201);
      ids.push(made.json().id);
    }

    const drop = () =>
      admin({ method: 'PATCH', url: `/api/v1/classes/${cls.id}`, payload: { name: 'Renamed', subjectIds: [] } });
    const refused = await drop();
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(PEOPLE_MESSAGES.classSubjectHasLessons(subject.name, 2));
    expect(errorOf(refused).message).toBe(
      `This class still has 2 ${subject.name} lessons in its timetable. Delete them first.`,
    );
    expect(errorOf(refused).fields?.subjectIds).toBe(errorOf(refused).message);
    const deactivate = () => admin({ method: 'POST', url: `/api/v1/subjects/${subject.id}/deactivate` });
    const notDeactivated = await deactivate();
    expect(notDeactivated.statusCode).toBe(409);
    expect(errorOf(notDeactivated).message).toBe(
      'This subject still has 2 lessons in the timetable. Delete them first.',
    );
    // Nothing changed: the class keeps its name and subject, the subject stays active, the week its lessons.
    const kept = (await admin({ method: 'GET', url: `/api/v1/classes/${cls.id}` })).json();
    expect(kept).toMatchObject({ name: cls.name, subjects: [{ id: subject.id }] });
    const subjects = (await admin({ method: 'GET', url: '/api/v1/subjects?status=all' })).json().items;
    expect(subjects.find((s: { id: string }) => s.id === subject.id).isActive).toBe(true);
    expect((await week(cls.id)).map((s) => s.id).sort()).toEqual([...ids].sort());

    expect((await admin({ method: 'DELETE', url: `/api/v1/timetable/slots/${ids[0]}` })).statusCode).toBe(204);
    expect(errorOf(await drop()).message).toBe(
      `This class still has 1 ${subject.name} lesson in its timetable. Delete it first.`,
    );
    expect(errorOf(await deactivate()).message).toBe(
      'This subject still has 1 lesson in the timetable. Delete it first.',
    );
    expect((await admin({ method: 'DELETE', url: `/api/v1/timetable/slots/${ids[1]}` })).statusCode).toBe(204);
    const dropped = await drop();
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(dropped.json()).toMatchObject({ name: 'Renamed', subjects: [] });
    expect((await deactivate()).statusCode).toBe(200);
  });

  it('a deactivated subject is put into no week; a lesson kept from before still moves in time', async () => {
    const { subject, cls, teacher, lesson } = await taughtClass();
    const off = await admin({ method: 'POST', url: `/api/v1/subjects/${subject.id}/deactivate` });
    expect(off.statusCode).toBe(200);
    const made = await admin({ method: 'POST', url: '/api/v1/timetable/slots', payload: lesson('10:00', '10:45') });
    expect(made.statusCode).toBe(404);
    expect(errorOf(made)).toMatchObject({
      message: PEOPLE_MESSAGES.subjectNotFound,
      fields: { subjectId: PEOPLE_MESSAGES.subjectNotFound },
    });
    const { classId: _, teacherId: __, ...one } = lesson('10:00', '10:45');
    const assigned = await admin({
      method: 'POST',
      url: `/api/v1/timetable/classes/${cls.id}/assign-teacher`,
      payload: { teacherId: teacher.id, slots: [one] },
    });
    expect(assigned.statusCode).toBe(404);
    expect(errorOf(assigned).message).toBe(PEOPLE_MESSAGES.subjectNotFound);
    expect(await week(cls.id)).toEqual([]);

    // A lesson of a subject deactivated before this rule existed keeps its subject when it moves.
    await admin({ method: 'POST', url: `/api/v1/subjects/${subject.id}/reactivate` });
    const old = await admin({ method: 'POST', url: '/api/v1/timetable/slots', payload: lesson('11:00', '11:45') });
    expect(old.statusCode).toBe(201);
    await w.t.app.deps.db.execute(sql`update subjects set is_active = false where id = ${subject.id}`);
    const moved = await admin({
      method: 'PATCH',
      url: `/api/v1/timetable/slots/${old.json().id}`,
      payload: { startTime: '12:00', endTime: '12:45' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
  });
});

describe('a teacher who leaves a class, or a class or teacher deactivated', () => {
  const add = async (payload: Record<string, unknown>) => {
    const made = await admin({ method: 'POST', url: '/api/v1/timetable/slots', payload });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().id as string;
  };
  const remove = async (id: string) =>
    expect((await admin({ method: 'DELETE', url: `/api/v1/timetable/slots/${id}` })).statusCode).toBe(204);

  it("a teacher leaves a class, or a subject there, only once their lessons are out of the class's timetable", async () => {
    const { subject, other, cls, teacher, lesson } = await taughtClass({ second: true });
    if (!other) throw new Error('two subjects');
    const maths = [await add(lesson('08:00', '08:45')), await add(lesson('09:00', '09:45'))];
    const art = await add(lesson('10:00', '10:45', other.id));

    // Re-assigned with the second subject only: the first one's two lessons stay, so nothing of it is kept.
    const reassign = () =>
      admin({
        method: 'POST',
        url: `/api/v1/classes/${cls.id}/teachers`,
        payload: { teacherId: teacher.id, subjectIds: [other.id], isClassTeacher: true },
      });
    const fewer = await reassign();
    expect(fewer.statusCode).toBe(409);
    expect(errorOf(fewer).message).toBe(
      `This teacher still has 2 ${subject.name} lessons in this class's timetable. Delete them first.`,
    );
    expect(errorOf(fewer).fields?.subjectIds).toBe(errorOf(fewer).message);
    // Unassigned: refused while any lesson of theirs is there, naming the first subject by name.
    const unassign = () => admin({ method: 'DELETE', url: `/api/v1/classes/${cls.id}/teachers/${teacher.id}` });
    const first = [
      { name: subject.name, n: 2 },
      { name: other.name, n: 1 },
    ].sort((a, b) => a.name.localeCompare(b.name))[0];
    const refused = await unassign();
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(PEOPLE_MESSAGES.teacherSubjectHasLessons(first?.name ?? '', first?.n ?? 0));
    const kept = (await admin({ method: 'GET', url: `/api/v1/classes/${cls.id}` })).json();
    expect(kept.assignedTeachers).toMatchObject([{ teacherId: teacher.id, isClassTeacher: false }]);
    expect(kept.assignedTeachers[0].subjects.map((s: { id: string }) => s.id).sort()).toEqual(
      [subject.id, other.id].sort(),
    );
    expect((await week(cls.id)).length).toBe(3);

    await remove(maths[0] ?? '');
    expect(errorOf(await reassign()).message).toBe(
      `This teacher still has 1 ${subject.name} lesson in this class's timetable. Delete it first.`,
    );
    await remove(maths[1] ?? '');
    const reassigned = await reassign();
    expect(reassigned.statusCode, reassigned.body).toBe(200);
    expect(reassigned.json().assignedTeachers).toMatchObject([
      { teacherId: teacher.id, isClassTeacher: true, subjects: [{ id: other.id }] },
    ]);
    expect(errorOf(await unassign()).message).toBe(
      `This teacher still has 1 ${other.name} lesson in this class's timetable. Delete it first.`,
    );
    await remove(art);
    const unassigned = await unassign();
    expect(unassigned.statusCode, unassigned.body).toBe(200);
    expect(unassigned.json().assignedTeachers).toEqual([]);
  });

  it('a class or a teacher with lessons in the timetable is not deactivated, on any page; without them it is', async () => {
    const { cls, teacher, lesson } = await taughtClass();
    const ids = [await add(lesson('08:00', '08:45')), await add(lesson('09:00', '09:45'))];
    const deactivateClass = () => admin({ method: 'POST', url: `/api/v1/classes/${cls.id}/deactivate` });
    const deactivateTeacher = () => admin({ method: 'POST', url: `/api/v1/teachers/${teacher.id}/deactivate` });
    const deactivateUser = () => admin({ method: 'POST', url: `/api/v1/users/${teacher.id}/deactivate` });

    for (const [refused, message] of [
      [await deactivateClass(), 'This class still has 2 lessons in its timetable. Delete them first.'],
      [await deactivateTeacher(), 'This teacher still has 2 lessons in the timetable. Delete them first.'],
      [await deactivateUser(), 'This teacher still has 2 lessons in the timetable. Delete them first.'],
    ] as const) {
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused).message).toBe(message);
    }
    expect(PEOPLE_MESSAGES.classHasLessons(2)).toBe(
      'This class still has 2 lessons in its timetable. Delete them first.',
    );
    expect(PEOPLE_MESSAGES.teacherHasLessons(2)).toBe(
      'This teacher still has 2 lessons in the timetable. Delete them first.',
    );
    // Nothing changed: both stay active, the teacher signed in, the week keeps its lessons.
    expect((await admin({ method: 'GET', url: `/api/v1/classes/${cls.id}` })).json().isActive).toBe(true);
    expect((await admin({ method: 'GET', url: `/api/v1/teachers/${teacher.id}` })).json().isActive).toBe(true);
    expect((await week(cls.id)).map((s) => s.id).sort()).toEqual([...ids].sort());

    await remove(ids[0] ?? '');
    expect(errorOf(await deactivateClass()).message).toBe(
      'This class still has 1 lesson in its timetable. Delete it first.',
    );
    expect(errorOf(await deactivateTeacher()).message).toBe(
      'This teacher still has 1 lesson in the timetable. Delete it first.',
    );
    await remove(ids[1] ?? '');
    const classOff = await deactivateClass();
    expect(classOff.statusCode, classOff.body).toBe(200);
    expect(classOff.json().isActive).toBe(false);
    const teacherOff = await deactivateTeacher();
    expect(teacherOff.statusCode, teacherOff.body).toBe(200);
    expect(teacherOff.json().isActive).toBe(false);
  });
});

describe('another school', () => {
  it('gets 404 for every id of this school, and writes nothing with them', async () => {
    const b = await w.b.as('school_admin');
    const before = await slotCount(w.a.id);
    const reads = [
      `/api/v1/timetable/classes/${w.a.classId}`,
      `/api/v1/timetable/teachers/${w.a.users.teacher.id}`,
      `/api/v1/timetable/students/${w.a.users.student.id}`,
    ];
    for (const url of reads)
      expect({ url, status: (await b({ method: 'GET', url })).statusCode }).toEqual({ url, status: 404 });
    const write = await b({ method: 'POST', url: '/api/v1/timetable/slots', payload: slot({ day: 'saturday' }) });
    expect(write.statusCode).toBe(404);
    const assign = await b({
      method: 'POST',
      url: `/api/v1/timetable/classes/${w.a.classId}/assign-teacher`,
      payload: { teacherId: w.a.users.teacher.id, slots: [{ ...slot(), day: 'saturday' }] },
    });
    expect(assign.statusCode).toBe(404);
    expect(await slotCount(w.a.id)).toBe(before);
  });
});

describe('live', () => {
  it('a change reaches the open grids of those who may read the class, as a timetable event', async () => {
    await expectClassAToHear(async () => {
      const res = await admin({
        method: 'POST',
        url: '/api/v1/timetable/slots',
        payload: slot({ day: 'friday', startTime: '15:00', endTime: '15:45', room: 'Live' }),
      });
      expect(res.statusCode).toBe(201);
    });
  });
});

describe("clearing a class's or a teacher's week", () => {
  const clear = (query: string, caller: Caller = admin) =>
    caller({ method: 'DELETE', url: `/api/v1/timetable/slots?${query}` });
  const add = async (payload: Record<string, unknown>) => {
    const made = await admin({ method: 'POST', url: '/api/v1/timetable/slots', payload });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().id as string;
  };

  it('deletes every lesson of the class, or of one subject of it, answering how many; then the class deactivates', async () => {
    const { subject, other, cls, lesson } = await taughtClass({ second: true });
    if (!other) throw new Error('two subjects');
    await add(lesson('08:00', '08:45'));
    await add(lesson('09:00', '09:45'));
    const art = await add(lesson('10:00', '10:45', other.id));
    const before = await slotCount(w.a.id);

    const maths = await clear(`classId=${cls.id}&subjectId=${subject.id}`);
    expect(maths.statusCode, maths.body).toBe(200);
    expect(maths.json()).toEqual({ deleted: 2 });
    expect((await week(cls.id)).map((s) => s.id)).toEqual([art]);
    // The principal edits the timetable too; the rest of the class goes, and nothing of any other class.
    const rest = await clear(`classId=${cls.id}`, await w.a.as('principal'));
    expect(rest.json()).toEqual({ deleted: 1 });
    expect(await week(cls.id)).toEqual([]);
    expect(await slotCount(w.a.id)).toBe(before - 3);
    const again = await clear(`classId=${cls.id}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ deleted: 0 });
    // What the refuse-first rule asked for is done: the class deactivates.
    expect((await admin({ method: 'POST', url: `/api/v1/classes/${cls.id}/deactivate` })).statusCode).toBe(200);
  });

  it("deletes every lesson of the teacher, in all their classes, and no one else's", async () => {
    const { subject, cls, teacher, lesson } = await taughtClass();
    const session = await w.a.signIn('school_admin');
    const second = await createClass(w.t.app, session, { subjectIds: [subject.id] });
    await assignTeacher(w.t.app, session, second.id, { teacherId: teacher.id, subjectIds: [subject.id] });
    await add(lesson('08:00', '08:45'));
    await add({ ...lesson('09:00', '09:45'), classId: second.id });
    const { lesson: othersLesson, cls: othersClass } = await taughtClass();
    const kept = await add(othersLesson('08:00', '08:45'));

    const res = await clear(`teacherId=${teacher.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: 2 });
    expect(await week(cls.id)).toEqual([]);
    expect(await week(second.id)).toEqual([]);
    expect((await week(othersClass.id)).map((s) => s.id)).toEqual([kept]);
    expect((await admin({ method: 'POST', url: `/api/v1/teachers/${teacher.id}/deactivate` })).statusCode).toBe(200);
  });

  it("deletes one teacher's lessons of one subject in one class, no one else's; then the teacher is unassigned", async () => {
    const { subject, other, cls, teacher, lesson } = await taughtClass({ second: true });
    if (!other) throw new Error('two subjects');
    const session = await w.a.signIn('school_admin');
    // Another teacher of the same subject in the same class, and this teacher's lessons in another class.
    const { teacher: colleague } = await createTeacher(w.t.app, session, { subjectIds: [subject.id] });
    await assignTeacher(w.t.app, session, cls.id, { teacherId: colleague.id, subjectIds: [subject.id] });
    const second = await createClass(w.t.app, session, { subjectIds: [subject.id] });
    await assignTeacher(w.t.app, session, second.id, { teacherId: teacher.id, subjectIds: [subject.id] });
    await add(lesson('08:00', '08:45'));
    await add(lesson('09:00', '09:45'));
    const art = await add(lesson('10:00', '10:45', other.id));
    const colleagues = await add({ ...lesson('11:00', '11:45'), teacherId: colleague.id });
    const elsewhere = await add({ ...lesson('12:00', '12:45'), classId: second.id });

    const res = await clear(`classId=${cls.id}&teacherId=${teacher.id}&subjectId=${subject.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: 2 });
    expect((await week(cls.id)).map((s) => s.id).sort()).toEqual([art, colleagues].sort());
    expect((await week(second.id)).map((s) => s.id)).toEqual([elsewhere]);
    const rest = await clear(`classId=${cls.id}&teacherId=${teacher.id}`);
    expect(rest.json()).toEqual({ deleted: 1 });
    expect((await week(cls.id)).map((s) => s.id)).toEqual([colleagues]);
    const unassigned = await admin({ method: 'DELETE', url: `/api/v1/classes/${cls.id}/teachers/${teacher.id}` });
    expect(unassigned.statusCode, unassigned.body).toBe(200);
  });

  it("deletes a promoted teacher's lessons by the teacher (they keep them until deleted)", async () => {
    const { cls, teacher, lesson } = await taughtClass();
    await add(lesson('08:00', '08:45'));
    const promoted = await admin({ method: 'POST', url: `/api/v1/teachers/${teacher.id}/promote` });
    expect(promoted.statusCode, promoted.body).toBe(200);
    const res = await clear(`teacherId=${teacher.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: 1 });
    expect(await week(cls.id)).toEqual([]);
  });

  it('refuses neither a class nor a teacher, and bad ids, deleting nothing', async () => {
    const { cls, lesson } = await taughtClass();
    await add(lesson('08:00', '08:45'));
    const before = await slotCount(w.a.id);
    for (const [query, field, message] of [
      ['', 'classId', TIMETABLE_MESSAGES.clearWhose],
      [`subjectId=${w.a.subjectId}`, 'classId', TIMETABLE_MESSAGES.clearWhose],
      ['classId=nope', 'classId', 'Invalid id'],
      ['teacherId=nope', 'teacherId', 'Invalid id'],
      [`classId=${cls.id}&subjectId=nope`, 'subjectId', 'Invalid id'],
    ] as const) {
      const res = await clear(query);
      expect({ query, status: res.statusCode, field: errorOf(res).fields?.[field] }).toEqual({
        query,
        status: 400,
        field: message,
      });
    }
    expect(TIMETABLE_MESSAGES.clearWhose).toBe('Choose a class or a teacher');
    // A misspelt parameter would otherwise be dropped and widen the deletion to the whole class.
    const misspelt = await clear(`classId=${cls.id}&subjectid=${w.a.subjectId}`);
    expect(misspelt.statusCode, misspelt.body).toBe(400);
    expect(misspelt.body).toContain('subjectid');
    expect(await slotCount(w.a.id)).toBe(before);
  });

  it('is for school admins and principals only', async () => {
    const { cls, lesson } = await taughtClass();
    await add(lesson('08:00', '08:45'));
    for (const role of ['teacher', 'student', 'parent'] as const) {
      const res = await clear(`classId=${cls.id}`, await w.a.as(role));
      expect({ role, status: res.statusCode }).toEqual({ role, status: 403 });
    }
    expect((await week(cls.id)).length).toBe(1);
  });

  it("answers 404 for another school's (or an unknown) class, teacher or subject, deleting nothing", async () => {
    const { subject, cls, teacher, lesson } = await taughtClass();
    await add(lesson('08:00', '08:45'));
    const before = await slotCount(w.a.id);
    const b = await w.b.as('school_admin');
    for (const [caller, query, message] of [
      [b, `classId=${cls.id}`, PEOPLE_MESSAGES.classNotFound],
      [b, `teacherId=${teacher.id}`, PEOPLE_MESSAGES.teacherNotFound],
      [b, `classId=${w.b.classId}&subjectId=${subject.id}`, PEOPLE_MESSAGES.subjectNotFound],
      [admin, `classId=${cls.id}&subjectId=${w.b.subjectId}`, PEOPLE_MESSAGES.subjectNotFound],
      [admin, `teacherId=${w.b.users.teacher.id}`, PEOPLE_MESSAGES.teacherNotFound],
      [admin, `teacherId=${w.a.users.student.id}`, PEOPLE_MESSAGES.teacherNotFound],
      [admin, `classId=${newId()}`, PEOPLE_MESSAGES.classNotFound],
    ] as const) {
      const res = await clear(query, caller);
      expect({ query, status: res.statusCode, message: errorOf(res).message }).toEqual({ query, status: 404, message });
    }
    expect(await slotCount(w.a.id)).toBe(before);
  });

  it('tells the open grids of every class it touched, as single deletions do', async () => {
    await expectClassAToHear(async () => {
      // The student's class has the demo teacher's lessons from the tests above.
      expect((await week(w.a.classId)).some((s) => s.teacherId === w.a.users.teacher.id)).toBe(true);
      const res = await clear(`teacherId=${w.a.users.teacher.id}`);
      expect(res.json().deleted).toBeGreaterThan(0);
    });
  });
});
