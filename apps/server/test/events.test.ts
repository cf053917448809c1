import { Notification } from '@lyceum/shared/api';
import { LIVE_MESSAGES } from '@lyceum/shared/errors';
import { MAX_STREAMS_PER_USER, UNREAD_EVENT } from '@lyceum/shared/live-events';
import { ROLES, type Role } from '@lyceum/shared/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema/index.ts';
import { withSystem } from '../src/db/tenancy.ts';
import { createNotifications } from '../src/modules/notifications/service.ts';
import { type CompanyWorld, companyWorld } from './company-helpers.ts';
import { createCompanyUser, login, type Session } from './helpers.ts';
import { listenUrl, openStream, type SseStream } from './sse-client.ts';

/**
 * GET /api/v1/events over a real socket (app.inject would wait for the end of a stream that never ends).
 * The heartbeat is shortened so "nothing arrived" can be proven without sleeping: the heartbeat is queued
 * behind any event already handed to a stream, so once a heartbeat arrives after an event was published,
 * that event would have arrived first.
 */
let w: CompanyWorld;
let base: string;
const open: SseStream[] = [];
const sessionOf = new Map<string, Session>();

async function sessionFor(email: string, role: Role): Promise<Session> {
  const key = `${email}:${role}`;
  const known = sessionOf.get(key);
  if (known) return known;
  const s = await login(w.t.app, email, role);
  sessionOf.set(key, s);
  return s;
}

async function stream(session: Session | null): Promise<SseStream> {
  const s = await openStream(base, session?.cookie ?? null);
  open.push(s);
  return s;
}

beforeAll(async () => {
  w = await companyWorld({ eventHeartbeatMs: 150 });
  base = await listenUrl(w.t.app);
});
afterAll(async () => {
  for (const s of open) s.close();
  await w.t.close();
});

/**
 * The next live announcement of each of school A's `streams` (the parent's, the principal's): the announcement
 * as that reader would read it now, the parent as a reader, the principal as a manager. Waited for by name: on
 * PostgreSQL the event arrives a moment after the commit, possibly after a heartbeat.
 */
async function nextAsRead(streams: [SseStream, SseStream], id: string, expected: Record<string, unknown>) {
  for (const [s, role] of [
    [streams[0], 'parent'],
    [streams[1], 'principal'],
  ] as const) {
    const live = JSON.parse((await s.next('announcement')).data);
    const own = await (await w.asA(role))({ method: 'GET', url: `/api/v1/announcements/${id}` });
    expect(live).toEqual(own.json());
    expect(live).toMatchObject({ id, ...expected });
  }
}

const schoolAdminOf = (school: CompanyWorld['a']) => sessionFor(school.users.school_admin.email, 'school_admin');

async function approveAddonFor(school: CompanyWorld['a'], addonName: string) {
  const ask = school === w.a ? await w.asA('school_admin') : await w.asB('school_admin');
  const created = await ask({
    method: 'POST',
    url: '/api/v1/addon-requests',
    payload: { addonId: await w.addonId(addonName) },
  });
  expect(created.statusCode).toBe(201);
  const approved = await w.companyAdmin({
    method: 'POST',
    url: `/api/v1/company/addon-requests/${created.json().id}/approve`,
  });
  expect(approved.statusCode).toBe(200);
}

describe('GET /api/v1/events', () => {
  it('is a text/event-stream with a retry hint, for every role', async () => {
    for (const role of ROLES) {
      const email =
        role === 'company_admin' || role === 'admin' || role === 'company_user'
          ? (await createCompanyUser(w.t.app, role)).email
          : w.a.users[role].email;
      const s = await stream(await sessionFor(email, role));
      expect({ role, status: s.status }).toEqual({ role, status: 200 });
      expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(s.headers.get('cache-control')).toMatch(/no-cache/);
      // helmet's headers still apply to the hand-written response.
      expect(s.headers.get('x-content-type-options')).toBe('nosniff');
      await s.nextComment('heartbeat');
      expect(s.comments[0]).toBe('connected');
      expect(s.retry).toBe(2000);
      s.close();
    }
  });

  it("opens with the unread counts as its first event: the bell's, and Messages' for school users", async () => {
    const teacher = await sessionFor(w.b.users.teacher.email, 'teacher');
    // Made after the session was read (the moment GET /auth/me cannot know of) and before the stream opens.
    await withSystem(w.t.app.deps.db, (tx) =>
      createNotifications(tx, [
        { schoolId: w.b.id, userId: w.b.users.teacher.id, type: 'other', title: 'Before the stream', body: 'x' },
      ]),
    );
    const me = await (await w.asB('teacher'))({ method: 'GET', url: '/api/v1/auth/me' });
    const messages = await (await w.asB('teacher'))({ method: 'GET', url: '/api/v1/messages/unread' });
    const s = await stream(teacher);
    const first = await s.next(UNREAD_EVENT);
    expect(s.events[0]).toBe(first);
    expect(JSON.parse(first.data)).toEqual({ notifications: me.json().unread, messages: messages.json().count });
    expect(me.json().unread).toBeGreaterThan(0);

    const staff = await createCompanyUser(w.t.app, 'company_user');
    const company = await stream(await sessionFor(staff.email, 'company_user'));
    const counts = JSON.parse((await company.next(UNREAD_EVENT)).data);
    expect(counts).toEqual({ notifications: expect.any(Number), messages: null });
  });

  it('answers HEAD without holding a stream open', async () => {
    const session = await sessionFor(w.b.users.school_admin.email, 'school_admin');
    const res = await fetch(`${base}/api/v1/events`, { method: 'HEAD', headers: { cookie: session.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(w.t.app.deps.live.openStreams(w.b.users.school_admin.id)).toBe(0);
  });

  it('answers 401 in the error format when signed out', async () => {
    const s = await stream(null);
    expect(s.status).toBe(401);
    expect(JSON.parse(s.errorBody).error.code).toBe('unauthenticated');
  });

  it('delivers the add-on approval to the school admin who holds a stream, and to nobody else', async () => {
    const adminA = await stream(await schoolAdminOf(w.a));
    const teacherA = await stream(await sessionFor(w.a.users.teacher.email, 'teacher'));
    const adminB = await stream(await schoolAdminOf(w.b));
    const staff = await createCompanyUser(w.t.app, 'company_admin');
    const company = await stream(await sessionFor(staff.email, 'company_admin'));

    await approveAddonFor(w.a, 'Advanced Analytics');
    const event = await adminA.next('notification');
    const note = Notification.parse(JSON.parse(event.data));
    expect(note).toMatchObject({ title: expect.stringContaining('Advanced Analytics'), read: false });
    // The same row the bell's list returns, field for field.
    const list = await (await w.asA('school_admin'))({ method: 'GET', url: '/api/v1/notifications' });
    expect(list.json().items[0]).toEqual(note);

    for (const other of [teacherA, adminB, company]) await other.nextComment('heartbeat');
    for (const other of [teacherA, adminB]) {
      expect(other.events.filter((e) => e.event === 'notification')).toEqual([]);
      expect(other.events.map((e) => e.data).join()).not.toContain(w.a.id);
    }
    // Company staff hear of the request and of another staff member's approval (their own notices), never the
    // school's approval notification.
    const staffNotes = company.events
      .filter((e) => e.event === 'notification')
      .map((e) => Notification.parse(JSON.parse(e.data)));
    expect(staffNotes.map((n) => n.title)).toEqual([
      'Add-on request: Advanced Analytics',
      'Add-on request approved: Advanced Analytics',
    ]);
    expect(staffNotes.map((n) => n.id)).not.toContain(note.id);
    expect(company.events.map((e) => e.data).join()).not.toContain(w.a.id);
  });

  it('delivers one write to many streams of two schools, each stream only its own notification', async () => {
    // One transaction notifies four people; their events arrive together and are read in one batch per school.
    const people = [
      { school: w.a, role: 'principal' as const },
      { school: w.a, role: 'parent' as const },
      { school: w.a, role: 'student' as const },
      { school: w.b, role: 'principal' as const },
    ];
    const streams = await Promise.all(
      people.map(async (p) => stream(await sessionFor(p.school.users[p.role].email, p.role))),
    );
    await withSystem(w.t.app.deps.db, (tx) =>
      createNotifications(
        tx,
        people.map((p) => ({
          schoolId: p.school.id,
          userId: p.school.users[p.role].id,
          type: 'announcement' as const,
          title: `fan-out for ${p.role} of ${p.school.name}`,
          body: '',
        })),
      ),
    );
    for (const [i, p] of people.entries()) {
      const note = Notification.parse(JSON.parse((await streams[i]?.next('notification'))?.data ?? '{}'));
      expect(note.title).toBe(`fan-out for ${p.role} of ${p.school.name}`);
    }
    for (const s of streams) await s.nextComment('heartbeat');
    for (const s of streams) expect(s.events.filter((e) => e.event === 'notification')).toHaveLength(1);
  });

  it('delivers a published announcement to every stream of its school, each as that reader would read it', async () => {
    // One announcement to everyone wakes every stream of school A at once: the stream reads the announcement
    // and its role-wide notification for all of them together, and each must still get its own view (the
    // author and the principal manage it; the others do not, and have not read it; the author gets no notification).
    const roles = ['school_admin', 'principal', 'teacher', 'student', 'parent'] as const;
    const streams = await Promise.all(roles.map(async (r) => stream(await sessionFor(w.a.users[r].email, r))));
    const outsider = await stream(await sessionFor(w.b.users.student.email, 'student'));
    const admin = await w.asA('school_admin');
    const published = await admin({
      method: 'POST',
      url: '/api/v1/announcements',
      payload: { title: 'Fan-out to the school', body: 'Everyone', audience: ['all'] },
    });
    expect(published.statusCode).toBe(201);
    const { id } = published.json() as { id: string };
    for (const [i, role] of roles.entries()) {
      const live = JSON.parse((await streams[i]?.next('announcement'))?.data ?? '{}');
      const own = await (await w.asA(role))({ method: 'GET', url: `/api/v1/announcements/${id}` });
      expect(live).toEqual(own.json());
      expect(live.canManage).toBe(role === 'school_admin' || role === 'principal');
      // The author (the school admin) is not told of their own announcement (docs/product.md, "Announcements").
      if (role === 'school_admin') continue;
      const note = Notification.parse(JSON.parse((await streams[i]?.next('notification'))?.data ?? '{}'));
      expect(note).toMatchObject({ title: 'New announcement: Fan-out to the school', read: false });
    }
    await outsider.nextComment('heartbeat');
    expect(outsider.events.filter((e) => e.event === 'announcement' || e.event === 'notification')).toEqual([]);
    await streams[0]?.nextComment('heartbeat');
    expect(streams[0]?.events.filter((e) => e.event === 'notification')).toEqual([]);
  });

  it('tells the audience and the managers that an archived announcement is gone, by id only, never another school', async () => {
    // To whole roles and narrowed to a class: addressed by role, and person by person (docs/product.md, "Announcements").
    const parent = await stream(await sessionFor(w.a.users.parent.email, 'parent'));
    const principal = await stream(await sessionFor(w.a.users.principal.email, 'principal'));
    const student = await stream(await sessionFor(w.a.users.student.email, 'student'));
    const outsider = await stream(await sessionFor(w.b.users.parent.email, 'parent'));
    const admin = await w.asA('school_admin');
    for (const classIds of [[], [w.a.classId]]) {
      const published = await admin({
        method: 'POST',
        url: '/api/v1/announcements',
        payload: { title: 'Soon withdrawn', body: 'For parents', audience: ['parent'], classIds },
      });
      expect(published.statusCode).toBe(201);
      const { id } = published.json() as { id: string };
      expect(JSON.parse((await parent.next('announcement')).data)).toMatchObject({ id, status: 'active' });
      const archive = { method: 'PATCH' as const, url: `/api/v1/announcements/${id}`, payload: { status: 'archived' } };
      expect((await admin(archive)).statusCode).toBe(200);
      // The principal lists every announcement of the school, so theirs goes too, though not in its audience.
      for (const s of [parent, principal]) {
        expect(JSON.parse((await s.next('announcement')).data)).toEqual({ id, withdrawn: true });
      }
      // Archiving it again changes nothing and tells no one.
      expect((await admin(archive)).statusCode).toBe(200);
    }
    for (const s of [parent, principal, student, outsider]) await s.nextComment('heartbeat');
    expect(parent.events.filter((e) => e.event === 'announcement')).toHaveLength(4);
    expect(principal.events.filter((e) => e.event === 'announcement')).toHaveLength(2);
    // Not in the audience: not told; another school: nothing at all.
    expect(student.events.filter((e) => e.event === 'announcement')).toEqual([]);
    expect(outsider.events.filter((e) => e.event === 'announcement')).toEqual([]);
    // The outsider's slot is needed by the stream-limit test below.
    outsider.close();
    while (w.t.app.deps.live.openStreams(w.b.users.parent.id) > 0) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });

  it('follows a withdrawal with the unread counts, the announcement’s notification gone from them', async () => {
    const parent = await stream(await sessionFor(w.a.users.parent.email, 'parent'));
    await parent.next(UNREAD_EVENT);
    const admin = await w.asA('school_admin');
    const asParent = await w.asA('parent');
    const bell = async () => (await asParent({ method: 'GET', url: '/api/v1/notifications' })).json().unread as number;
    const published = await admin({
      method: 'POST',
      url: '/api/v1/announcements',
      payload: { title: 'Withdrawn from the bell', body: 'x', audience: ['parent'] },
    });
    const { id } = published.json() as { id: string };
    await parent.next('announcement');
    await parent.next('notification');
    const unread = await bell();
    expect(
      (await admin({ method: 'PATCH', url: `/api/v1/announcements/${id}`, payload: { status: 'archived' } }))
        .statusCode,
    ).toBe(200);
    expect(JSON.parse((await parent.next('announcement')).data)).toMatchObject({ id, withdrawn: true });
    // The counts follow the withdrawal (the stream reads them when it hears of it, so after the event, and on
    // PostgreSQL the event itself arrives a moment after the commit: waited for by name, not by heartbeat).
    const counts = JSON.parse((await parent.next(UNREAD_EVENT)).data);
    expect(parent.events.filter((e) => e.event === UNREAD_EVENT)).toHaveLength(2);
    expect(counts.notifications).toBe(unread - 1);
    expect(counts.notifications).toBe(await bell());
    parent.close();
  });

  it('shows a restored announcement on the open pages of its audience and the managers, notifying no one again', async () => {
    const parent = await stream(await sessionFor(w.a.users.parent.email, 'parent'));
    const principal = await stream(await sessionFor(w.a.users.principal.email, 'principal'));
    const student = await stream(await sessionFor(w.a.users.student.email, 'student'));
    const admin = await w.asA('school_admin');
    const setStatus = (id: string, status: string) =>
      admin({ method: 'PATCH', url: `/api/v1/announcements/${id}`, payload: { status } });
    // To a whole role and narrowed to a class: addressed by role, and person by person.
    for (const classIds of [[], [w.a.classId]]) {
      const published = await admin({
        method: 'POST',
        url: '/api/v1/announcements',
        payload: { title: 'Back again', body: 'For parents', audience: ['parent'], classIds },
      });
      const { id } = published.json() as { id: string };
      await parent.next('announcement');
      await parent.next('notification');
      expect((await setStatus(id, 'archived')).statusCode).toBe(200);
      for (const s of [parent, principal])
        expect(JSON.parse((await s.next('announcement')).data)).toMatchObject({ id });

      expect((await setStatus(id, 'active')).statusCode).toBe(200);
      await nextAsRead([parent, principal], id, { status: 'active' });
    }
    for (const s of [parent, principal, student]) await s.nextComment('heartbeat');
    // One notification per announcement, from publishing: restoring sent none.
    expect(parent.events.filter((e) => e.event === 'notification')).toHaveLength(2);
    expect(student.events.filter((e) => e.event === 'announcement')).toEqual([]);
    for (const s of [parent, principal, student]) s.close();
  });

  it("shows an edited announcement's new text on the open pages of its audience and the managers, notifying no one again", async () => {
    const parent = await stream(await sessionFor(w.a.users.parent.email, 'parent'));
    const principal = await stream(await sessionFor(w.a.users.principal.email, 'principal'));
    const student = await stream(await sessionFor(w.a.users.student.email, 'student'));
    const outsider = await stream(await sessionFor(w.b.users.principal.email, 'principal'));
    const admin = await w.asA('school_admin');
    // To a whole role and narrowed to a class: addressed by role, and person by person.
    for (const classIds of [[], [w.a.classId]]) {
      const published = await admin({
        method: 'POST',
        url: '/api/v1/announcements',
        payload: { title: 'With a typo', body: 'Teh trip', audience: ['parent'], classIds },
      });
      const { id } = published.json() as { id: string };
      await parent.next('announcement');
      await parent.next('notification');
      const edit = await admin({
        method: 'PATCH',
        url: `/api/v1/announcements/${id}`,
        payload: { title: 'Without a typo', body: 'The trip' },
      });
      expect(edit.statusCode).toBe(200);
      await nextAsRead([parent, principal], id, { title: 'Without a typo', body: '<p>The trip</p>' });
      // Pinning is no edit of its text: it reaches open pages at their next refetch, as before.
      expect(
        (await admin({ method: 'PATCH', url: `/api/v1/announcements/${id}`, payload: { pinned: true } })).statusCode,
      ).toBe(200);
    }
    for (const s of [parent, principal, student, outsider]) await s.nextComment('heartbeat');
    // Published twice, edited twice; pinned twice without a word. The principal, outside the audience, hears of
    // the edits only.
    expect(parent.events.filter((e) => e.event === 'announcement')).toHaveLength(4);
    expect(principal.events.filter((e) => e.event === 'announcement')).toHaveLength(2);
    // One notification per announcement, from publishing; each edit of the title rewrote it in place (the same
    // id, the new title), notifying no one anew.
    const notes = parent.events
      .filter((e) => e.event === 'notification')
      .map((e) => JSON.parse(e.data) as { id: string; title: string });
    expect(new Set(notes.map((n) => n.id)).size).toBe(2);
    expect(notes.map((n) => n.title)).toEqual([
      'New announcement: With a typo',
      'New announcement: Without a typo',
      'New announcement: With a typo',
      'New announcement: Without a typo',
    ]);
    expect(student.events.filter((e) => e.event === 'announcement')).toEqual([]);
    expect(outsider.events.filter((e) => e.event === 'announcement')).toEqual([]);
    for (const s of [parent, principal, student, outsider]) s.close();
  });

  it('sends nothing for a notification whose transaction rolled back', async () => {
    const teacher = await stream(await sessionFor(w.a.users.teacher.email, 'teacher'));
    await withSystem(w.t.app.deps.db, async (tx) => {
      await createNotifications(tx, [
        { schoolId: w.a.id, userId: w.a.users.teacher.id, type: 'other', title: 'Never sent', body: 'x' },
      ]);
      throw new Error('rolled back');
    }).catch(() => {});
    await withSystem(w.t.app.deps.db, (tx) =>
      createNotifications(tx, [
        { schoolId: w.a.id, userId: w.a.users.teacher.id, type: 'attendance', title: 'Committed', body: 'y' },
      ]),
    );
    const first = Notification.parse(JSON.parse((await teacher.next('notification')).data));
    expect(first.title).toBe('Committed');
    expect(teacher.events.map((e) => e.data).join()).not.toContain('Never sent');
  });

  it(`refuses a ${MAX_STREAMS_PER_USER + 1}th open stream of one user with 429`, async () => {
    const parent = await sessionFor(w.b.users.parent.email, 'parent');
    const held = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) held.push(await stream(parent));
    expect(held.map((s) => s.status)).toEqual(Array(MAX_STREAMS_PER_USER).fill(200));
    const extra = await stream(parent);
    expect(extra.status).toBe(429);
    expect(JSON.parse(extra.errorBody).error).toEqual({
      code: 'rate_limited',
      message: LIVE_MESSAGES.tooManyStreams(MAX_STREAMS_PER_USER),
    });
    // Another user is not affected by this one's tabs.
    expect((await stream(await sessionFor(w.b.users.student.email, 'student'))).status).toBe(200);
    // A closed tab frees its slot (else five reloads would lock a user out).
    held[0]?.close();
    while (w.t.app.deps.live.openStreams(w.b.users.parent.id) === MAX_STREAMS_PER_USER) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect((await stream(parent)).status).toBe(200);
    for (const s of held) s.close();
  });

  it('ends when the user signs out', async () => {
    const session = await login(w.t.app, w.b.users.principal.email, 'principal');
    const s = await stream(session);
    await s.nextComment('heartbeat');
    const out = await w.t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { cookie: session.cookie, 'content-type': 'application/json' },
      payload: {},
    });
    expect(out.statusCode).toBe(204);
    await s.ended;
  });

  it('ends at the next heartbeat when the session disappears any other way', async () => {
    const session = await login(w.t.app, w.b.users.teacher.email, 'teacher');
    const s = await stream(session);
    await withSystem(w.t.app.deps.db, (tx) =>
      tx.delete(sessions).where(eq(sessions.accountId, w.b.users.teacher.accountId)),
    );
    await s.ended;
  });
});
