import { createServer, type Server, type Socket } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  enqueueMail,
  MAIL_ATTEMPTS,
  MAIL_RETRY_DELAYS_MS,
  MailDispatcher,
  REQUEUE_WITHIN_DAYS,
  requeueFailedMail,
} from '../src/db/mail.ts';
import { mailOutbox } from '../src/db/schema/index.ts';
import { withSystem } from '../src/db/tenancy.ts';
import { createSchool, createTestApp, type SchoolFixture, type TestApp } from './helpers.ts';

/**
 * The mail outbox over SMTP (README.md, "Mail"): a failed mail is tried again after a growing wait, over about
 * six hours, then given up with one error line; `npm run cli -- requeue-mail` (requeueFailedMail) queues it again.
 * A small SMTP server stands in for the real one: down (it answers 421 and hangs up) or up (it takes the mail).
 */
interface FakeSmtp {
  server: Server;
  port: number;
  up: boolean;
  received: { to: string; data: string }[];
}

async function fakeSmtp(): Promise<FakeSmtp> {
  const smtp: FakeSmtp = { server: createServer(), port: 0, up: false, received: [] };
  smtp.server.on('connection', (socket: Socket) => {
    if (!smtp.up) {
      socket.end('421 smtp.test Service not available\r\n');
      return;
    }
    let buffer = '';
    let data: string | null = null;
    let to = '';
    socket.write('220 smtp.test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== null) {
          if (line === '.') {
            smtp.received.push({ to, data });
            data = null;
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 smtp.test\r\n');
        else if (/^RCPT TO:/i.test(line)) {
          to = line.replace(/^RCPT TO:\s*<?([^>]*)>?.*$/i, '$1');
          socket.write('250 ok\r\n');
        } else if (/^DATA/i.test(line)) {
          data = '';
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
  smtp.port = (smtp.server.address() as { port: number }).port;
  return smtp;
}

let smtp: FakeSmtp;
let t: TestApp;
let school: SchoolFixture;
let now = Date.now();
const lines: string[] = [];

beforeAll(async () => {
  smtp = await fakeSmtp();
  t = await createTestApp(
    { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, logLevel: 'info' },
    { clock: () => new Date(now), logStream: { write: (line) => void lines.push(line) } },
  );
  school = await createSchool(t.app, { name: 'Mailing School' });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => smtp.server.close(resolve));
});

/** A password reset for `email`, queued through the public page. */
async function queueReset(email: string): Promise<typeof mailOutbox.$inferSelect> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email } });
  expect(res.statusCode).toBe(202);
  // The reset is queued after the answer (the same answer whether or not the address has an account).
  await t.app.deps.afterReply.settled();
  return row(email);
}

async function row(email: string): Promise<typeof mailOutbox.$inferSelect> {
  const [found] = await withSystem(t.app.deps.db, (tx) =>
    tx.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(sql`${mailOutbox.createdAt} desc`),
  );
  if (!found) throw new Error(`no mail to ${email}`);
  return found;
}

/** The log entries about one mail written since `from`. */
const logged = (from: number, mailId: string) =>
  lines
    .slice(from)
    .map((line) => JSON.parse(line) as { level: number; msg: string; mailId?: string; kind?: string })
    .filter((entry) => entry.mailId === mailId);

describe('the mail outbox', () => {
  it('tries a failed mail again after growing waits for about six hours, then gives up in one error line', async () => {
    smtp.up = false;
    const email = school.users.teacher.email;
    const from = lines.length;
    const queued = await queueReset(email);
    expect(queued.kind).toBe('password_reset');
    await t.app.deps.mail.flush();
    expect(await row(email)).toMatchObject({ status: 'pending', attempts: 1 });

    // Not due yet: passes in between try nothing (no attempt per pass).
    for (let pass = 0; pass < 3; pass++) await t.app.deps.mail.flush();
    expect((await row(email)).attempts).toBe(1);

    let waited = 0;
    for (const [i, delay] of MAIL_RETRY_DELAYS_MS.entries()) {
      now += delay - 1000;
      waited += delay;
      await t.app.deps.mail.flush();
      expect((await row(email)).attempts, `a second before wait ${i + 1} ends`).toBe(i + 1);
      now += 1000;
      await t.app.deps.mail.flush();
      expect((await row(email)).attempts, `when wait ${i + 1} ends`).toBe(i + 2);
    }
    expect(waited / 3_600_000).toBeGreaterThan(6);
    expect(waited / 3_600_000).toBeLessThan(6.1);
    expect(await row(email)).toMatchObject({ status: 'failed', attempts: MAIL_ATTEMPTS });

    const entries = logged(from, queued.id);
    expect(entries.filter((entry) => entry.level === 40)).toHaveLength(MAIL_ATTEMPTS - 1);
    expect(entries[0]?.msg).toMatch(new RegExp(`^mail delivery failed \\(attempt 1 of ${MAIL_ATTEMPTS}; next at `));
    const [givenUp, ...more] = entries.filter((entry) => entry.level === 50);
    expect(more).toEqual([]);
    expect(givenUp).toMatchObject({ kind: 'password_reset', mailId: queued.id });
    expect(givenUp?.msg).toBe(
      `mail given up after ${MAIL_ATTEMPTS} attempts: password_reset mail ${queued.id} to t***@school.test ` +
        '(npm run cli -- requeue-mail queues it again)',
    );
    // Neither the address nor the text (its link) is in the log.
    const text = lines.slice(from).join('\n');
    expect(text).not.toContain(email);
    expect(text).not.toContain('reset-password?token=');

    // Given up: passes leave it alone, whatever the time.
    now += 86_400_000;
    await t.app.deps.mail.flush();
    expect((await row(email)).attempts).toBe(MAIL_ATTEMPTS);

    // SMTP works again: requeued (as the CLI does), it is sent at the next pass.
    smtp.up = true;
    expect(await requeueFailedMail(t.app.deps.db, new Date(now))).toEqual({ requeued: 1, older: 0 });
    await t.app.deps.mail.flush();
    expect(await row(email)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(smtp.received.map((mail) => mail.to)).toEqual([email]);
  });

  // docs/scaling.md: several processes on one PostgreSQL share the outbox.
  it('sends each mail once when two processes pass over the outbox at the same time', async () => {
    smtp.up = true;
    const before = smtp.received.length;
    const addresses = ['one', 'two', 'three', 'four', 'five', 'six'].map((name) => `${name}@shared-outbox.test`);
    await withSystem(t.app.deps.db, async (tx) => {
      for (const to of addresses)
        await enqueueMail(tx, { to, subject: 'Hello', text: 'Hello', kind: 'account_invite' });
    });
    const otherProcess = new MailDispatcher(t.app.deps.db, {
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      from: 'Lyceum <no-reply@lyceum.test>',
      mailDir: '/nonexistent',
      log: t.app.log,
      clock: () => new Date(now),
    });
    await Promise.all([t.app.deps.mail.flush(), otherProcess.flush(), t.app.deps.mail.flush(), otherProcess.flush()]);
    const received = smtp.received.slice(before).map((mail) => mail.to);
    expect(received.toSorted()).toEqual(addresses.toSorted());
    for (const to of addresses)
      expect(await row(to)).toMatchObject({ status: 'sent', attempts: 1, nextAttemptAt: null });
  });

  it('sends a mail at its next attempt once SMTP is back; requeue leaves mail older than its links', async () => {
    smtp.up = false;
    const email = school.users.principal.email;
    await queueReset(email);
    await t.app.deps.mail.flush();
    expect(await row(email)).toMatchObject({ status: 'pending', attempts: 1 });
    smtp.up = true;
    now += MAIL_RETRY_DELAYS_MS[0] as number;
    await t.app.deps.mail.flush();
    expect(await row(email)).toMatchObject({ status: 'sent', attempts: 2, nextAttemptAt: null });

    // A mail given up long ago: its reset link has expired, requeueing it would send a dead link.
    await withSystem(t.app.deps.db, (tx) =>
      tx
        .update(mailOutbox)
        .set({ status: 'failed', createdAt: new Date(now - (REQUEUE_WITHIN_DAYS + 1) * 86_400_000) })
        .where(eq(mailOutbox.to, email)),
    );
    expect(await requeueFailedMail(t.app.deps.db, new Date(now))).toEqual({ requeued: 0, older: 1 });
    expect((await row(email)).status).toBe('failed');
  });
});
