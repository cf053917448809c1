import { Notification } from '@lyceum/shared/api';
import { calendarDate, messageOf, SCHOOL_NOTIFICATION_MESSAGES as S } from '@lyceum/shared/notifications';
import type { SchoolRole } from '@lyceum/shared/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../src/db/tenancy.ts';
import { createNotifications } from '../src/modules/notifications/service.ts';
import { type SchoolWorld, schoolWorld } from './fixtures/school-world.ts';
import { listenUrl, openStream, type SseStream } from './sse-client.ts';

/**
 * A stream writes each notification in its reader's language and school's date format as they are when it is
 * sent, not as they were when the stream opened (docs/product.md, "Notifications and live events"). The
 * heartbeat is a minute long here, so nothing but the change itself can tell an open stream about it.
 */
let w: SchoolWorld;
let base: string;
const open: SseStream[] = [];

beforeAll(async () => {
  w = await schoolWorld({ config: { eventHeartbeatMs: 60_000 } });
  base = await listenUrl(w.t.app);
});
afterAll(async () => {
  for (const s of open) s.close();
  await w.t.close();
});

async function streamOf(role: SchoolRole): Promise<SseStream> {
  const s = await openStream(base, (await w.a.signIn(role)).cookie);
  open.push(s);
  await s.next('unread');
  return s;
}

/** A renewal notice (our words, a date among them) to one user of school A; answers its id. */
async function notify(role: SchoolRole): Promise<string> {
  const title = messageOf(S.renewedTitle);
  const body = messageOf(S.renewedBody, 'Standard', calendarDate('2026-11-25'), '100.00');
  const [id] = await withSystem(w.t.app.deps.db, (tx) =>
    createNotifications(tx, [
      {
        schoolId: w.a.id,
        userId: w.a.users[role].id,
        type: 'fee',
        title: title.text,
        body: body.text,
        message: { title: title.ref, body: body.ref },
      },
    ]),
  );
  return id as string;
}

async function listed(role: SchoolRole, id: string): Promise<Notification> {
  const res = await (await w.a.as(role))({ method: 'GET', url: '/api/v1/notifications' });
  expect(res.statusCode).toBe(200);
  return Notification.parse(res.json().items.find((n: { id: string }) => n.id === id));
}

describe('live notifications follow the reader', () => {
  it('in the language the reader switched to while the stream was open', async () => {
    const s = await streamOf('parent');
    const put = await (await w.a.as('parent'))({
      method: 'PUT',
      url: '/api/v1/profile/language',
      payload: { language: 'ar' },
    });
    expect(put.statusCode).toBe(200);

    const id = await notify('parent');
    const live = Notification.parse(JSON.parse((await s.next('notification')).data));
    const list = await listed('parent', id);
    expect(list.title).not.toBe('Subscription renewed');
    expect(live).toEqual(list);
  });

  it("in the school's new language and date format, for everyone who follows the school", async () => {
    const s = await streamOf('teacher');
    const admin = await w.a.as('school_admin');
    const locale = (await admin({ method: 'GET', url: '/api/v1/school/locale' })).json();
    const put = await admin({
      method: 'PUT',
      url: '/api/v1/school/locale',
      payload: { ...locale, language: 'es', dateFormat: 'DD/MM/YYYY' },
    });
    expect(put.statusCode).toBe(200);

    const id = await notify('teacher');
    const live = Notification.parse(JSON.parse((await s.next('notification')).data));
    const list = await listed('teacher', id);
    expect(list.body).toContain('25/11/2026');
    expect(list.title).not.toBe('Subscription renewed');
    expect(live).toEqual(list);
  });
});
