import type { Request } from 'autocannon';
import { benchId } from '../data/plan.ts';
import { withClient } from '../lib/db.ts';
import { CLASS_SIZE } from '../data/steps.ts';
import { announcementFanout } from './announcement-fanout.ts';
import { eventStreams } from './event-streams.ts';
import { pageLoads } from './page-loads.ts';

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
  /** docs/product.md, "Performance budgets": common reads p95 under 25 ms at 32 connections. */
  p95Ms?: number;
  /** docs/product.md, "Performance budgets": e.g. submitting attendance for a 40-student class under 15 ms p50. */
  p50Ms?: number;
  label: string;
}

export interface Scenario {
  name: string;
  /** Concurrent connections (reads are measured at 32: docs/product.md, "Performance budgets"). */
  connections: number;
  budget: Budget | null;
  requests(ctx: ScenarioContext): Request[];
  /** Undoes what a writing scenario added, so that later runs on the same data measure the same thing. */
  after?(databaseUrl: string): Promise<void>;
  /** A scenario that is not a request loop (held event streams) drives the server itself and reports this. */
  measure?(env: MeasureEnv): Promise<Measured>;
}

export interface MeasureEnv {
  serverUrl: string;
  /** The bench database, for a scenario that writes as another server process would. */
  databaseUrl: string;
  ctx: ScenarioContext;
  /** Seconds to run for. */
  duration: number;
  smoke: boolean;
  memory(): { rssMb: number };
}

export interface Measured {
  connections: number;
  /** One latency per completed operation; the row's percentiles and count come from these. */
  latenciesMs: number[];
  requests: number;
  errors: number;
  rssMb: number;
}

export const COMMON_READ: Budget = { p95Ms: 25, label: 'p95 < 25 ms' };

const get = (path: string, sessions: Session[]): Request[] =>
  sessions.map((s) => ({ method: 'GET', path, headers: { cookie: s.cookie } }));

export const scenarios: Scenario[] = [
  {
    name: 'sign-in (POST /auth/login)',
    connections: 8,
    // Bounded by argon2id (19 MiB, t=2) by design; no budget in docs/product.md, "Performance budgets".
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
    // Includes the day: today's attendance by class and the week's trend (docs/product.md, "Dashboards that show the day").
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
    name: 'dashboard: parent',
    connections: 32,
    budget: COMMON_READ,
    requests: (ctx) => get('/api/v1/dashboard', ctx.sessions.parent),
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
  {
    name: 'company: schools list',
    connections: 32,
    // A company-staff page (a few users), not one of the common reads of docs/product.md, "Performance budgets": measured, no budget.
    budget: null,
    requests: (ctx) => [
      ...get('/api/v1/company/schools?limit=25', ctx.sessions.company_admin),
      ...get('/api/v1/company/schools?limit=25&sort=endDate&order=desc&status=active', ctx.sessions.company_admin),
      ...get('/api/v1/company/schools?q=academy&limit=25', ctx.sessions.company_admin),
    ],
  },
  {
    name: 'company: revenue',
    connections: 8,
    // A twelve-month aggregate over every school's payments; an overview page, not a hot path.
    budget: null,
    requests: (ctx) => get('/api/v1/company/revenue', ctx.sessions.company_admin),
  },
];

/**
 * People and classes. The generator's ids are benchId(seed:user:email) (bench/src/data/plan.ts), so a
 * scenario can name any school's students without reading the database; BENCH_SEED must match
 * `bench:data --seed`.
 */
const benchSeed = process.env.BENCH_SEED ?? '42';
const userIdOf = (email: string) => benchId(`${benchSeed}:user:${email}`);
const domainOf = (s: Session) => s.email.slice(s.email.indexOf('@') + 1);
const profileRequest = (s: Session, email: string): Request => ({
  method: 'GET',
  path: `/api/v1/students/${userIdOf(email)}`,
  headers: { cookie: s.cookie },
});

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
        Array.from({ length: 3 }, (_, i) => profileRequest(s, `student${1 + i * 37}@${domainOf(s)}`)),
      ),
      ...ctx.sessions.student.map((s) => profileRequest(s, s.email)),
    ],
  },
);

/**
 * The school day. Teacher n of a school is placed in class floor((n - 1) / 3) (steps.ts, "classes,
 * profiles": class k's teachers are numbers 3k+1 to 3k+3), whose students are k*40+1 to k*40+40; one in 200
 * people is deactivated and left out of a sheet. The bench data's ids name them without reading the database.
 */
const ATTENDANCE_SUBMIT: Budget = { p50Ms: 15, label: 'p50 < 15 ms' };
function classOfTeacher(s: Session): { classId: string; studentIds: string[] } {
  const n = Number(/^teacher(\d+)@/.exec(s.email)?.[1] ?? 1);
  const k = Math.floor((n - 1) / 3);
  const numbers = Array.from({ length: CLASS_SIZE }, (_, i) => k * CLASS_SIZE + i + 1).filter((m) => m % 200 !== 0);
  return {
    classId: benchId(`${benchSeed}:class:${s.schoolId}:${k}`),
    studentIds: numbers.map((m) => userIdOf(`student${m}@${domainOf(s)}`)),
  };
}

/** Who is absent and who late in each version of a teacher's submission (positions in the roster). */
const SUBMIT_VERSIONS = [
  { absent: [3, 17], late: 9 },
  { absent: [5, 22], late: 14 },
  { absent: [11, 30], late: 27 },
];

/**
 * Resubmits today's sheet of each teacher's class, in place, with two students absent and one late. Each
 * teacher's request comes in three versions that mark different students, so a resubmission corrects five or
 * six marks of the class (and revises their parents' alerts) instead of repeating the stored sheet, which
 * would change nothing.
 */
const submitRequests = (ctx: ScenarioContext) =>
  ctx.sessions.teacher.flatMap((s) =>
    SUBMIT_VERSIONS.map(({ absent, late }) => ({
      method: 'POST' as const,
      path: '/api/v1/attendance',
      headers: { cookie: s.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        classId: classOfTeacher(s).classId,
        records: classOfTeacher(s).studentIds.map((studentId, i) => ({
          studentId,
          isPresent: !absent.includes(i),
          isLate: i === late,
        })),
      }),
    })),
  );

scenarios.push(
  // At 8 connections two cores are saturated: the p50 is the queue's, about 8 ÷ throughput.
  {
    name: 'attendance: submit a 40-student class',
    connections: 8,
    budget: ATTENDANCE_SUBMIT,
    requests: submitRequests,
  },
  // One submission per core in flight: the p50 of a submission itself, with the machine busy (bench/README.md).
  {
    name: 'attendance: submit a 40-student class, one per core',
    connections: 2,
    budget: ATTENDANCE_SUBMIT,
    requests: submitRequests,
  },
  {
    name: 'attendance: class month register',
    connections: 32,
    budget: COMMON_READ,
    requests: (ctx) => [
      ...ctx.sessions.teacher.map((s) => ({
        method: 'GET' as const,
        path: `/api/v1/attendance/classes/${classOfTeacher(s).classId}/register`,
        headers: { cookie: s.cookie },
      })),
    ],
  },
  {
    name: "attendance: a student's history",
    connections: 32,
    budget: COMMON_READ,
    requests: (ctx) => [
      ...ctx.sessions.student.map((s) => ({
        method: 'GET' as const,
        path: `/api/v1/attendance/students/${userIdOf(s.email)}`,
        headers: { cookie: s.cookie },
      })),
      ...ctx.sessions.school_admin.map((s) => ({
        method: 'GET' as const,
        path: `/api/v1/attendance/students/${userIdOf(`student${1 + (s.email.length % CLASS_SIZE)}@${domainOf(s)}`)}`,
        headers: { cookie: s.cookie },
      })),
    ],
  },
);
/**
 * Messages and announcements (issue 14). The generator gives every class a group (bench_id(seed:chat-class:<class>))
 * and each class's teachers a conversation with the parent of its first student
 * (bench_id(seed:chat-direct:<teacher>:<student>)), so a teacher's two conversations are known without reading.
 */
const SEND_MARK = 'Bench load message';
/** docs/product.md, "Performance budgets" names no budget for sending a message: the one write budget it has (attendance). */
const MESSAGE_SEND: Budget = { p50Ms: 15, label: 'p50 < 15 ms (as attendance)' };
const post = (s: Session, path: string, body: unknown): Request => ({
  method: 'POST',
  path,
  headers: { cookie: s.cookie, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const conversationsOfTeacher = (s: Session) => {
  const { classId, studentIds } = classOfTeacher(s);
  return {
    classGroup: benchId(`${benchSeed}:chat-class:${classId}`),
    direct: benchId(`${benchSeed}:chat-direct:${userIdOf(s.email)}:${studentIds[0]}`),
  };
};

scenarios.push(
  {
    name: 'messages: send (one-to-one, class group)',
    // Each teacher writes to the parent of their class's first student and to their class's group (the live
    // event goes to the group's teachers and parents: about 35 people).
    connections: 8,
    budget: MESSAGE_SEND,
    requests: (ctx) =>
      ctx.sessions.teacher.flatMap((s, i) => {
        const c = conversationsOfTeacher(s);
        return [
          post(s, `/api/v1/messages/conversations/${c.direct}/messages`, {
            body: `${SEND_MARK} ${i}: see you on Friday.`,
          }),
          post(s, `/api/v1/messages/conversations/${c.classGroup}/messages`, {
            body: `${SEND_MARK} ${i}: books for Monday.`,
          }),
        ];
      }),
    async after(databaseUrl) {
      await withClient(databaseUrl, async (c) => {
        await c.query(`delete from messages where body like $1`, [`${SEND_MARK} %`]);
        await c.query(
          `update chat_groups g set last_activity_at = coalesce(
             (select max(m.created_at) from messages m where m.school_id = g.school_id and m.group_id = g.id), g.created_at)`,
        );
      });
    },
  },
  {
    name: 'messages: conversation list',
    connections: 32,
    budget: COMMON_READ,
    requests: (ctx) => [
      ...get('/api/v1/messages/conversations', ctx.sessions.teacher),
      ...get('/api/v1/messages/conversations', ctx.sessions.parent),
    ],
  },
  {
    name: 'announcements: list',
    connections: 32,
    budget: COMMON_READ,
    requests: (ctx) => [
      ...get('/api/v1/announcements', ctx.sessions.student),
      ...get('/api/v1/announcements', ctx.sessions.parent),
      ...get('/api/v1/announcements', ctx.sessions.teacher),
      ...get('/api/v1/announcements', ctx.sessions.school_admin),
    ],
  },
  {
    name: 'notifications: list',
    connections: 32,
    budget: COMMON_READ,
    requests: (ctx) => [
      ...get('/api/v1/notifications', ctx.sessions.parent),
      ...get('/api/v1/notifications', ctx.sessions.teacher),
      ...get('/api/v1/notifications', ctx.sessions.student),
    ],
  },
);

scenarios.push(...pageLoads);

scenarios.push(eventStreams);
scenarios.push(announcementFanout);
