import type { SchoolRole } from '@lyceum/shared/roles';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../src/config.ts';
import { schoolSubscriptions } from '../src/db/schema/index.ts';
import { withSystem } from '../src/db/tenancy.ts';
import { schoolWorld } from './fixtures/school-world.ts';
import { expect } from 'vitest';
import { as, createSchool, login, type SchoolFixture, type TestApp } from './helpers.ts';

/** What every company-* test file starts from: staff of each company role and two schools. */
export interface CompanyWorld {
  t: TestApp;
  companyAdmin: ReturnType<typeof as>;
  admin: ReturnType<typeof as>;
  companyUser: ReturnType<typeof as>;
  a: SchoolFixture;
  b: SchoolFixture;
  asA: (role: SchoolRole) => Promise<ReturnType<typeof as>>;
  asB: (role: SchoolRole) => Promise<ReturnType<typeof as>>;
  planId: (name: string) => Promise<string>;
  addonId: (name: string) => Promise<string>;
}

export async function companyWorld(overrides: Partial<Config> = {}, clock?: () => Date): Promise<CompanyWorld> {
  const w = await schoolWorld({
    a: { name: 'Alpha School' },
    b: { name: 'Beta School' },
    config: overrides,
    ...(clock ? { clock } : {}),
  });
  const staff = async (role: 'company_admin' | 'admin' | 'company_user') => as(w.t.app, await w.staff(role));
  const companyAdmin = await staff('company_admin');
  const catalog = async (kind: 'plans' | 'addons', name: string) => {
    const res = await companyAdmin({ method: 'GET', url: `/api/v1/company/${kind}` });
    const found = (res.json().items as { id: string; name: string }[]).find((p) => p.name === name);
    if (!found) throw new Error(`${kind} ${name} not found`);
    return found.id;
  };
  return {
    t: w.t,
    companyAdmin,
    admin: await staff('admin'),
    companyUser: await staff('company_user'),
    a: w.a,
    b: w.b,
    asA: w.a.as,
    asB: w.b.as,
    planId: (name) => catalog('plans', name),
    addonId: (name) => catalog('addons', name),
  };
}

/** Moves a school's active subscription end date (to make it lapse without waiting). */
export async function setActiveEndDate(t: TestApp, schoolId: string, endDate: Date): Promise<void> {
  await withSystem(t.app.deps.db, (tx) =>
    tx
      .update(schoolSubscriptions)
      .set({ endDate })
      .where(and(eq(schoolSubscriptions.schoolId, schoolId), eq(schoolSubscriptions.status, 'active'))),
  );
}

/** A school's active subscription row as stored (undefined when it has none). */
export async function activeSubscriptionRow(t: TestApp, schoolId: string) {
  const rows = await withSystem(t.app.deps.db, (tx) =>
    tx
      .select()
      .from(schoolSubscriptions)
      .where(and(eq(schoolSubscriptions.schoolId, schoolId), eq(schoolSubscriptions.status, 'active'))),
  );
  return rows[0];
}

export const DAY = 86_400_000;

/** The limits of a small plan, for tests that create plans of their own. */
export const SMALL_PLAN_LIMITS = {
  maxStudents: 50,
  maxTeachers: 5,
  maxParents: 100,
  maxAdmins: 1,
  maxPrincipals: 1,
  storageGB: 1,
  apiCallsPerMonth: -1,
  maxSchools: 1,
};

/**
 * A new school of its own (no other test's payments or requests pending for it) that company staff assigned
 * `plan`, with that subscription and its school admin's session.
 */
export async function schoolOnPlan(w: CompanyWorld, plan = 'Standard') {
  const school = await createSchool(w.t.app);
  const assigned = await w.companyAdmin({
    method: 'POST',
    url: `/api/v1/company/schools/${school.id}/subscriptions`,
    payload: { planId: await w.planId(plan) },
  });
  expect(assigned.statusCode, assigned.body).toBe(201);
  const schoolAdmin = as(w.t.app, await login(w.t.app, school.users.school_admin.email, 'school_admin'));
  return { school, subscription: assigned.json(), schoolAdmin };
}
