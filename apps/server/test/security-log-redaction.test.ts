import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema/index.ts';
import { withSystem } from '../src/db/tenancy.ts';
import { FREE_FAILURES_PER_PAIR } from '../src/modules/auth/sign-in-throttle.ts';
import {
  as,
  createSchool,
  createTestApp,
  errorOf,
  login,
  type SchoolFixture,
  TEST_PASSWORD,
  type TestApp,
} from './helpers.ts';

/**
 * The request log never holds a one-time link's token: whoever reads the log could otherwise set the password
 * or confirm the address before the link's owner does (docs/security.md, "Secrets kept out of the log").
 */
let t: TestApp;
let school: SchoolFixture;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ logLevel: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
  school = await createSchool(t.app, { name: 'Logged School' });
});
afterAll(() => t.close());

/** The URLs of the "incoming request" lines logged since `from`. */
const loggedUrls = (from: number) =>
  lines
    .slice(from)
    .map((line) => JSON.parse(line) as { req?: { url?: string } })
    .flatMap((entry) => (entry.req?.url ? [entry.req.url] : []));

describe('secrets in URLs are not logged', () => {
  it('opening an e-mailed set-password link logs its path, not its token', async () => {
    const email = school.users.teacher.email;
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email } });
    await t.app.deps.afterReply.settled();
    const rows = await withSystem(t.app.deps.db, (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(sql`${mailOutbox.createdAt} desc`),
    );
    const link = new URL(rows[0]?.text.match(/https?:\/\/\S*reset-password\?token=\S+/)?.[0] ?? 'missing:');
    const token = link.searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThan(20);

    const from = lines.length;
    await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(loggedUrls(from)).toEqual(['/reset-password?token=[redacted]']);
    expect(lines.slice(from).join('\n')).not.toContain(token);
  });

  it('every secret parameter is redacted, wherever it stands, and the rest of the URL is kept', async () => {
    const from = lines.length;
    await t.app.inject({ method: 'GET', url: '/verify-email?lang=es&token=SECRETVERIFY456' });
    await t.app.inject({ method: 'GET', url: '/api/v1/health?Token=SECRET1&code=SECRET2&%74oken=SECRET3' });
    await t.app.inject({ method: 'GET', url: '/api/v1/students?limit=5' });
    expect(loggedUrls(from)).toEqual([
      '/verify-email?lang=es&token=[redacted]',
      '/api/v1/health?Token=[redacted]&code=[redacted]&%74oken=[redacted]',
      '/api/v1/students?limit=5',
    ]);
    expect(lines.slice(from).join('\n')).not.toMatch(/SECRET/);
  });

  it('a list search logs that it searched, not the names and e-mails searched for', async () => {
    const from = lines.length;
    await t.app.inject({ method: 'GET', url: '/api/v1/students?search=parent%40demo.lyceum.test&limit=5' });
    await t.app.inject({ method: 'GET', url: '/api/v1/parents?Search=Priya' });
    await t.app.inject({ method: 'GET', url: '/students?search=Priya%20Patel&classId=abc' });
    await t.app.inject({ method: 'GET', url: '/api/v1/messages?q=Priya' });
    expect(loggedUrls(from)).toEqual([
      '/api/v1/students?search=[redacted]&limit=5',
      '/api/v1/parents?Search=[redacted]',
      '/students?search=[redacted]&classId=abc',
      '/api/v1/messages?q=[redacted]',
    ]);
    expect(lines.slice(from).join('\n')).not.toMatch(/Priya|parent%40demo/);
  });
});

describe('a failed statement is logged without its values', () => {
  /** The log entries with this message written since `from`. */
  const logged = (from: number, msg: string) =>
    lines
      .slice(from)
      .map((line) => JSON.parse(line) as { msg?: string; err?: Record<string, unknown> })
      .filter((entry) => entry.msg === msg);

  // The database refuses a new user row, echoing its e-mail in the error's detail as PostgreSQL's own
  // constraint errors do: unexpected (500, logged as an error) or a refusal the handler knows (422, logged as info).
  it.each([
    { errcode: 'P0001', status: 500, msg: 'unhandled error' },
    { errcode: '23514', status: 422, msg: 'database refused the request' },
  ])('SQLSTATE $errcode: the SQL, code and message are logged, not the names and e-mails sent', async ({
    errcode,
    status,
    msg,
  }) => {
    const admin = await login(t.app, school.users.school_admin.email, 'school_admin');
    const db = t.app.deps.db;
    await db.execute(
      sql.raw(`create function lyceum_test_refuse_user() returns trigger language plpgsql as $$
        begin raise exception 'lyceum test refuses this user' using errcode = '${errcode}',
          detail = 'Failing row contains (' || new.email || ')'; end $$`),
    );
    await db.execute(sql`create trigger lyceum_test_refuse_user before insert on users
      for each row execute function lyceum_test_refuse_user()`);
    const name = 'Quillon Unloggable';
    const email = `quillon.unloggable.${errcode.toLowerCase()}@school.test`;
    const from = lines.length;
    try {
      const res = await as(
        t.app,
        admin,
      )({ method: 'POST', url: '/api/v1/students', payload: { name, email, classId: school.classId } });
      expect(res.statusCode).toBe(status);
      if (status === 500) expect(errorOf(res).code).toBe('internal');
    } finally {
      await db.execute(sql`drop trigger lyceum_test_refuse_user on users`);
      await db.execute(sql`drop function lyceum_test_refuse_user()`);
    }
    const [entry, ...more] = logged(from, msg);
    expect(more).toEqual([]);
    expect(entry?.err).toMatchObject({
      query: expect.stringMatching(/^insert into "users"/),
      code: errcode,
      message: expect.stringContaining('lyceum test refuses this user'),
      paramCount: expect.any(Number),
    });
    expect(entry?.err?.message).toMatch(/params: \(\d+ values\)/);
    const text = lines.slice(from).join('\n');
    expect(text).not.toContain(email);
    expect(text).not.toContain(name);
  });
});

describe('refused sign-ins', () => {
  interface Refusal {
    level: number;
    msg: string;
    event?: string;
    reason?: string;
    client?: string;
    account?: string;
  }
  /** The "sign-in refused" lines written since `from`. */
  const refusals = (from: number) =>
    lines
      .slice(from)
      .map((line) => JSON.parse(line) as Refusal)
      .filter((entry) => entry.event === 'sign-in refused');
  const signIn = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress,
      payload: { email, password, role: 'teacher' },
    });

  it('each writes one warn line with its reason, the client key and the account masked; never the password or address', async () => {
    const email = school.users.teacher.email;
    const masked = `t***@school.test`;
    const password = 'Wrong-Guess-Quokka-17';
    const from = lines.length;

    expect((await signIn(email, password, '203.0.113.7')).statusCode).toBe(401);
    expect((await signIn('nobody.here@unknown.test', password, '203.0.113.8')).statusCode).toBe(401);
    // An IPv6 client counts as its /64, in the log as in the holds.
    expect((await signIn(email, password, '2001:db8:5:6:a:b:c:d')).statusCode).toBe(401);
    expect(refusals(from)).toEqual([
      expect.objectContaining({
        level: 40,
        msg: `sign-in refused (wrong password): ${masked} from 203.0.113.7`,
        event: 'sign-in refused',
        reason: 'wrong password',
        client: '203.0.113.7',
        account: masked,
      }),
      expect.objectContaining({
        level: 40,
        msg: 'sign-in refused (no such account): n***@unknown.test from 203.0.113.8',
        reason: 'no such account',
      }),
      expect.objectContaining({ reason: 'wrong password', client: '2001:db8:5:6::/64', account: masked }),
    ]);

    // Held: the pair's free failures spent, even the right password is refused, and said so.
    const held = lines.length;
    for (let i = 1; i < FREE_FAILURES_PER_PAIR; i++) await signIn(email, password, '203.0.113.7');
    expect((await signIn(email, TEST_PASSWORD, '203.0.113.7')).statusCode).toBe(429);
    expect(refusals(held).map((entry) => entry.reason)).toEqual([
      ...Array(FREE_FAILURES_PER_PAIR - 1).fill('wrong password'),
      'held after too many failures',
    ]);

    const text = lines.slice(from).join('\n');
    expect(text).not.toContain(password);
    expect(text).not.toContain(TEST_PASSWORD);
    expect(text).not.toContain(email);
    expect(text).not.toContain('nobody.here');

    // A sign-in that succeeds writes none.
    const ok = lines.length;
    await login(t.app, school.users.principal.email, 'principal');
    expect(refusals(ok)).toEqual([]);
  });
});

describe('mail written without SMTP_URL', () => {
  it('is one readable log line: file, recipient, subject and its link, not the whole text', async () => {
    const email = school.users.student.email;
    const from = lines.length;
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email } });
    await t.app.deps.afterReply.settled();
    await t.app.deps.mail.flush();
    const written = lines
      .slice(from)
      .map((line) => JSON.parse(line) as { msg: string })
      .filter((entry) => entry.msg.startsWith('mail written to '));
    expect(written).toHaveLength(1);
    expect(written[0]?.msg).toMatch(
      new RegExp(
        `^mail written to ${t.config.dataDir}/mail/[\\w-]+\\.eml \\(no SMTP_URL\\) for ${email.replace('.', '\\.')}: ` +
          'Reset your Lyceum password; link: http://\\S+/reset-password\\?token=\\S+$',
      ),
    );
  });
});
