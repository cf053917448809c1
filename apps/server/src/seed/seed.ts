import { DEFAULT_ADDONS, DEFAULT_PLANS } from '@lyceum/shared/plans';
import { DEMO_NOTIFICATION_MESSAGES, messageOf } from '@lyceum/shared/notifications';
import type { CompanyRole, SchoolRole } from '@lyceum/shared/roles';
import { sql } from 'drizzle-orm';
import { insertAccount, insertCompanyStaff, insertSchoolUser } from '../db/accounts.ts';
import { newId } from '../lib/ids.ts';
import { hashPassword } from '../modules/auth/index.ts';
import { createNotifications } from '../modules/notifications/index.ts';
import type { Database } from '../db/client.ts';
import { accounts, addons, plans } from '../db/schema/index.ts';
import { seedCompanyDemo } from './seed-company.ts';
import { insertSchool } from './school.ts';
import { seedDemoPeople } from './seed-people.ts';
import { seedDemoSchoolDay } from './seed-school-day.ts';
import { withSystem } from '../db/tenancy.ts';

/** The default plans and add-ons (docs/product.md, "Default plans and add-ons"), written once: an operator's later edits or removals are never undone. */
export async function seedDefaults(db: Database): Promise<void> {
  await withSystem(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7205759403792795)`);
    const [planCount] = await tx.select({ n: sql<number>`count(*)::int` }).from(plans);
    if ((planCount?.n ?? 0) === 0) {
      await tx.insert(plans).values(
        DEFAULT_PLANS.map((p) => ({
          id: newId(),
          name: p.name,
          description: p.description,
          priceMinor: p.priceMinor,
          billingPeriod: p.billingPeriod,
          limits: { ...p.limits },
          features: p.features,
          color: p.color,
          yearlyDiscountPercent: p.yearlyDiscountPercent,
          isPopular: p.isPopular,
          trialAllowed: p.trialAllowed,
        })),
      );
    }
    const [addonCount] = await tx.select({ n: sql<number>`count(*)::int` }).from(addons);
    if ((addonCount?.n ?? 0) === 0) {
      await tx.insert(addons).values(DEFAULT_ADDONS.map((a) => ({ id: newId(), ...a })));
    }
  });
}

export const DEMO_PASSWORD = 'lyceum-demo';

const DEMO_COMPANY: { email: string; name: string; role: CompanyRole }[] = [
  { email: 'company-admin@lyceum.test', name: 'Clara Company', role: 'company_admin' },
  { email: 'admin@lyceum.test', name: 'Adam Admin', role: 'admin' },
  { email: 'company-user@lyceum.test', name: 'Cora User', role: 'company_user' },
];

const DEMO_SCHOOLS = [
  {
    domain: 'demo.lyceum.test',
    school: {
      name: 'Demo School',
      address: '1 Demo Street, Springfield',
      phone: '+1 555 0100',
      email: 'office@demo.lyceum.test',
      principalName: 'Paula Principal',
    },
    people: {
      school_admin: 'Sam Admin',
      principal: 'Paula Principal',
      teacher: 'Tom Teacher',
      student: 'Stella Student',
      parent: 'Pat Parent',
    },
  },
  {
    domain: 'riverside.lyceum.test',
    school: {
      name: 'Riverside Academy',
      address: '42 River Road, Riverton',
      phone: '+1 555 0200',
      email: 'office@riverside.lyceum.test',
      principalName: 'Rita Rivers',
    },
    people: {
      school_admin: 'Rob Admin',
      principal: 'Rita Rivers',
      teacher: 'Rhea Teacher',
      student: 'Ravi Student',
      parent: 'Rosa Parent',
    },
  },
] as const;

const SCHOOL_ROLE_PREFIX: Record<SchoolRole, string> = {
  school_admin: 'school-admin',
  principal: 'principal',
  teacher: 'teacher',
  student: 'student',
  parent: 'parent',
};

/**
 * The embedded demo (README.md, "Demo accounts"): two schools and one account per role, all with the password
 * `lyceum-demo`. Runs only into an empty database; returns its accounts as the start-up log prints them, one
 * `role e-mail` each (lib/startup-summary.ts), or null.
 */
export async function seedDemo(db: Database): Promise<{ accounts: string[] } | null> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const emails = await withSystem(db, async (tx) => {
    const [existing] = await tx.select({ n: sql<number>`count(*)::int` }).from(accounts);
    if ((existing?.n ?? 0) > 0) return null;
    const list: string[] = [];
    for (const c of DEMO_COMPANY) {
      const accountId = await insertAccount(tx, c.email, passwordHash);
      await insertCompanyStaff(tx, { accountId, name: c.name, email: c.email, role: c.role });
      list.push(`${c.role} ${c.email}`);
    }
    for (const demo of DEMO_SCHOOLS) {
      const schoolId = await insertSchool(tx, { ...demo.school, isDemo: true });
      const roleIds = {} as Record<SchoolRole, string>;
      for (const [role, name] of Object.entries(demo.people) as [SchoolRole, string][]) {
        const email = `${SCHOOL_ROLE_PREFIX[role]}@${demo.domain}`;
        const accountId = await insertAccount(tx, email, passwordHash);
        const userId = await insertSchoolUser(tx, { schoolId, accountId, name, email, role });
        roleIds[role] = userId;
        // Our own words, so each person reads the welcome in their language (docs/product.md, "Notifications").
        const title = messageOf(DEMO_NOTIFICATION_MESSAGES.welcomeTitle, demo.school.name);
        const body = messageOf(DEMO_NOTIFICATION_MESSAGES.welcomeBody);
        await createNotifications(tx, [
          {
            schoolId,
            userId,
            type: 'announcement',
            title: title.text,
            body: body.text,
            message: { title: title.ref, body: body.ref },
          },
        ]);
        list.push(`${role} ${email}`);
      }
      await seedDemoPeople(tx, { schoolId, domain: demo.domain, passwordHash, ids: roleIds });
      await seedDemoSchoolDay(tx, { schoolId, demoStudentId: roleIds.student });
    }
    list.push(...(await seedCompanyDemo(tx, passwordHash)));
    return list;
  });
  return emails ? { accounts: emails } : null;
}
