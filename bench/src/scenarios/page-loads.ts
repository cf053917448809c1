import type { MeasureEnv, Measured, Scenario, Session, SignInRole } from './index.ts';

/**
 * Page loads: what a browser opening a page fresh asks the API, in the app's order: the session
 * (`GET /auth/me`) first, then the page's own data in parallel. One page load is one measured operation, so
 * the row's req/s column reads pages per second and its percentiles are whole-page latencies. Requests say
 * `accept-encoding: br, gzip` as a browser does. The live event stream the shell opens afterwards is left
 * out (held open, it is the event-streams row).
 */
const CONNECTIONS = 32;

/** A page: the requests after the session, for one signed-in user; null when the page has nothing for them. */
type PagePlan = (session: Session, baseUrl: string) => Promise<string[] | null>;

const headers = (s: Session) => ({ cookie: s.cookie, 'accept-encoding': 'br, gzip' });

async function fetchOk(baseUrl: string, path: string, session: Session): Promise<boolean> {
  const res = await fetch(`${baseUrl}${path}`, { headers: headers(session) });
  await res.arrayBuffer();
  return res.ok;
}

async function loadPage(baseUrl: string, session: Session, paths: string[]): Promise<boolean> {
  if (!(await fetchOk(baseUrl, '/api/v1/auth/me', session))) return false;
  const results = await Promise.all(paths.map((p) => fetchOk(baseUrl, p, session)));
  return results.every(Boolean);
}

async function drive(env: MeasureEnv, role: SignInRole, plan: PagePlan): Promise<Measured> {
  const sessions = env.ctx.sessions[role];
  const pages: { session: Session; paths: string[] }[] = [];
  for (const session of sessions) {
    const paths = await plan(session, env.serverUrl);
    if (paths) pages.push({ session, paths });
  }
  if (pages.length === 0) throw new Error(`page loads: no ${role} has this page`);
  const latenciesMs: number[] = [];
  let errors = 0;
  let next = 0;
  // The smoke run (npm test) only checks that every page answers: half a second each keeps it short.
  const end = performance.now() + (env.smoke ? 0.5 : env.duration) * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const page = pages[next++ % pages.length] as (typeof pages)[number];
        const started = performance.now();
        const ok = await loadPage(env.serverUrl, page.session, page.paths).catch(() => false);
        if (ok) latenciesMs.push(performance.now() - started);
        else errors++;
      }
    }),
  );
  return { connections: CONNECTIONS, latenciesMs, requests: latenciesMs.length, errors, rssMb: env.memory().rssMb };
}

const fixed =
  (...paths: string[]): PagePlan =>
  async () =>
    paths;

/** The class page of one of the user's classes (discovered once, before timing). */
const classPage: PagePlan = async (session, baseUrl) => {
  const res = await fetch(`${baseUrl}/api/v1/classes/options`, { headers: headers(session) });
  if (!res.ok) return null;
  const { items } = (await res.json()) as { items: { id: string }[] };
  return items[0] ? [`/api/v1/classes/${items[0].id}`] : null;
};

const page = (name: string, role: SignInRole, plan: PagePlan): Scenario => ({
  name,
  connections: CONNECTIONS,
  // A page is several requests: measured against the request budgets of its rows, not one of its own.
  budget: null,
  requests: () => [],
  measure: (env) => drive(env, role, plan),
});

const STUDENTS = '/api/v1/students?status=active&limit=25';

export const pageLoads: Scenario[] = [
  page('page: Students (me + 2)', 'school_admin', fixed(STUDENTS, '/api/v1/classes/options')),
  // The same page as the app asked for it before the session carried the brand and the unread count and the
  // class filter read option lists: the comparison on one server.
  page(
    'page: Students, old requests (me + 4)',
    'school_admin',
    fixed('/api/v1/school', '/api/v1/notifications', STUDENTS, '/api/v1/classes?status=active'),
  ),
  page('page: class (me + 1)', 'school_admin', classPage),
  ...(['school_admin', 'principal', 'teacher', 'student', 'parent', 'company_admin'] as const).map((role) =>
    page(`page: dashboard, ${role} (me + 1)`, role, fixed('/api/v1/dashboard')),
  ),
];
