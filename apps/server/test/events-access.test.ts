import { LIVE_MESSAGES } from '@lyceum/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParent, createTeacher } from './factories/people.ts';
import { type SchoolWorld, schoolWorld } from './fixtures/school-world.ts';
import { as, login, type Session, TEST_PASSWORD } from './helpers.ts';
import { listenUrl, openStream, type SseStream } from './sse-client.ts';

/**
 * Who a live stream stops serving (docs/product.md, "Notifications and live events"): a parent unlinked from
 * the child, a teacher taken off the class, everyone else signed out by a password change; and how many streams
 * one client address may hold. Over a real socket with a short heartbeat (see events.test.ts): a heartbeat is
 * queued behind every event already handed to a stream, so one that arrives after a change proves the change's
 * event, had it been sent, would have come first.
 */
let w: SchoolWorld;
let base: string;
const open: SseStream[] = [];
const PER_ADDRESS = 4;

beforeAll(async () => {
  // Behind one trusted proxy (loopback): the client address is the X-Forwarded-For entry it wrote.
  w = await schoolWorld({ config: { eventHeartbeatMs: 150, eventStreamsPerAddress: PER_ADDRESS, trustProxy: 1 } });
  base = await listenUrl(w.t.app);
});
afterAll(async () => {
  for (const s of open) s.close();
  await w.t.close();
});

let addresses = 0;
/** A stream from an address of its own, unless `from` names one. */
async function stream(session: Session, from = `198.51.100.${++addresses}`): Promise<SseStream> {
  const s = await openStream(base, session.cookie, { 'x-forwarded-for': from });
  open.push(s);
  return s;
}

async function submitToday(present: boolean) {
  const admin = await w.a.as('school_admin');
  const res = await admin({
    method: 'POST',
    url: '/api/v1/attendance',
    payload: { classId: w.a.classId, records: [{ studentId: w.a.users.student.id, isPresent: present }] },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('a stream stops serving who lost access', () => {
  it("a parent unlinked from the child hears no more of the child's class", async () => {
    const admin = await w.a.signIn('school_admin');
    const made = await createParent(w.t.app, admin, {
      sendInvitation: false,
      children: [{ studentId: w.a.users.student.id }],
    });
    const parent = await login(w.t.app, made.parent.email, 'parent', made.temporaryPassword as string);
    const s = await stream(parent);
    await submitToday(true);
    expect(JSON.parse((await s.next('attendance')).data)).toEqual({ classId: w.a.classId });

    const unlinked = await as(
      w.t.app,
      admin,
    )({ method: 'DELETE', url: `/api/v1/students/${w.a.users.student.id}/parents/${made.parent.id}` });
    expect(unlinked.statusCode, unlinked.body).toBeLessThan(300);
    await submitToday(false);
    await s.nextComment('heartbeat');
    expect(s.events.filter((e) => e.event === 'attendance')).toHaveLength(1);
    expect(s.events.filter((e) => e.event === 'notification')).toHaveLength(0);
  });

  it("a teacher taken off the class hears no more of its attendance or timetable; the class's own teacher does", async () => {
    const admin = await w.a.signIn('school_admin');
    const made = await createTeacher(w.t.app, admin, { sendInvitation: false });
    const adminCall = as(w.t.app, admin);
    const assigned = await adminCall({
      method: 'POST',
      url: `/api/v1/classes/${w.a.classId}/teachers`,
      payload: { teacherId: made.teacher.id },
    });
    expect(assigned.statusCode, assigned.body).toBeLessThan(300);
    const removedTeacher = await login(w.t.app, made.teacher.email, 'teacher', made.temporaryPassword as string);
    const s = await stream(removedTeacher);
    const stays = await stream(await w.a.signIn('teacher'));
    await submitToday(true);
    expect(JSON.parse((await s.next('attendance')).data)).toEqual({ classId: w.a.classId });

    const removed = await adminCall({
      method: 'DELETE',
      url: `/api/v1/classes/${w.a.classId}/teachers/${made.teacher.id}`,
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    await submitToday(false);
    expect(JSON.parse((await stays.next('attendance')).data)).toEqual({ classId: w.a.classId });
    expect(JSON.parse((await stays.next('attendance')).data)).toEqual({ classId: w.a.classId });
    await s.nextComment('heartbeat');
    expect(s.events.filter((e) => e.event === 'attendance')).toHaveLength(1);
  });

  it("a password change ends the account's other streams at once and keeps the one of the session that made it", async () => {
    const admin = await w.a.signIn('school_admin');
    const made = await createTeacher(w.t.app, admin, { sendInvitation: false });
    const elsewhere = await login(w.t.app, made.teacher.email, 'teacher', made.temporaryPassword as string);
    const here = await login(w.t.app, made.teacher.email, 'teacher', made.temporaryPassword as string);
    const other = await stream(elsewhere);
    const own = await stream(here);
    await other.nextComment('heartbeat');
    const changed = await as(
      w.t.app,
      here,
    )({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      payload: { currentPassword: made.temporaryPassword, newPassword: `${TEST_PASSWORD}-changed` },
    });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    await other.ended;
    await own.nextComment('heartbeat');
  });
});

describe('streams per client address', () => {
  it(`one address holds at most ${PER_ADDRESS} streams, whoever's they are; another address is not affected`, async () => {
    const from = '203.0.113.77';
    const sessions = [
      await w.a.signIn('principal'),
      await w.a.signIn('student'),
      await w.a.signIn('parent'),
      await w.b.signIn('teacher'),
    ];
    const held = [];
    for (const session of sessions) held.push(await stream(session, from));
    expect(held.map((s) => s.status)).toEqual(Array(PER_ADDRESS).fill(200));

    const extra = await stream(await w.b.signIn('principal'), from);
    expect(extra.status).toBe(429);
    expect(JSON.parse(extra.errorBody).error).toEqual({
      code: 'rate_limited',
      message: LIVE_MESSAGES.tooManyStreamsFromAddress(PER_ADDRESS),
    });
    // Another address is not affected.
    expect((await stream(await w.b.signIn('principal'), '203.0.113.78')).status).toBe(200);

    // A closed stream frees its place.
    held[0]?.close();
    await held[0]?.ended;
    for (let tries = 0; tries < 500; tries++) {
      const again = await stream(await w.b.signIn('principal'), from);
      if (again.status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('the closed stream never gave its place back');
  });
});
