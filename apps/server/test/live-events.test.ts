import type { Role } from '@lyceum/shared/roles';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../src/db/tenancy.ts';
import { newId } from '../src/lib/ids.ts';
import { LIVE_CHANNEL, type LiveEvent, type LiveSubscriber, publishLiveEvents } from '../src/lib/live-events.ts';
import { sessions } from '../src/db/schema/index.ts';
import { as, createSchool, createTestApp, login, type TestApp } from './helpers.ts';

/**
 * The hub's routing, through the real database channel (PGlite here, PostgreSQL in CI): who gets an event
 * and who does not. The subscribers stand in for open streams (events.test.ts covers the streams themselves).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Recorder extends LiveSubscriber {
  got: LiveEvent[];
  ended: boolean;
  /** Resolves once an event with this id was delivered. */
  received(id: string): Promise<void>;
}

function subscriber(userId: string, schoolId: string | null, role: Role, sessionId = newId()): Recorder {
  const waiting = new Map<string, () => void>();
  const r: Recorder = {
    userId,
    schoolId,
    role,
    sessionId,
    got: [],
    ended: false,
    received: (id) =>
      r.got.some((e) => e.id === id) ? Promise.resolve() : new Promise((resolve) => waiting.set(id, resolve)),
    deliver: (event) => {
      r.got.push(event);
      waiting.get(event.id)?.();
    },
    resync: () => {},
    end: () => {
      r.ended = true;
    },
  };
  t.app.deps.live.subscribe(r);
  return r;
}

const publish = (events: LiveEvent[]) => withSystem(t.app.deps.db, (tx) => publishLiveEvents(tx, events));

/** An event only for `probe`, published last: once it arrived, every earlier event has been routed. */
async function settle(probe: Recorder) {
  const id = newId();
  await publish([{ kind: 'notification', schoolId: probe.schoolId, userIds: [probe.userId], id }]);
  await probe.received(id);
}

describe('live event routing', () => {
  const schoolA = newId();
  const schoolB = newId();

  it('a role audience reaches that role in that school only', async () => {
    const teacherA = subscriber(newId(), schoolA, 'teacher');
    const parentA = subscriber(newId(), schoolA, 'parent');
    const teacherB = subscriber(newId(), schoolB, 'teacher');
    const id = newId();
    await publish([{ kind: 'announcement', schoolId: schoolA, roles: ['teacher'], id }]);
    await settle(teacherB);
    await settle(parentA);
    expect(teacherA.got.map((e) => e.id)).toEqual([id]);
    expect(parentA.got.map((e) => e.id)).not.toContain(id);
    expect(teacherB.got.map((e) => e.id)).not.toContain(id);
  });

  it("an addressee's id with another school's event is not delivered (tenant check in the hub)", async () => {
    const userId = newId();
    const inA = subscriber(userId, schoolA, 'student');
    const id = newId();
    await publish([{ kind: 'notification', schoolId: schoolB, userIds: [userId], id }]);
    await settle(inA);
    expect(inA.got.map((e) => e.id)).not.toContain(id);
  });

  it('splits a long addressee list below the 8000-byte NOTIFY limit and reaches everyone', async () => {
    const many = Array.from({ length: 400 }, () => subscriber(newId(), schoolA, 'student'));
    const id = newId();
    // 400 ids are ~15 kB of JSON: one payload would be refused by the database.
    await publish([{ kind: 'message', schoolId: schoolA, userIds: many.map((s) => s.userId), id }]);
    await Promise.all(many.map((s) => s.received(id)));
    expect(many.filter((s) => s.got.some((e) => e.id === id))).toHaveLength(400);
  });

  it('ends only the signed-out session, and survives a malformed payload', async () => {
    const userId = newId();
    const tabOne = subscriber(userId, schoolA, 'teacher');
    const tabTwo = subscriber(userId, schoolA, 'teacher');
    await t.app.deps.db.execute(sql`select pg_notify(${LIVE_CHANNEL}, 'not json')`);
    await publish([{ kind: 'session_ended', schoolId: schoolA, userIds: [userId], id: tabOne.sessionId }]);
    await settle(tabTwo);
    expect(tabOne.ended).toBe(true);
    expect(tabTwo.ended).toBe(false);
  });

  it("deactivating a user ends that user's open streams at once, not at the next heartbeat", async () => {
    const school = await createSchool(t.app);
    const admin = await login(t.app, school.users.school_admin.email, 'school_admin');
    await login(t.app, school.users.teacher.email, 'teacher');
    const [session] = await withSystem(t.app.deps.db, (tx) =>
      tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.accountId, school.users.teacher.accountId)),
    );
    const stream = subscriber(school.users.teacher.id, school.id, 'teacher', session?.id);
    const bystander = subscriber(school.users.principal.id, school.id, 'principal');
    const off = await as(t.app, admin)({ method: 'POST', url: `/api/v1/users/${school.users.teacher.id}/deactivate` });
    expect(off.statusCode).toBe(200);
    await settle(bystander);
    expect(stream.ended).toBe(true);
    expect(bystander.ended).toBe(false);
  });
});
