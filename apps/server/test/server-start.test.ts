import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { freePort } from './free-port.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { type Finished, finished } from './process-output.ts';
import { MAIL_ATTEMPTS } from '../src/db/mail.ts';
import { mailOutbox } from '../src/db/schema/index.ts';
import { withSystem } from '../src/db/tenancy.ts';
import { newId } from '../src/lib/ids.ts';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * An operator's mistakes at start (README.md, "Configuration"): the server and the CLI stop with one clear line and
 * exit 1, before they write anything. These run the real entry points as processes, compiled once for the run as
 * `npm start` compiles the server (test/global-setup.ts).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const compiled = inject('compiled');

function run(
  entry: 'server' | 'cli',
  args: string[],
  env: Record<string, string>,
  asNobody = false,
): Promise<Finished> {
  const child = spawn(process.execPath, [compiled[entry], ...args], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    // Root writes anywhere: the unwritable directory is tried as nobody.
    ...(asNobody ? { uid: 65534, gid: 65534 } : {}),
  });
  return finished(child);
}

describe('start-up mistakes stop with one line', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'lyceum-start-'));
    chmodSync(dir, 0o755);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the CLI refuses the data directory of a running server, saying to stop the server first', async () => {
    const dataDir = path.join(dir, 'held');
    mkdirSync(dataDir);
    // This test process plays the running server.
    writeFileSync(path.join(dataDir, 'db.lock'), `${process.pid}\n`);
    const result = await run('cli', ['create-company-admin', '--email', 'boss@env.test', '--name', 'Boss Person'], {
      DATA_DIR: dataDir,
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `The data directory ${dataDir} is in use by another Lyceum process (pid ${process.pid}): stop the server ` +
        `first, then run this again. If no process ${process.pid} is running, delete ${dataDir}/db.lock.\n`,
    );
    expect(readdirSync(dataDir)).toEqual(['db.lock']);
  });

  it('a port in use is said before the database is created or seeded', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    const dataDir = path.join(dir, 'port');
    try {
      const result = await run('server', [], { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `Port ${port} is in use on 127.0.0.1: stop the process that holds it, or set PORT to a free port.\n`,
      );
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('an existing data directory this user may not write is named, with what to do', async () => {
    const dataDir = path.join(dir, 'readonly');
    mkdirSync(path.join(dataDir, 'db'), { recursive: true });
    const asNobody = process.getuid?.() === 0;
    if (!asNobody) chmodSync(dataDir, 0o555);
    const result = await run(
      'server',
      [],
      { DATA_DIR: dataDir, PORT: String(await freePort()), HOST: '127.0.0.1', DEMO_SEED: 'false' },
      asNobody,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(
        `^The data directory ${dataDir} cannot be written by this user \\(uid \\d+\\): give it to the user the ` +
          'server runs as \\(chown -R\\), or set DATA_DIR to a directory that user may write\\.\\n$',
      ),
    );
    chmodSync(dataDir, 0o755);
    expect(readdirSync(dataDir)).toEqual(['db']);
  });

  it('a data directory this user may not create is named, with what to do', async () => {
    const parent = path.join(dir, 'closed');
    mkdirSync(parent);
    const asNobody = process.getuid?.() === 0;
    if (!asNobody) chmodSync(parent, 0o555);
    const dataDir = path.join(parent, 'data');
    const result = await run(
      'server',
      [],
      { DATA_DIR: dataDir, PORT: String(await freePort()), HOST: '127.0.0.1', DEMO_SEED: 'false' },
      asNobody,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `The data directory ${dataDir} cannot be created (EACCES): create it for the user the server runs as, or ` +
        'set DATA_DIR to a directory that user may write.\n',
    );
    chmodSync(parent, 0o755);
    expect(readdirSync(parent)).toEqual([]);
  });

  it('a HOST that does not resolve, and a DATA_DIR that is a file, are one line each', async () => {
    const file = path.join(dir, 'a-file');
    writeFileSync(file, 'not a directory');
    const host = await run('server', [], {
      DATA_DIR: path.join(dir, 'host'),
      PORT: String(await freePort()),
      HOST: 'garbage.invalid',
      DEMO_SEED: 'false',
    });
    expect(host.code).toBe(1);
    expect(host.stderr).toBe(
      'HOST=garbage.invalid does not resolve to an address of this machine: set HOST to one of its addresses, or leave it unset.\n',
    );
    for (const dataDir of [file, path.join(file, 'data')]) {
      const result = await run('server', [], {
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        DEMO_SEED: 'false',
      });
      expect(result.code, dataDir).toBe(1);
      expect(result.stderr, dataDir).toBe(
        `The data directory ${dataDir} cannot be created: it or one of its parents is a file, not a directory. Set DATA_DIR to a directory.\n`,
      );
    }
  });

  it('a PostgreSQL server that refuses connections is one line, from the server and from the CLI', async () => {
    const port = await freePort();
    const env = {
      DATABASE_URL: `postgres://owner:secret@127.0.0.1:${port}/lyceum`,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
    };
    const expected = `Cannot reach PostgreSQL at 127.0.0.1:${port} (connection refused): check DATABASE_URL, and that PostgreSQL is running there.\n`;
    const server = await run('server', [], env);
    expect([server.code, server.stderr]).toEqual([1, expected]);
    const cli = await run('cli', ['migrate'], env);
    expect([cli.code, cli.stderr]).toEqual([1, expected]);
    const unresolved = await run('cli', ['migrate'], {
      ...env,
      DATABASE_URL: 'postgres://owner:secret@nohost.invalid/lyceum',
    });
    expect([unresolved.code, unresolved.stderr]).toEqual([
      1,
      'Cannot reach PostgreSQL: the host nohost.invalid in DATABASE_URL does not resolve.\n',
    ]);
  });

  it('the CLI answers an unknown option or command in a line and a hint, before opening the database', async () => {
    const dataDir = path.join(dir, 'cli-typo');
    mkdirSync(dataDir);
    // Held by "a running server": the typo is still what it hears about.
    writeFileSync(path.join(dataDir, 'db.lock'), `${process.pid}\n`);
    const option = await run('cli', ['create-company-admin', '--email', 'a@b.test', '--name', 'X', '--role', 'admin'], {
      DATA_DIR: dataDir,
    });
    expect([option.code, option.stdout]).toEqual([1, '']);
    expect(option.stderr).toBe(
      "Unknown option '--role'.\nUsage: npm run cli -- create-company-admin --email <email> --name <name>\n",
    );
    const command = await run('cli', ['bogus'], { DATA_DIR: dataDir });
    expect(command.code).toBe(1);
    expect(command.stderr).toMatch(/^Unknown command "bogus"\.\n\nUsage: npm run cli/);
    expect(readdirSync(dataDir)).toEqual(['db.lock']);
  });
});

/**
 * `npm run cli -- setup-code` (README.md, "The first company admin"): the code it prints opens the first
 * company-admin sign-up, and once a company admin exists it prints none. On the test database (PostgreSQL when
 * TEST_DATABASE_URL is set, else an embedded DATA_DIR, which the CLI may open only while no server holds it).
 */
describe("the CLI's setup-code and requeue-mail", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lyceum-setup-code-'));
  let t: TestApp | null = null;
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const cliEnv = (): Record<string, string> =>
    t?.config.database.kind === 'postgres' ? { DATABASE_URL: t.config.database.url } : { DATA_DIR: dataDir };
  const openApp = () =>
    createTestApp(process.env.TEST_DATABASE_URL ? {} : { database: { kind: 'pglite', dir: path.join(dataDir, 'db') } });

  it('prints a code the sign-up accepts, and refuses once a company admin exists', async () => {
    if (process.env.TEST_DATABASE_URL) t = await openApp();
    const printed = await run('cli', ['setup-code'], { ...cliEnv(), PUBLIC_URL: 'https://school.example' });
    expect([printed.code, printed.stderr]).toEqual([0, '']);
    const code = /with the setup code ([0-9A-Z]{4}(?:-[0-9A-Z]{4}){3}) /.exec(printed.stdout)?.[1];
    expect(printed.stdout).toContain('https://school.example/signup/company-admin');
    expect(code).toBeDefined();

    t ??= await openApp();
    const signUp = (setupCode: string, email: string) =>
      (t as TestApp).app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup/company-admin',
        payload: { name: 'First Founder', email, password: 'founding-secret-1', setupCode },
      });
    expect((await signUp('AAAA-BBBB-CCCC-DDDD', 'guess@lyceum.test')).statusCode).toBe(403);
    const created = await signUp(code as string, 'founder@lyceum.test');
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().user.role).toBe('company_admin');

    // The embedded database is the app's while it runs: the CLI asks once the app has stopped.
    if (t.config.database.kind === 'pglite') {
      await t.close();
      t = null;
    }
    const refused = await run('cli', ['setup-code'], cliEnv());
    expect([refused.code, refused.stdout]).toEqual([1, '']);
    expect(refused.stderr).toBe('A company admin exists already: company admins invite colleagues from Settings.\n');
  });

  it('requeue-mail queues again the mail the server gave up on (README.md, "Mail")', async () => {
    t ??= await openApp();
    await withSystem(t.app.deps.db, (tx) =>
      tx.insert(mailOutbox).values({
        id: newId(),
        to: 'someone@school.test',
        subject: 'Reset your Lyceum password',
        text: 'A link',
        kind: 'password_reset',
        status: 'failed',
        attempts: MAIL_ATTEMPTS,
      }),
    );
    if (t.config.database.kind === 'pglite') {
      await t.close();
      t = null;
    }
    const requeued = await run('cli', ['requeue-mail'], cliEnv());
    expect([requeued.code, requeued.stdout, requeued.stderr]).toEqual([0, '1 failed mail queued again.\n', '']);
    const again = await run('cli', ['requeue-mail'], cliEnv());
    expect(again.stdout).toBe('0 failed mail queued again.\n');
  });
});

/** Database problems that need a PostgreSQL server to make (TEST_DATABASE_URL): its answers, one line each. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL set-up mistakes stop with one line', () => {
  const serverUrl = process.env.TEST_DATABASE_URL as string;
  const suffix = `${process.pid}_${Math.random().toString(36).slice(2, 6)}`;
  const owner = `lyceum_noapp_${suffix}`;
  const admin = async <T extends pg.QueryResultRow>(statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return (await client.query<T>(statement)).rows;
    } finally {
      await client.end();
    }
  };
  /** The test server's address with another database, and optionally another user. */
  const urlWith = (database: string, user?: { name: string; password: string }) => {
    const url = new URL(serverUrl);
    if (user) {
      url.username = user.name;
      url.password = user.password;
    }
    url.pathname = `/${database}`;
    return url.toString();
  };
  const where = () => {
    const url = new URL(serverUrl);
    return `${url.hostname}:${url.port || '5432'}`;
  };
  // Making an owner outside lyceum_app takes a role that may create roles; CI's test owner is an ordinary one
  // (README, "Running on a PostgreSQL server"), so that case runs where the server allows it.
  let mayCreateRoles = false;
  beforeAll(async () => {
    const [me] = await admin<{ may: boolean }>(
      'select rolsuper or rolcreaterole as may from pg_roles where rolname = current_user',
    );
    mayCreateRoles = me?.may === true;
    if (!mayCreateRoles) return;
    await admin(`create role ${owner} login password 'secret'`);
    await admin(`create database ${owner} owner ${owner}`);
  });
  afterAll(async () => {
    if (!mayCreateRoles) return;
    await admin(`drop database if exists ${owner} with (force)`);
    await admin(`drop role if exists ${owner}`);
  });

  it('a missing database and a missing role', async () => {
    const missingDb = await run('cli', ['migrate'], { DATABASE_URL: urlWith(`nodb_${suffix}`) });
    expect([missingDb.code, missingDb.stderr]).toEqual([
      1,
      `The database nodb_${suffix} does not exist on ${where()}: create it (README.md, "Running on a PostgreSQL server") or fix DATABASE_URL.\n`,
    ]);
    const missingRole = await run('cli', ['migrate'], {
      DATABASE_URL: urlWith('postgres', { name: `nouser_${suffix}`, password: 'secret' }),
    });
    expect(missingRole.code).toBe(1);
    expect(missingRole.stderr).toMatch(
      new RegExp(`^PostgreSQL at ${where()} refused the user nouser_${suffix} \\(.*\\): check DATABASE_URL\\.\\n$`),
    );
  });

  it('an owner outside lyceum_app', async (ctx) => {
    if (!mayCreateRoles) ctx.skip();
    const outside = await run('server', [], {
      DATABASE_URL: urlWith(owner, { name: owner, password: 'secret' }),
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
    });
    expect([outside.code, outside.stderr]).toEqual([
      1,
      `The user ${owner} in DATABASE_URL is not a member of lyceum_app: as a database administrator run GRANT lyceum_app TO ${owner}; (README.md, "Running on a PostgreSQL server").\n`,
    ]);
  });
});
