import { createHash } from 'node:crypto';
import type { Request } from 'autocannon';

/**
 * The load scenarios, in the order they run. Each feature adds its scenarios here, in one place (later:
 * lists, class attendance submit, register, student profile, report card, fee dashboard, event streams).
 * A scenario gets the signed-in sessions and credentials and returns the requests autocannon cycles through.
 */
export type SignInRole = 'school_admin' | 'principal' | 'teacher' | 'student' | 'parent' | 'company_admin';

export interface Session {
  role: SignInRole;
  email: string;
  schoolId: string | null;
  cookie: string;
}

export interface ScenarioContext {
  sessions: Record<SignInRole, Session[]>;
  credentials: { email: string; password: string; role: SignInRole }[];
}

export interface Budget {
  /** DESIGN §9: common reads p95 under 25 ms at 32 connections. */
  p95Ms?: number;
  /** DESIGN §9: e.g. submitting attendance for a 40-student class under 15 ms p50. */
  p50Ms?: number;
  label: string;
}

export interface Scenario {
  name: string;
  /** Concurrent connections (DESIGN §9 measures reads at 32). */
  connections: number;
  budget: Budget | null;
  requests(ctx: ScenarioContext): Request[];
}

export const COMMON_READ: Budget = { p95Ms: 25, label: 'p95 < 25 ms' };

const get = (path: string, sessions: Session[]): Request[] =>
  sessions.map((s) => ({ method: 'GET', path, headers: { cookie: s.cookie } }));

export const scenarios: Scenario[] = [
  {
    name: 'sign-in (POST /auth/login)',
    connections: 8,
    // Bounded by argon2id (19 MiB, t=2) by design; no DESIGN §9 budget.
    budget: null,
    requests: (ctx) =>
      ctx.credentials.map((c) => ({
        method: 'POST',
        path: '/api/v1/auth/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(c),
      })),
  },
  {
    name: 'session check (GET /auth/me)',
    connections: 32,
    budget: COMMON_READ,
    requests: (ctx) =>
      get('/api/v1/auth/me', [...ctx.sessions.teacher, ...ctx.sessions.student, ...ctx.sessions.parent]),
  },
  {
    name: 'dashboard: school_admin',
    connections: 32,
    budget: COMMON_READ,
    requests: (ctx) => get('/api/v1/dashboard', ctx.sessions.school_admin),
  },
  {
    name: 'dashboard: principal',
    connections: 32,
    budget: COMMON_READ,
    requests: (ctx) => get('/api/v1/dashboard', ctx.sessions.principal),
  },
  {
    name: 'dashboard: teacher',
    connections: 32,
    budget: COMMON_READ,
    requests: (ctx) => get('/api/v1/dashboard', ctx.sessions.teacher),
  },
  {
    name: 'dashboard: student',
    connections: 32,
    budget: COMMON_READ,
    requests: (ctx) => get('/api/v1/dashboard', ctx.sessions.student),
  },
  {
    name: 'dashboard: company_admin',
    connections: 32,
    budget: COMMON_READ,
    requests: (ctx) => get('/api/v1/dashboard', ctx.sessions.company_admin),
  },
];

/**
 * People and classes. The generator's ids are md5(seed:user:email) (bench/src/data/steps.ts), so a scenario
 * can name a school's students without reading the database; BENCH_SEED must match `bench:data --seed`.
 */
const benchSeed = process.env.BENCH_SEED ?? '42';
const userIdOf = (email: string) => {
  const h = createHash('md5').update(`${benchSeed}:user:${email}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};
const domainOf = (s: Session) => s.email.slice(s.email.indexOf('@') + 1);
/**
 * Route ids are validated as RFC 9562 UUIDs, which md5-made ids are only one time in eight: the scenario
 * reads the students whose ids pass (until the generator sets the version and variant bits).
 */
const RFC_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const profileRequest = (s: Session, email: string): Request[] => {
  const id = userIdOf(email);
  return RFC_UUID.test(id) ? [{ method: 'GET', path: `/api/v1/students/${id}`, headers: { cookie: s.cookie } }] : [];
};

scenarios.push(
  {
    name: 'student list (GET /students)',
    connections: 32,
    budget: COMMON_READ,
    requests: (ctx) => [
      ...get('/api/v1/students?limit=25', ctx.sessions.school_admin),
      ...get('/api/v1/students?limit=25&search=a&sort=rollNumber', ctx.sessions.principal),
      ...get('/api/v1/students?limit=25', ctx.sessions.teacher),
    ],
  },
  {
    name: 'class list (GET /classes)',
    connections: 32,
    budget: COMMON_READ,
    requests: (ctx) => [
      ...get('/api/v1/classes', ctx.sessions.school_admin),
      ...get('/api/v1/my-classes', ctx.sessions.teacher),
    ],
  },
  {
    name: 'student profile (GET /students/:id)',
    connections: 32,
    budget: COMMON_READ,
    requests: (ctx) => [
      ...ctx.sessions.school_admin.flatMap((s) =>
        Array.from({ length: 60 }, (_, i) => profileRequest(s, `student${i + 1}@${domainOf(s)}`))
          .flat()
          .slice(0, 3),
      ),
      ...ctx.sessions.student.flatMap((s) => profileRequest(s, s.email)),
    ],
  },
);
