import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { hash } from '@node-rs/argon2';
import os from 'node:os';
import path from 'node:path';
import type { Role, SchoolRole } from '@lyceum/shared/roles';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { insertAccount, insertCompanyStaff, insertSchoolUser } from '../src/db/accounts.ts';
import { insertSchool, type NewSchool } from '../src/seed/school.ts';
import { linkRoleProfiles } from '../src/seed/seed-people.ts';
import { withSystem } from '../src/db/tenancy.ts';

export const TEST_PASSWORD = 'correct-horse-battery';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

let pgliteTemplate: Blob | null = null;
/** The migrated template (global-setup.ts), read once per test file. */
const templateDump = () => (pgliteTemplate ??= new Blob([readFileSync(inject('pgliteTemplate'))]));

/**
 * A fresh app on a fresh database: in-memory PGlite, or a new database on the server in TEST_DATABASE_URL
 * (CI runs the same suite both ways). Either starts as a copy of the run's migrated template
 * (global-setup.ts). Build it once per file.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: { webDist?: string; clock?: () => Date; logStream?: { write(line: string): void } } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lyceum-test-'));
  let database: Config['database'];
  let dropDatabase: (() => Promise<void>) | null = null;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (overrides.database) {
    // Another app on a database that already exists (see secondAppOn): it neither creates nor drops one.
    database = overrides.database;
  } else if (serverUrl) {
    const name = `lyceum_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    const template = inject('postgresTemplate');
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = { kind: 'postgres', url: url.toString(), poolSize: 5 };
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      try {
        for (let attempt = 1; ; attempt++) {
          try {
            await c.query(`drop database if exists ${name} with (force)`);
            return;
          } catch (err) {
            // FORCE cannot end an autovacuum worker busy on the database (an ordinary owner may not signal it:
            // 42501); a plain DROP asks autovacuum to leave and waits for it, so try that, then FORCE again.
            if ((err as { code?: string }).code !== '42501' || attempt >= 5) throw err;
            try {
              await c.query(`drop database if exists ${name}`);
              return;
            } catch {
              await new Promise((resolve) => setTimeout(resolve, 200));
            }
          }
        }
      } finally {
        await c.end();
      }
    };
  } else {
    database = { kind: 'pglite', dir: 'memory', from: templateDump() };
  }
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    // Tests change rows behind the server's back (SQL), so sessions and answers are looked up afresh unless a
    // test asks.
    {
      database,
      demoSeed: false,
      authRateLimitPerMinute: 10_000,
      // Files sign up many schools from one address; security-signup-limits.test.ts asks for the real limit.
      signupDailyLimitPerAddress: 10_000,
      writeRateLimitPerMinute: 10_000,
      sessionCacheMs: 0,
      answerCacheMs: 0,
      // An analysis between a test's statements would change what it counts or plans; the tests that want it ask.
      embeddedAnalyzeMs: 0,
      ...overrides,
    },
  );
  const app = await buildApp(config, {
    // Silent unless a test reads the log (then pass logLevel too: the tests' LOG_LEVEL is silent).
    logger: options.logStream !== undefined,
    ...(options.logStream ? { logStream: options.logStream } : {}),
    seedDemo: false,
    webDist: options.webDist ?? path.join(dataDir, 'no-web'),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  return {
    app,
    config,
    async close() {
      await app.close();
      await dropDatabase?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second server process, as far as a test can tell: its own app, pool and live-events listener on the same
 * database as `first` (a real PostgreSQL one, for the cross-process tests). Close it before `first`, which
 * drops the database.
 */
export function secondAppOn(first: TestApp, overrides: Partial<Config> = {}): Promise<TestApp> {
  // Two in-memory PGlite instances would be two databases, not two processes on one.
  if (first.config.database.kind !== 'postgres') throw new Error('secondAppOn needs a PostgreSQL test database');
  return createTestApp({ ...overrides, database: first.config.database });
}

let passwordHash: Promise<string> | null = null;
/**
 * The fixtures' accounts share one argon2id hash of TEST_PASSWORD made with the least work argon2 allows: every
 * sign-in verifies with the parameters stored in the hash, and with the product's (hashPassword) each one costs
 * ~25 ms of CPU, about a thousand times per run. Passwords set through the API are hashed as in production
 * (auth.test.ts checks what is stored).
 */
const testHash = () => (passwordHash ??= hash(TEST_PASSWORD, { algorithm: 2, memoryCost: 8, timeCost: 1 }));

export interface SchoolFixture {
  id: string;
  name: string;
  users: Record<SchoolRole, { id: string; email: string; accountId: string }>;
  /** The class the teacher leads and the student is in (roll 1), the parent linked to that student. */
  classId: string;
  subjectId: string;
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A school with an active Standard subscription and one user per school role. */
export async function createSchool(app: FastifyInstance, input: Partial<NewSchool> = {}): Promise<SchoolFixture> {
  const hash = await testHash();
  const tag = unique();
  return withSystem(app.deps.db, async (tx) => {
    const name = input.name ?? `School ${tag}`;
    const id = await insertSchool(tx, { name, ...input });
    const users = {} as SchoolFixture['users'];
    for (const role of ['school_admin', 'principal', 'teacher', 'student', 'parent'] as const) {
      const email = `${role}.${tag}@school.test`;
      const accountId = await insertAccount(tx, email, hash);
      const userId = await insertSchoolUser(tx, { schoolId: id, accountId, name: `${role} ${tag}`, email, role });
      users[role] = { id: userId, email, accountId };
    }
    const links = await linkRoleProfiles(tx, id, {
      teacher: users.teacher.id,
      student: users.student.id,
      parent: users.parent.id,
    });
    return { id, name, users, ...links };
  });
}

export async function createCompanyUser(
  app: FastifyInstance,
  role: 'company_admin' | 'admin' | 'company_user',
): Promise<{ id: string; email: string; accountId: string }> {
  const hash = await testHash();
  const email = `${role}.${unique()}@company.test`;
  return withSystem(app.deps.db, async (tx) => {
    const accountId = await insertAccount(tx, email, hash);
    const id = await insertCompanyStaff(tx, { accountId, name: `${role} person`, email, role });
    return { id, email, accountId };
  });
}

export interface Session {
  cookie: string;
  body: { user: { id: string; role: Role; schoolId: string | null; email: string; name: string } };
}

export async function login(
  app: FastifyInstance,
  email: string,
  role: Role,
  password = TEST_PASSWORD,
): Promise<Session> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password, role } });
  if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
  return { cookie: sessionCookie(res), body: res.json() };
}

export function sessionCookie(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const first = Array.isArray(raw) ? raw[0] : raw;
  if (!first) throw new Error('no session cookie set');
  return first.split(';')[0] as string;
}

/** `app.inject` as a signed-in user; JSON bodies get the JSON content type the CSRF rule asks for. */
export function as(app: FastifyInstance, session: Session | null) {
  return (opts: InjectOptions) =>
    app.inject({
      ...opts,
      headers: { ...(opts.headers ?? {}), ...(session ? { cookie: session.cookie } : {}) },
      ...(opts.method && opts.method !== 'GET' && opts.payload === undefined ? { payload: {} } : {}),
    });
}

export function errorOf(res: LightMyRequestResponse): {
  code: string;
  message: string;
  fields?: Record<string, string>;
} {
  return (res.json() as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
}
