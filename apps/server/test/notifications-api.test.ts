import type { Notification } from '@lyceum/shared/api';
import { DEFAULT_LANGUAGE, isLanguage } from '@lyceum/shared/locale';
import { COMPANY_NOTIFICATION_MESSAGES, type MessageRef, messageOf } from '@lyceum/shared/notifications';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../src/db/tenancy.ts';
import type { Actor } from '../src/lib/actor.ts';
import { noticeEndingSubscriptions } from '../src/modules/company/index.ts';
import { createNotifications, readNotifications, renderMessage } from '../src/modules/notifications/index.ts';
import { owe } from './factories/payments.ts';
import { createParent } from './factories/people.ts';
import { type Caller, type SchoolWorld, schoolWorld } from './fixtures/school-world.ts';
import { as, errorOf, login } from './helpers.ts';

/** Notifications: role-wide and personal ones, per-reader state, delete, filters and paging, language, company staff. */
let w: SchoolWorld;
let parent: Caller;
let teacher: Caller;
let student: Caller;

const db = () => w.t.app.deps.db;
const list = async (caller: Caller, query = '') => {
  const res = await caller({ method: 'GET', url: `/api/v1/notifications${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Notification[]; unread: number; nextCursor: string | null; total: number };
};
const rowCount = async (schoolId: string) =>
  Number(
    (
      (await db().execute(sql`select count(*)::int as n from notifications where school_id = ${schoolId}`)).rows[0] as {
        n: number;
      }
    ).n,
  );

beforeAll(async () => {
  w = await schoolWorld();
  parent = await w.a.as('parent');
  teacher = await w.a.as('teacher');
  student = await w.a.as('student');
});

describe('role-wide notifications', () => {
  let wideId: string;
  it('are one row that every user of the roles sees, each with their own read and deleted state', async () => {
    const before = await rowCount(w.a.id);
    const title = messageOf(COMPANY_NOTIFICATION_MESSAGES.leadTitle, 'Ada');
    [wideId] = (await withSystem(db(), (tx) =>
      createNotifications(tx, [
        {
          schoolId: w.a.id,
          roles: ['parent', 'teacher'],
          type: 'fee',
          title: title.text,
          body: 'Fees are due',
          message: { title: title.ref },
        },
      ]),
    )) as [string];
    expect(await rowCount(w.a.id)).toBe(before + 1);
    const p = await list(parent);
    const tch = await list(teacher);
    expect(p.items[0]).toMatchObject({
      id: wideId,
      type: 'fee',
      title: 'New sales lead: Ada',
      body: 'Fees are due',
      read: false,
    });
    expect(tch.items[0]?.id).toBe(wideId);
    expect((await list(student)).items.some((n) => n.id === wideId)).toBe(false);
    expect((await w.b.as('parent').then(list)).items.some((n) => n.id === wideId)).toBe(false);

    expect((await parent({ method: 'POST', url: `/api/v1/notifications/${wideId}/read` })).statusCode).toBe(204);
    expect((await list(parent)).unread).toBe(p.unread - 1);
    expect((await list(teacher)).unread).toBe(tch.unread);

    expect((await teacher({ method: 'DELETE', url: `/api/v1/notifications/${wideId}` })).statusCode).toBe(204);
    expect((await list(teacher)).items.some((n) => n.id === wideId)).toBe(false);
    expect((await list(parent)).items.some((n) => n.id === wideId)).toBe(true);
    // Gone for the teacher: reading or deleting it again is a 404.
    expect((await teacher({ method: 'DELETE', url: `/api/v1/notifications/${wideId}` })).statusCode).toBe(404);
    expect((await teacher({ method: 'POST', url: `/api/v1/notifications/${wideId}/read` })).statusCode).toBe(404);
  });

  it('are shown in the reader’s language when the text is ours', async () => {
    const spanish = await w.a.as('principal');
    expect(
      (await spanish({ method: 'PUT', url: '/api/v1/profile/language', payload: { language: 'es' } })).statusCode,
    ).toBeLessThan(300);
    const title = messageOf(COMPANY_NOTIFICATION_MESSAGES.expiringTitle, 'Oak School', '14');
    await withSystem(db(), (tx) =>
      createNotifications(tx, [
        {
          schoolId: w.a.id,
          roles: ['principal'],
          type: 'other',
          title: title.text,
          body: 'as written',
          message: { title: title.ref },
        },
      ]),
    );
    const [first] = (await list(spanish)).items;
    expect(first).toMatchObject({ title: 'La suscripción termina en 14 días: Oak School', body: 'as written' });
  });
});

describe('role-wide notifications and people who join later', () => {
  it('a user made after a role-wide notification never sees it: list, unread count, stream read, mark all', async () => {
    const wide = async (title: string) =>
      (
        (await withSystem(db(), (tx) =>
          createNotifications(tx, [{ schoolId: w.a.id, roles: ['parent'], type: 'other', title, body: 'x' }]),
        )) as [string]
      )[0];
    const before = await wide('Before they joined');
    const made = await createParent(w.t.app, await w.a.signIn('school_admin'), { sendInvitation: false });
    const session = await login(w.t.app, made.parent.email, 'parent', made.temporaryPassword as string);
    const newcomer = as(w.t.app, session);
    const after = await wide('After they joined');

    const seen = await list(newcomer);
    expect(seen.items.map((n) => n.id)).toEqual([after]);
    expect(seen.unread).toBe(1);
    const me = (await newcomer({ method: 'GET', url: '/api/v1/auth/me' })).json() as { unread: number };
    expect(me.unread).toBe(1);
    // The parent who was there all along sees both.
    const old = (await list(parent)).items.map((n) => n.id);
    expect(old).toContain(before);
    expect(old).toContain(after);
    expect((await newcomer({ method: 'POST', url: `/api/v1/notifications/${before}/read` })).statusCode).toBe(404);

    // What the live stream sends: the same rule (null = not for this user).
    const streamActor: Actor = {
      accountId: 'not read here',
      sessionId: 'stream',
      kind: 'school',
      profileId: made.parent.id,
      schoolId: w.a.id,
      role: 'parent',
      name: made.parent.name,
      email: made.parent.email,
      phone: null,
      profileImage: null,
      language: null,
      school: null,
    };
    const [early, late] = await readNotifications(w.t.app.deps, [
      { actor: streamActor, id: before },
      { actor: streamActor, id: after },
    ]);
    expect(early).toBeNull();
    expect(late).toMatchObject({ id: after, title: 'After they joined' });

    expect((await newcomer({ method: 'POST', url: '/api/v1/notifications/read-all' })).statusCode).toBe(204);
    expect((await list(newcomer)).unread).toBe(0);
    const states = await db().execute(
      sql`select notification_id from notification_reads where user_id = ${made.parent.id}`,
    );
    expect((states.rows as { notification_id: string }[]).map((r) => r.notification_id)).toEqual([after]);
  });
});

describe('deleting and marking', () => {
  it('deletes one’s own notification softly; another user’s or school’s answers 404 and changes nothing', async () => {
    const [mine] = (await withSystem(db(), (tx) =>
      createNotifications(tx, [
        { schoolId: w.a.id, userId: w.a.users.parent.id, type: 'other', title: 'Mine', body: 'x' },
      ]),
    )) as [string];
    expect((await teacher({ method: 'DELETE', url: `/api/v1/notifications/${mine}` })).statusCode).toBe(404);
    const other = await w.b.as('parent');
    const res = await other({ method: 'DELETE', url: `/api/v1/notifications/${mine}` });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe('Notification not found');
    expect((await parent({ method: 'DELETE', url: '/api/v1/notifications/not-an-id' })).statusCode).toBe(400);
    expect((await list(parent)).items.some((n) => n.id === mine)).toBe(true);
    expect((await parent({ method: 'DELETE', url: `/api/v1/notifications/${mine}` })).statusCode).toBe(204);
    expect((await list(parent)).items.some((n) => n.id === mine)).toBe(false);
    const [kept] = (await db().execute(sql`select deleted_at from notifications where id = ${mine}`)).rows as {
      deleted_at: Date | null;
    }[];
    expect(kept?.deleted_at).not.toBeNull();
  });

  it("'Mark all read' reads personal and role-wide ones in one request", async () => {
    await withSystem(db(), (tx) =>
      createNotifications(tx, [
        { schoolId: w.a.id, userId: w.a.users.student.id, type: 'assignment', title: 'Homework', body: 'x' },
        { schoolId: w.a.id, roles: ['student'], type: 'announcement', title: 'All students', body: 'x' },
      ]),
    );
    expect((await list(student)).unread).toBeGreaterThanOrEqual(2);
    expect((await student({ method: 'POST', url: '/api/v1/notifications/read-all' })).statusCode).toBe(204);
    const after = await list(student);
    expect(after.unread).toBe(0);
    expect(after.items.every((n) => n.read)).toBe(true);
  });
});

describe('the list', () => {
  it('filters by type and read state and pages by cursor', async () => {
    const p = await w.b.as('teacher');
    const teacherId = w.b.users.teacher.id;
    await withSystem(db(), (tx) =>
      createNotifications(
        tx,
        Array.from({ length: 5 }, (_, i) => ({
          schoolId: w.b.id,
          userId: teacherId,
          type: i % 2 === 0 ? ('fee' as const) : ('attendance' as const),
          title: `n${i}`,
          body: 'x',
        })),
      ),
    );
    const fees = await list(p, '?type=fee');
    expect(fees.items.map((n) => n.title).sort()).toEqual(['n0', 'n2', 'n4']);
    const firstPage = await list(p, '?limit=2');
    expect(firstPage.items).toHaveLength(2);
    const second = await list(p, `?limit=2&cursor=${firstPage.nextCursor}`);
    expect(second.items.map((n) => n.id)).not.toContain(firstPage.items[0]?.id);
    expect(firstPage.total).toBe(5);
    await p({ method: 'POST', url: `/api/v1/notifications/${firstPage.items[0]?.id}/read` });
    expect((await list(p, '?read=read')).items.map((n) => n.id)).toEqual([firstPage.items[0]?.id]);
    expect((await list(p, '?read=unread')).total).toBe(4);
    for (const bad of ['?type=spam', '?read=maybe', '?limit=0', '?cursor=zzz']) {
      expect((await p({ method: 'GET', url: `/api/v1/notifications${bad}` })).statusCode, bad).toBe(400);
    }
  });
});

describe('the list against the tables', () => {
  /**
   * A school user's notifications recomputed the plain way, read as the system (no row-level security); our own
   * wording rendered in the reader's language (their account's, else their school's).
   */
  const recomputed = (schoolId: string, userId: string, role: string) =>
    withSystem(db(), async (tx) => {
      const [who] = (
        await tx.execute(sql`select coalesce(acc.language, sc.language) as language from users u
          join accounts acc on acc.id = u.account_id join schools sc on sc.id = u.school_id where u.id = ${userId}`)
      ).rows as { language: string | null }[];
      const language = isLanguage(who?.language) ? who.language : DEFAULT_LANGUAGE;
      const rows = (
        await tx.execute(sql`select n.id, n.type, n.title, n.body, n.message, n.target, n.created_at as "createdAt",
            coalesce(n.read_at, r.read_at) is not null as read
          from notifications n
          left join notification_reads r on n.user_id is null and r.notification_id = n.id and r.user_id = ${userId}
          join users u on u.id = ${userId}
          where n.school_id = ${schoolId} and (
            (n.user_id = ${userId} and n.deleted_at is null)
            or (n.user_id is null and ${role} = any(n.roles) and n.created_at >= u.created_at and r.deleted_at is null))
          order by n.created_at desc, n.id desc`)
      ).rows as (Omit<Notification, 'createdAt'> & {
        createdAt: Date | string;
        message: { title?: MessageRef; body?: MessageRef } | null;
      })[];
      return rows.map(({ message, ...r }) => ({
        ...r,
        title: message?.title ? renderMessage(message.title, language) : r.title,
        body: message?.body ? renderMessage(message.body, language) : r.body,
        createdAt: new Date(r.createdAt).toISOString(),
      }));
    });

  it('every role of both schools: items in order, read flags, times, unread count and total', async () => {
    for (const school of [w.a, w.b]) {
      await withSystem(db(), (tx) =>
        createNotifications(tx, [
          { schoolId: school.id, roles: ['teacher', 'parent'], type: 'announcement', title: 'All hands', body: 'b' },
          { schoolId: school.id, roles: ['student'], type: 'other', title: 'Trip', body: 'b' },
          { schoolId: school.id, userId: school.users.teacher.id, type: 'fee', title: 'Own', body: 'b' },
          { schoolId: school.id, userId: school.users.parent.id, type: 'attendance', title: 'Absent', body: 'b' },
          { schoolId: school.id, userId: school.users.parent.id, type: 'other', title: 'Second', body: 'b' },
        ]),
      );
    }
    // Some read, some deleted: per reader, for personal and role-wide ones alike.
    const first = (await list(parent)).items;
    await parent({ method: 'POST', url: `/api/v1/notifications/${first[0]?.id}/read` });
    await parent({ method: 'DELETE', url: `/api/v1/notifications/${first[1]?.id}` });
    const teachers = (await list(teacher)).items;
    await teacher({ method: 'POST', url: `/api/v1/notifications/${teachers.at(-1)?.id}/read` });

    for (const school of [w.a, w.b]) {
      for (const role of ['school_admin', 'principal', 'teacher', 'student', 'parent'] as const) {
        const call = await school.as(role);
        const expected = await recomputed(school.id, school.users[role].id, role);
        const got = await list(call, '?limit=100');
        expect(got.items, role).toEqual(expected);
        expect(got.total, role).toBe(expected.length);
        expect(got.unread, role).toBe(expected.filter((n) => !n.read).length);
        // An empty page still carries the unread count.
        const absent = (['fee', 'attendance', 'assignment', 'announcement', 'other'] as const).find(
          (type) => !expected.some((n) => n.read && n.type === type),
        );
        const none = await list(call, `?read=read&type=${absent}`);
        expect(none.items, role).toEqual([]);
        expect(none.unread, role).toBe(got.unread);
      }
    }
  });
});

describe('company staff', () => {
  it('hear of add-on requests, sales leads, payments to confirm and subscriptions ending, in their bell', async () => {
    const staff = as(w.t.app, await w.staff('company_user'));
    const admin = await w.a.as('school_admin');
    const [addon] = (
      await db().execute(sql`select a.id, a.name from addons a where a.is_active and not exists (select 1 from school_subscriptions s
        where s.school_id = ${w.a.id} and s.status = 'active' and a.id = any(s.addon_ids)) limit 1`)
    ).rows as {
      id: string;
      name: string;
    }[];
    const requested = await admin({ method: 'POST', url: '/api/v1/addon-requests', payload: { addonId: addon?.id } });
    expect(requested.statusCode, requested.body).toBe(201);
    const lead = await admin({
      method: 'POST',
      url: '/api/v1/sales-leads',
      payload: { name: 'Grace Hopper', email: 'grace@school.test', message: 'Call me' },
    });
    expect(lead.statusCode, lead.body).toBeLessThan(300);
    const [sub] = (
      await db().execute(sql`select id from school_subscriptions where school_id = ${w.a.id} and status = 'active'`)
    ).rows as { id: string }[];
    await owe(w.t.app, w.a.id, 1000);
    const paid = await admin({
      method: 'POST',
      url: '/api/v1/payments',
      payload: {
        subscriptionId: sub?.id,
        method: 'bank_transfer',
        reference: 'REF-1',
        amountMinor: 1000,
        idempotencyKey: 'key-12345678',
      },
    });
    expect(paid.statusCode, paid.body).toBeLessThan(300);

    // Each opens what it is about (docs/product.md, "Notifications"): the request, the payment, the school.
    const targetOf = async (title: string) => (await list(staff)).items.find((n) => n.title === title)?.target;
    expect(await targetOf(`Add-on request: ${addon?.name}`)).toEqual({
      kind: 'addonRequest',
      id: requested.json().id,
      status: 'pending',
    });
    expect(await targetOf('New sales lead: Grace Hopper')).toEqual({ kind: 'lead', id: lead.json().id });
    expect(await targetOf(`Payment to confirm: ${w.a.name}`)).toEqual({
      kind: 'payment',
      id: paid.json().id,
      status: 'pending',
    });

    // Ending in 10 days: told once at the 14-day mark, however often the sweep runs; at 2 days, once more.
    await db().execute(
      sql`update school_subscriptions set end_date = now() + interval '10 days' where id = ${sub?.id}`,
    );
    expect(await noticeEndingSubscriptions(db(), new Date())).toBeGreaterThanOrEqual(1);
    expect(await noticeEndingSubscriptions(db(), new Date())).toBe(0);
    const ending = (await list(staff)).items.filter((n) => n.title.startsWith('Subscription ends in'));
    expect(ending.map((n) => n.title)).toContain(`Subscription ends in 14 days: ${w.a.name}`);
    expect(ending.every((n) => n.target?.kind === 'school' && n.target.id === w.a.id)).toBe(true);
    expect(await noticeEndingSubscriptions(db(), new Date(Date.now() + 8 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect(await noticeEndingSubscriptions(db(), new Date(Date.now() + 8 * 86_400_000))).toBe(0);

    const bell = await list(staff);
    expect(bell.unread).toBe(bell.items.length);
    const first = bell.items[0] as Notification;
    expect((await staff({ method: 'POST', url: `/api/v1/notifications/${first.id}/read` })).statusCode).toBe(204);
    expect((await staff({ method: 'DELETE', url: `/api/v1/notifications/${first.id}` })).statusCode).toBe(204);
    expect((await list(staff)).items.some((n) => n.id === first.id)).toBe(false);
    // Another staff member still has it; school users never see company notices.
    const colleague = as(w.t.app, await w.staff('company_admin'));
    expect((await list(colleague)).items.some((n) => n.id === first.id)).toBe(true);
    expect((await admin({ method: 'POST', url: `/api/v1/notifications/${first.id}/read` })).statusCode).toBe(404);
    // Nor does any school user's bell carry a company page's target: the other school's least of all.
    for (const school of [admin, await w.b.as('school_admin')]) {
      const kinds = (await list(school)).items.map((n) => n.target?.kind);
      for (const kind of ['addonRequest', 'payment', 'school']) expect(kinds).not.toContain(kind);
    }
    expect((await colleague({ method: 'POST', url: '/api/v1/notifications/read-all' })).statusCode).toBe(204);
    expect((await list(colleague)).unread).toBe(0);
  });
});
