import { readFileSync } from 'node:fs';
import type { Notification } from '@lyceum/shared/api';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount, insertSchoolUser } from '../src/db/accounts.ts';
import { withSystem } from '../src/db/tenancy.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { createNotifications } from '../src/modules/notifications/index.ts';
import { type Caller, type SchoolWorld, schoolWorld } from './fixtures/school-world.ts';
import { as, errorOf, login, TEST_PASSWORD } from './helpers.ts';

/**
 * What a notification leads to when opened (docs/product.md, "Notifications"): each producer sets its target,
 * the list returns it, and a target only ever names its own school's things.
 */
let w: SchoolWorld;
const db = () => w.t.app.deps.db;

const bell = async (caller: Caller, query = '') => {
  const res = await caller({ method: 'GET', url: `/api/v1/notifications${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: Notification[] }).items;
};

/** `caller` publishes an announcement; its id. */
const publish = async (caller: Caller, payload: Record<string, unknown>) => {
  const res = await caller({
    method: 'POST',
    url: '/api/v1/announcements',
    payload: { title: 'Sports day', body: 'Friday', ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
};

beforeAll(async () => {
  w = await schoolWorld();
});
afterAll(async () => {
  await w.t.close();
});

describe('targets set by each producer', () => {
  it('an announcement leads to itself, for a role-wide and a class audience alike', async () => {
    const principal = await w.a.as('principal');
    const wide = await publish(principal, { audience: ['parent'] });
    const narrowed = await publish(principal, { audience: ['parent'], classIds: [w.a.classId] });
    const items = await bell(await w.a.as('parent'), '?type=announcement');
    expect(items.map((n) => n.target)).toEqual(
      expect.arrayContaining([
        { kind: 'announcement', id: wide },
        { kind: 'announcement', id: narrowed },
      ]),
    );
    // The other school's parent hears of neither, and their own bell names nothing of school A.
    const other = await bell(await w.b.as('parent'));
    expect(JSON.stringify(other)).not.toContain(wide);
    expect(JSON.stringify(other)).not.toContain(narrowed);
  });

  it('an absence alert leads to the child’s attendance on that day, and still does once revised', async () => {
    const teacher = await w.a.as('teacher');
    const parent = await w.a.as('parent');
    const student = w.a.users.student.id;
    const submit = async (isPresent: boolean, isLate: boolean) => {
      const res = await teacher({
        method: 'POST',
        url: '/api/v1/attendance',
        payload: { classId: w.a.classId, records: [{ studentId: student, isPresent, isLate }] },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().date as string;
    };
    const date = await submit(false, false);
    const alerts = await bell(parent, '?type=attendance');
    expect(alerts.map((n) => n.target)).toEqual([{ kind: 'attendance', studentId: student, date }]);
    // Corrected to late: the same notification, rewritten, still about that child and day.
    await submit(true, true);
    const revised = await bell(parent, '?type=attendance');
    expect(revised).toHaveLength(1);
    expect(revised[0]?.id).toBe(alerts[0]?.id);
    expect(revised[0]?.title).toMatch(/corrected/);
    expect(revised[0]?.target).toEqual({ kind: 'attendance', studentId: student, date });
  });

  it('a reported message leads an admin in the conversation to it; an admin outside it gets no target', async () => {
    // A second school admin, in no conversation.
    const outsider = await withSystem(db(), async (tx) => {
      const email = `second.admin.${Date.now()}@school.test`;
      const accountId = await insertAccount(tx, email, await hashPassword(TEST_PASSWORD));
      await insertSchoolUser(tx, { schoolId: w.a.id, accountId, name: 'Second Admin', email, role: 'school_admin' });
      return email;
    });
    const admin = await w.a.as('school_admin');
    const started = await admin({
      method: 'POST',
      url: '/api/v1/messages/conversations',
      payload: { userId: w.a.users.teacher.id },
    });
    expect(started.statusCode, started.body).toBeLessThan(300);
    const conversation = started.json().id as string;
    const sent = await admin({
      method: 'POST',
      url: `/api/v1/messages/conversations/${conversation}/messages`,
      payload: { body: 'Please see me' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const reported = await (await w.a.as('teacher'))({
      method: 'POST',
      url: `/api/v1/messages/${sent.json().id}/report`,
      payload: {},
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const [mine] = await bell(admin, '?type=other');
    expect(mine?.target).toEqual({ kind: 'conversation', id: conversation });
    const second = as(w.t.app, await login(w.t.app, outsider, 'school_admin'));
    const [theirs] = await bell(second, '?type=other');
    expect(theirs?.title).toBe(mine?.title);
    expect(theirs?.target).toBeNull();
  });

  it('a notification of nothing to open (the demo welcome, a message report of old) has a null target', async () => {
    await withSystem(db(), (tx) =>
      createNotifications(tx, [
        { schoolId: w.a.id, userId: w.a.users.student.id, type: 'other', title: 'Welcome', body: 'Hello' },
      ]),
    );
    const [welcome] = await bell(await w.a.as('student'), '?type=other');
    expect(welcome).toMatchObject({ title: 'Welcome', target: null });
  });
});

describe('the list and its filters', () => {
  it('bad input and another school’s notification are refused as before, the target changing nothing', async () => {
    const parent = await w.a.as('parent');
    const bad = await parent({ method: 'GET', url: '/api/v1/notifications?type=party' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toBeTruthy();
    const [mine] = await bell(parent);
    const other = await (await w.b.as('parent'))({ method: 'POST', url: `/api/v1/notifications/${mine?.id}/read` });
    expect(other.statusCode).toBe(404);
  });
});

describe('a target names only its own school’s things', () => {
  it('every stored target points at an announcement, conversation or student of the notification’s school', async () => {
    // School B gets its own of each kind, so a mix-up of schools would show.
    await publish(await w.b.as('principal'), { title: 'B news', audience: ['parent'] });
    const sheet = await (await w.b.as('teacher'))({
      method: 'POST',
      url: '/api/v1/attendance',
      payload: { classId: w.b.classId, records: [{ studentId: w.b.users.student.id, isPresent: false }] },
    });
    expect(sheet.statusCode, sheet.body).toBe(200);
    const rows = (
      await withSystem(db(), (tx) =>
        tx.execute(sql`select n.school_id as "schoolId", n.target,
            case n.target->>'kind'
              when 'announcement' then exists (select 1 from announcements a
                where a.school_id = n.school_id and a.id = (n.target->>'id')::uuid)
              when 'conversation' then exists (select 1 from chat_groups g
                where g.school_id = n.school_id and g.id = (n.target->>'id')::uuid)
              when 'attendance' then exists (select 1 from students s
                where s.school_id = n.school_id and s.id = (n.target->>'studentId')::uuid)
              else true end as "ownSchool"
          from notifications n where n.target is not null`),
      )
    ).rows as { schoolId: string; target: { kind: string }; ownSchool: boolean }[];
    const kinds = new Set(rows.map((r) => `${r.schoolId === w.a.id ? 'a' : 'b'}:${r.target.kind}`));
    for (const k of ['a:announcement', 'a:attendance', 'a:conversation', 'b:announcement', 'b:attendance'])
      expect(kinds).toContain(k);
    expect(rows.filter((r) => !r.ownSchool)).toEqual([]);
  });
});

describe('migration 0044', () => {
  it('gives an announcement notification of old its announcement as target, and leaves the rest null', async () => {
    const id = await publish(await w.a.as('principal'), { title: 'Old news', audience: ['teacher'] });
    // As a row written before the column existed.
    await withSystem(db(), (tx) =>
      tx.execute(sql`update notifications set target = null where announcement_id = ${id}`),
    );
    const migration = readFileSync(
      new URL('../src/db/migrations/0044_notification-targets.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint')[1] as string;
    await withSystem(db(), (tx) => tx.execute(sql.raw(backfill)));
    const [note] = (await bell(await w.a.as('teacher'), '?type=announcement')).filter((n) => n.title.includes('Old'));
    expect(note?.target).toEqual({ kind: 'announcement', id });
    const [welcome] = await bell(await w.a.as('student'), '?type=other');
    expect(welcome?.target).toBeNull();
  });
});
