import { SUBSCRIPTION_EVENT, UNREAD_EVENT } from '@lyceum/shared/live-events';
import type { Role } from '@lyceum/shared/roles';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolSubscriptions } from '../src/db/schema/index.ts';
import { withSystem } from '../src/db/tenancy.ts';
import { publishLiveEvents } from '../src/lib/live-events.ts';
import { createNotifications } from '../src/modules/notifications/service.ts';
import { type CompanyWorld, companyWorld, setActiveEndDate } from './company-helpers.ts';
import { as, createCompanyUser, createSchool, login, type SchoolFixture, type Session } from './helpers.ts';
import { listenUrl, openStream, type SseStream } from './sse-client.ts';

/**
 * The live stream of a school with no subscription in force follows the REST gate (docs/product.md, "When a
 * subscription lapses mid-session"): the bell only, and a lapse, cancellation or renewal found at a heartbeat is
 * told to the stream, which then ends. Over a real socket, with a short heartbeat (see events.test.ts).
 */
let w: CompanyWorld;
let base: string;
const open: SseStream[] = [];

beforeAll(async () => {
  w = await companyWorld({ eventHeartbeatMs: 150 });
  base = await listenUrl(w.t.app);
});
afterAll(async () => {
  for (const s of open) s.close();
  await w.t.close();
});

async function stream(session: Session): Promise<SseStream> {
  const s = await openStream(base, session.cookie);
  open.push(s);
  return s;
}

/** A school of its own, with a message to its teacher and an announcement made while it was in force. */
async function schoolWithContent() {
  const school = await createSchool(w.t.app);
  const admin = as(w.t.app, await login(w.t.app, school.users.school_admin.email, 'school_admin'));
  const teacherSession = await login(w.t.app, school.users.teacher.email, 'teacher');
  const conversation = await admin({
    method: 'POST',
    url: '/api/v1/messages/conversations',
    payload: { userId: school.users.teacher.id },
  });
  expect(conversation.statusCode, conversation.body).toBeLessThan(300);
  const message = await admin({
    method: 'POST',
    url: `/api/v1/messages/conversations/${conversation.json().id}/messages`,
    payload: { body: 'Sent while in force' },
  });
  expect(message.statusCode, message.body).toBe(201);
  const announcement = await admin({
    method: 'POST',
    url: '/api/v1/announcements',
    payload: { title: 'Published while in force', body: 'x', audience: ['teacher'] },
  });
  expect(announcement.statusCode, announcement.body).toBe(201);
  return {
    school,
    teacherSession,
    teacher: as(w.t.app, teacherSession),
    messageId: message.json().id as string,
    announcementId: announcement.json().id as string,
  };
}
type WithContent = Awaited<ReturnType<typeof schoolWithContent>>;

/** The pointers a writer committing as the school lapses would send: its content, to the teacher. */
function republish(x: WithContent, extra: { withdrawn?: true } = {}) {
  return withSystem(w.t.app.deps.db, (tx) =>
    publishLiveEvents(tx, [
      { kind: 'message', schoolId: x.school.id, id: x.messageId, userIds: [x.school.users.teacher.id] },
      { kind: 'announcement', schoolId: x.school.id, id: x.announcementId, roles: ['teacher'], ...extra },
    ]),
  );
}

function notify(school: SchoolFixture, title: string) {
  return withSystem(w.t.app.deps.db, (tx) =>
    createNotifications(tx, [{ schoolId: school.id, userId: school.users.teacher.id, type: 'other', title, body: '' }]),
  );
}

const named = (s: SseStream, ...names: string[]) => s.events.filter((e) => names.includes(e.event));
const lapse = (school: SchoolFixture) => setActiveEndDate(w.t, school.id, new Date(Date.now() - 1000));

async function staffStream(role: Role & ('company_admin' | 'company_user')) {
  const staff = await createCompanyUser(w.t.app, role);
  return stream(await login(w.t.app, staff.email, role));
}

describe('GET /api/v1/events of a school with no subscription in force', () => {
  it('tells an open stream of the lapse and ends it; the next carries the bell only; a renewal brings the rest back', async () => {
    const x = await schoolWithContent();
    const otherSchool = await stream(await login(w.t.app, w.b.users.teacher.email, 'teacher'));
    const staff = await staffStream('company_user');
    const before = await stream(x.teacherSession);
    expect(JSON.parse((await before.next(UNREAD_EVENT)).data).messages).toBe(1);
    // In force: the content reaches the stream (so its absence below is the lapse's doing).
    await republish(x);
    expect(JSON.parse((await before.next('message')).data).id).toBe(x.messageId);
    expect(JSON.parse((await before.next('announcement')).data).id).toBe(x.announcementId);

    await lapse(x.school);
    expect(JSON.parse((await before.next(SUBSCRIPTION_EVENT)).data)).toEqual({ active: false });
    await before.ended;
    expect((await x.teacher({ method: 'GET', url: '/api/v1/messages/unread' })).statusCode).toBe(402);

    // A new stream opens (the plan-expiry screen's bell), with no Messages count: its REST read answers 402.
    const lapsed = await stream(x.teacherSession);
    expect(lapsed.status).toBe(200);
    const counts = JSON.parse((await lapsed.next(UNREAD_EVENT)).data);
    const bell = await x.teacher({ method: 'GET', url: '/api/v1/notifications' });
    expect(bell.statusCode).toBe(200);
    expect(counts).toEqual({ notifications: bell.json().unread, messages: null });
    await republish(x);
    await notify(x.school, 'Your plan has lapsed');
    expect(JSON.parse((await lapsed.next('notification')).data).title).toBe('Your plan has lapsed');
    // An archive takes its notification out of the bell, which stays open: the count follows, the content not.
    await republish(x, { withdrawn: true });
    await lapsed.next(UNREAD_EVENT);
    await lapsed.nextComment('heartbeat');
    expect(named(lapsed, 'message', 'announcement', 'conversation', 'attendance', 'timetable')).toEqual([]);
    expect(lapsed.events.map((e) => e.data).join()).not.toContain('in force');

    // Another school and company staff are not held back, nor told anything.
    for (const s of [otherSchool, staff]) {
      await s.nextComment('heartbeat');
      expect(named(s, SUBSCRIPTION_EVENT)).toEqual([]);
    }
    await notify(w.b, 'Still live elsewhere');
    expect(JSON.parse((await otherSchool.next('notification')).data).title).toBe('Still live elsewhere');

    const renewed = await w.admin({
      method: 'POST',
      url: `/api/v1/company/schools/${x.school.id}/subscription/renew`,
      payload: { months: 1 },
    });
    expect(renewed.statusCode).toBe(200);
    expect(JSON.parse((await lapsed.next(SUBSCRIPTION_EVENT)).data)).toEqual({ active: true });
    await lapsed.ended;
    const after = await stream(x.teacherSession);
    expect(JSON.parse((await after.next(UNREAD_EVENT)).data).messages).toBe(1);
    await republish(x);
    expect(JSON.parse((await after.next('message')).data).id).toBe(x.messageId);
    expect(JSON.parse((await after.next('announcement')).data).id).toBe(x.announcementId);
  });

  it('ends an open stream the same way when company staff cancel the subscription', async () => {
    const school = await createSchool(w.t.app);
    const admin = await stream(await login(w.t.app, school.users.school_admin.email, 'school_admin'));
    await admin.nextComment('heartbeat');
    const cancelled = await w.companyAdmin({
      method: 'POST',
      url: `/api/v1/company/schools/${school.id}/subscription/cancel`,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(JSON.parse((await admin.next(SUBSCRIPTION_EVENT)).data)).toEqual({ active: false });
    await admin.ended;
  });

  it('keeps a stream open across an auto-renewal nobody has settled yet', async () => {
    const school = await createSchool(w.t.app);
    await withSystem(w.t.app.deps.db, (tx) =>
      tx
        .update(schoolSubscriptions)
        .set({ autoRenew: true })
        .where(and(eq(schoolSubscriptions.schoolId, school.id), eq(schoolSubscriptions.status, 'active'))),
    );
    const teacher = await stream(await login(w.t.app, school.users.teacher.email, 'teacher'));
    await teacher.nextComment('heartbeat');
    await lapse(school);
    // The session lookup sees a passed end date; the heartbeat settles the renewal, as the REST gate does.
    await teacher.nextComment('heartbeat');
    await teacher.nextComment('heartbeat');
    expect(named(teacher, SUBSCRIPTION_EVENT)).toEqual([]);
    const me = as(w.t.app, await login(w.t.app, school.users.teacher.email, 'teacher'));
    expect((await me({ method: 'GET', url: '/api/v1/messages/unread' })).statusCode).toBe(200);
  });
});
