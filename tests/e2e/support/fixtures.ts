import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import type { Role } from '@lyceum/shared/roles';
import { type StartedServer, startServer } from './server.ts';

export { expect };

export type Viewport = { width: number; height: number };
export const DESKTOP: Viewport = { width: 1280, height: 800 };
export const PHONE: Viewport = { width: 375, height: 812 };

export interface Account {
  email: string;
  password: string;
  role: Role;
}

export const DEMO_PASSWORD = 'lyceum-demo';
const DEMO_EMAIL: Record<Role, string> = {
  company_admin: 'company-admin@lyceum.test',
  admin: 'admin@lyceum.test',
  company_user: 'company-user@lyceum.test',
  school_admin: 'school-admin@demo.lyceum.test',
  principal: 'principal@demo.lyceum.test',
  teacher: 'teacher@demo.lyceum.test',
  student: 'student@demo.lyceum.test',
  parent: 'parent@demo.lyceum.test',
};

/** The seeded demo account of a role (Demo School for the school roles). */
export function demoAccount(role: Role): Account {
  return { email: DEMO_EMAIL[role], password: DEMO_PASSWORD, role };
}

/** Types the account into the sign-in form and submits it; the page must be on a sign-in page. */
export async function fillSignInForm(page: Page, account: Account): Promise<void> {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Role').selectOption(account.role);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs the page's browser context in through the API: the session cookie is the browser's, and the page has
 * not moved. For journeys that must watch the page from its first load (signInAs loads the dashboard).
 */
export async function signInThroughApi(page: Page, account: Account): Promise<void> {
  const res = await page.context().request.post('/api/v1/auth/login', { data: account });
  expect(res.status(), `signing in ${account.email} as ${account.role} through the API`).toBe(200);
}

interface WorkerFixtures {
  /** This worker's own server and database: journeys in other workers never see its data. */
  server: StartedServer;
}

interface TestFixtures {
  /** A page in a fresh browser context (its own cookies) on the worker's server; closed after the test. */
  openPage(viewport?: Viewport): Promise<Page>;
  /**
   * A page signed in as `who` (a role's demo account, or any account) and settled on the dashboard. Signs in
   * through the API and hands the session cookie to the browser: journeys that test the sign-in form itself use
   * `signInThroughForm` or fill the form in themselves.
   */
  signInAs(who: Role | Account, viewport?: Viewport): Promise<Page>;
  /** Same result as `signInAs`, reached by typing into the sign-in form as a user does. */
  signInThroughForm(who: Role | Account, viewport?: Viewport): Promise<Page>;
}

const accountOf = (who: Role | Account): Account => (typeof who === 'string' ? demoAccount(who) : who);

async function onDashboard(page: Page): Promise<Page> {
  await page.waitForURL('**/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  return page;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern.
    async ({}, use) => {
      const server = await startServer({ copyOf: process.env.E2E_TEMPLATE_DIR });
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 240_000 },
  ],

  openPage: async ({ browser, server }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (viewport = DESKTOP) => {
      // Reduced motion (the app honours it, index.css): no skeleton pulse or fades to paint frame after frame
      // on a CPU the server and the other worker share, and nothing caught mid-transition.
      const context = await browser.newContext({ baseURL: server.url, viewport, reducedMotion: 'reduce' });
      contexts.push(context);
      return context.newPage();
    });
    await Promise.all(contexts.map((c) => c.close()));
  },

  signInAs: async ({ openPage }, use) => {
    await use(async (who, viewport) => {
      const page = await openPage(viewport);
      await signInThroughApi(page, accountOf(who));
      await page.goto('/dashboard');
      return onDashboard(page);
    });
  },

  signInThroughForm: async ({ openPage }, use) => {
    await use(async (who, viewport) => {
      const page = await openPage(viewport);
      await page.goto('/login');
      await fillSignInForm(page, accountOf(who));
      return onDashboard(page);
    });
  },
});
