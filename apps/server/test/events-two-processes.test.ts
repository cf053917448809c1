import { Notification } from '@lyceum/shared/api';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../src/db/tenancy.ts';
import { createNotifications } from '../src/modules/notifications/service.ts';
import {
  as,
  createCompanyUser,
  createSchool,
  createTestApp,
  login,
  type SchoolFixture,
  secondAppOn,
  type TestApp,
} from './helpers.ts';
import { listenUrl, openStream, type SseStream } from './sse-client.ts';

/**
 * Two server processes on one PostgreSQL (issue 5 item 4): two apps, each with its own pool and its own
 * LISTEN connection, on the same database. A stream held on one must hear of a write made through the other.
 * PGlite is one process by nature, so this runs only against a real server (CI sets TEST_DATABASE_URL).
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('live events across two server processes', () => {
  let first: TestApp;
  let second: TestApp;
  let urlFirst: string;
  let urlSecond: string;
  let school: SchoolFixture;
  const open: SseStream[] = [];

  beforeAll(async () => {
    first = await createTestApp({ eventHeartbeatMs: 150 });
    second = await secondAppOn(first, { eventHeartbeatMs: 150 });
    urlFirst = await listenUrl(first.app);
    urlSecond = await listenUrl(second.app);
    school = await createSchool(first.app);
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await second?.close();
    await first?.close();
  });

  const streamOn = async (url: string, cookie: string) => {
    const s = await openStream(url, cookie);
    open.push(s);
    expect(s.status).toBe(200);
    return s;
  };

  it('a stream on one process receives the notification created by a request to the other', async () => {
    const adminOnFirst = await login(first.app, school.users.school_admin.email, 'school_admin');
    const s = await streamOn(urlFirst, adminOnFirst.cookie);

    // The write: a school admin asks for an add-on through process 2, company staff approve it there too.
    const staff = await createCompanyUser(second.app, 'company_admin');
    const company = as(second.app, await login(second.app, staff.email, 'company_admin'));
    const schoolAdmin = as(second.app, await login(second.app, school.users.school_admin.email, 'school_admin'));
    const addons = (await company({ method: 'GET', url: '/api/v1/company/addons' })).json().items as {
      id: string;
      name: string;
    }[];
    const addon = addons.find((a) => a.name === 'Advanced Analytics');
    const req = await schoolAdmin({ method: 'POST', url: '/api/v1/addon-requests', payload: { addonId: addon?.id } });
    expect(req.statusCode).toBe(201);
    const approved = await company({ method: 'POST', url: `/api/v1/company/addon-requests/${req.json().id}/approve` });
    expect(approved.statusCode).toBe(200);

    const note = Notification.parse(JSON.parse((await s.next('notification')).data));
    expect(note.title).toContain('Advanced Analytics');
  });

  it('signing out through one process ends the stream held on the other', async () => {
    const session = await login(second.app, school.users.teacher.email, 'teacher');
    const s = await streamOn(urlFirst, session.cookie);
    const out = await fetch(`${urlSecond}/api/v1/auth/logout`, {
      method: 'POST',
      headers: { cookie: session.cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(out.status).toBe(204);
    await s.ended;
  });

  it('a listener connection killed by the server comes back, tells its streams to resync, and delivers again', async () => {
    const session = await login(first.app, school.users.parent.email, 'parent');
    const s = await streamOn(urlSecond, session.cookie);
    const database = first.config.database;
    if (database.kind !== 'postgres') throw new Error('expected a PostgreSQL test database');
    const operator = new pg.Client({ connectionString: serverUrl });
    await operator.connect();
    const killed = await operator.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = $1 and query ilike 'listen %' and pid <> pg_backend_pid()`,
      [new URL(database.url).pathname.slice(1)],
    );
    await operator.end();
    // Both processes' listeners (a LISTEN connection stays idle with that statement as its last query).
    expect(killed.rows.length).toBe(2);

    await s.next('resync');
    expect(second.app.deps.live.reconnects).toBeGreaterThan(0);
    await withSystem(first.app.deps.db, (tx) =>
      createNotifications(tx, [
        { schoolId: school.id, userId: school.users.parent.id, type: 'fee', title: 'After the reconnect', body: 'x' },
      ]),
    );
    expect(Notification.parse(JSON.parse((await s.next('notification')).data)).title).toBe('After the reconnect');
  });
});
