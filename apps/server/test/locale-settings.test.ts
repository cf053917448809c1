import { DEFAULT_SCHOOL_LOCALE, type SchoolLocale } from '@lyceum/shared/locale';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, schools } from '../src/db/schema/index.ts';
import { withSystem } from '../src/db/tenancy.ts';
import { type CompanyWorld, companyWorld } from './company-helpers.ts';
import { errorOf } from './helpers.ts';

let w: CompanyWorld;
beforeAll(async () => {
  w = await companyWorld();
});
afterAll(() => w.t.close());

const AUCKLAND: SchoolLocale = {
  language: 'es',
  timeZone: 'Pacific/Auckland',
  currency: 'NZD',
  dateFormat: 'DD/MM/YYYY',
  weekStart: 'sunday',
};

async function storedLocale(schoolId: string): Promise<SchoolLocale> {
  const [row] = await withSystem(w.t.app.deps.db, (tx) => tx.select().from(schools).where(eq(schools.id, schoolId)));
  if (!row) throw new Error('no such school');
  const { language, timeZone, currency, dateFormat, weekStart } = row;
  return { language, timeZone, currency, dateFormat, weekStart };
}

const auditCount = async (schoolId: string, action: string) =>
  (
    await withSystem(w.t.app.deps.db, (tx) =>
      tx
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(and(eq(auditLog.schoolId, schoolId), eq(auditLog.action, action))),
    )
  )[0]?.n;

describe('GET /school/locale', () => {
  it("answers every school role with its own school's locale, new schools starting from the default", async () => {
    for (const role of ['school_admin', 'principal', 'teacher', 'student', 'parent'] as const) {
      const res = await (await w.asB(role))({ method: 'GET', url: '/api/v1/school/locale' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(DEFAULT_SCHOOL_LOCALE);
    }
  });

  it('is not for company staff (they read a school through the company pages)', async () => {
    expect((await w.companyAdmin({ method: 'GET', url: '/api/v1/school/locale' })).statusCode).toBe(403);
  });
});

describe('PUT /school/locale', () => {
  it("sets the school admin's own school only, audits it, and every session of the school sees it at once", async () => {
    const admin = await w.asA('school_admin');
    const res = await admin({ method: 'PUT', url: '/api/v1/school/locale', payload: AUCKLAND });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(AUCKLAND);
    expect(await storedLocale(w.a.id)).toEqual(AUCKLAND);
    expect(await storedLocale(w.b.id)).toEqual(DEFAULT_SCHOOL_LOCALE);
    expect(await auditCount(w.a.id, 'school.locale_updated')).toBe(1);
    expect(await auditCount(w.b.id, 'school.locale_updated')).toBe(0);

    const me = await (await w.asA('teacher'))({ method: 'GET', url: '/api/v1/auth/me' });
    expect(me.json().school.locale).toEqual(AUCKLAND);
    expect(me.json().user.language).toBeNull();
    const other = await (await w.asB('teacher'))({ method: 'GET', url: '/api/v1/auth/me' });
    expect(other.json().school.locale).toEqual(DEFAULT_SCHOOL_LOCALE);
    const read = await (await w.asA('parent'))({ method: 'GET', url: '/api/v1/school/locale' });
    expect(read.json()).toEqual(AUCKLAND);
  });

  it('refuses an unknown zone, currency, language, date format or week start with the field message, writing nothing', async () => {
    const admin = await w.asA('school_admin');
    const before = await storedLocale(w.a.id);
    const audits = await auditCount(w.a.id, 'school.locale_updated');
    const cases: [Partial<SchoolLocale> | Record<string, unknown>, string, string][] = [
      [{ timeZone: 'Mars/Olympus' }, 'timeZone', 'Choose a valid time zone'],
      [{ currency: 'XYZ' }, 'currency', 'Choose a valid currency'],
      [{ currency: 'usd' }, 'currency', 'Choose a valid currency'],
      [{ language: 'fr' }, 'language', 'Choose a language'],
      [{ dateFormat: 'DD.MM.YY' }, 'dateFormat', 'Choose a date format'],
      [{ weekStart: 'friday' }, 'weekStart', 'Choose the first day of the week'],
    ];
    for (const [change, field, message] of cases) {
      const res = await admin({
        method: 'PUT',
        url: '/api/v1/school/locale',
        // An earlier test may have left the school in another language: ask for the English wording.
        headers: { 'accept-language': 'en' },
        payload: { ...DEFAULT_SCHOOL_LOCALE, ...change },
      });
      expect(res.statusCode, field).toBe(400);
      expect(errorOf(res).fields?.[field]).toBe(message);
    }
    const missing = await admin({
      method: 'PUT',
      url: '/api/v1/school/locale',
      headers: { 'accept-language': 'en' },
      payload: { language: 'en' },
    });
    expect(missing.statusCode).toBe(400);
    // Left out, each field says its own message, never the validator's "expected string, received undefined".
    expect(errorOf(missing).fields).toMatchObject({
      timeZone: 'Choose a valid time zone',
      currency: 'Choose a valid currency',
      dateFormat: 'Choose a date format',
      weekStart: 'Choose the first day of the week',
    });
    const tooLong = await admin({
      method: 'PUT',
      url: '/api/v1/school/locale',
      headers: { 'accept-language': 'en' },
      payload: { ...DEFAULT_SCHOOL_LOCALE, timeZone: 'A'.repeat(65), currency: 'USDX' },
    });
    expect(errorOf(tooLong).fields).toEqual({
      timeZone: 'Choose a valid time zone',
      currency: 'Choose a valid currency',
    });
    expect(await storedLocale(w.a.id)).toEqual(before);
    expect(await auditCount(w.a.id, 'school.locale_updated')).toBe(audits);
  });

  it("is the school admin's alone: principal, teacher, student, parent and company staff get 403 and change nothing", async () => {
    const before = await storedLocale(w.a.id);
    for (const role of ['principal', 'teacher', 'student', 'parent'] as const) {
      const res = await (await w.asA(role))({ method: 'PUT', url: '/api/v1/school/locale', payload: AUCKLAND });
      expect(res.statusCode, role).toBe(403);
    }
    for (const staff of [w.companyAdmin, w.admin, w.companyUser]) {
      expect((await staff({ method: 'PUT', url: '/api/v1/school/locale', payload: AUCKLAND })).statusCode).toBe(403);
    }
    expect(await storedLocale(w.a.id)).toEqual(before);
  });
});

describe('company staff and the locale of a school', () => {
  const body = async (overrides: Record<string, unknown> = {}) => {
    const tag = Math.random().toString(36).slice(2, 8);
    return {
      name: `Locale ${tag} College`,
      admin: { name: 'Lola Admin', email: `lola.${tag}@locale.test`, sendInvitation: false },
      subscription: { planId: await w.planId('Basic'), billingCycle: 'monthly' },
      ...overrides,
    };
  };

  it('creates a school with the locale given, or the default for what is left out', async () => {
    const withLocale = await w.companyAdmin({
      method: 'POST',
      url: '/api/v1/company/schools',
      payload: await body({ timeZone: 'America/Los_Angeles', currency: 'MXN', language: 'es' }),
    });
    expect(withLocale.statusCode).toBe(201);
    const expected = { ...DEFAULT_SCHOOL_LOCALE, timeZone: 'America/Los_Angeles', currency: 'MXN', language: 'es' };
    expect(withLocale.json().school.locale).toEqual(expected);
    expect(await storedLocale(withLocale.json().school.id)).toEqual(expected);

    const plain = await w.admin({ method: 'POST', url: '/api/v1/company/schools', payload: await body() });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().school.locale).toEqual(DEFAULT_SCHOOL_LOCALE);
  });

  it('refuses a bad locale on create with the field message and creates nothing', async () => {
    const count = async () =>
      (await withSystem(w.t.app.deps.db, (tx) => tx.select({ n: sql<number>`count(*)::int` }).from(schools)))[0]?.n;
    const before = await count();
    for (const [change, field, message] of [
      [{ timeZone: 'Mars/Olympus' }, 'timeZone', 'Choose a valid time zone'],
      [{ currency: 'XYZ' }, 'currency', 'Choose a valid currency'],
      [{ language: 'fr' }, 'language', 'Choose a language'],
    ] as const) {
      const res = await w.companyAdmin({ method: 'POST', url: '/api/v1/company/schools', payload: await body(change) });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields?.[field]).toBe(message);
    }
    expect(await count()).toBe(before);
  });

  it('edits the locale of the named school only, audited with before and after', async () => {
    const created = await w.companyAdmin({ method: 'POST', url: '/api/v1/company/schools', payload: await body() });
    const id = created.json().school.id as string;
    const res = await w.companyAdmin({
      method: 'PATCH',
      url: `/api/v1/company/schools/${id}`,
      payload: { timeZone: 'Pacific/Auckland', weekStart: 'saturday' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().locale).toEqual({
      ...DEFAULT_SCHOOL_LOCALE,
      timeZone: 'Pacific/Auckland',
      weekStart: 'saturday',
    });
    expect(await storedLocale(w.b.id)).toEqual(DEFAULT_SCHOOL_LOCALE);
    const [entry] = await withSystem(w.t.app.deps.db, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.schoolId, id), eq(auditLog.action, 'school.updated'))),
    );
    expect(entry?.before).toEqual({ timeZone: 'UTC', weekStart: 'monday' });
    expect(entry?.after).toEqual({ timeZone: 'Pacific/Auckland', weekStart: 'saturday' });

    const bad = await w.companyAdmin({
      method: 'PATCH',
      url: `/api/v1/company/schools/${id}`,
      payload: { currency: 'XYZ' },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields?.currency).toBe('Choose a valid currency');
    const refused = await w.companyUser({
      method: 'PATCH',
      url: `/api/v1/company/schools/${id}`,
      payload: { timeZone: 'UTC' },
    });
    expect(refused.statusCode).toBe(403);
    expect((await storedLocale(id)).timeZone).toBe('Pacific/Auckland');
  });
});

describe('school self-signup and the language', () => {
  const signup = async (overrides: Record<string, unknown>) => {
    const plans = await w.t.app.inject({ method: 'GET', url: '/api/v1/plans' });
    const basic = plans.json().find((p: { name: string }) => p.name === 'Basic');
    const tag = Math.random().toString(36).slice(2, 8);
    return w.t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup/school-admin',
      payload: {
        schoolName: `Signup ${tag} School`,
        name: 'Sara Signup',
        email: `sara.${tag}@signup.test`,
        password: 'a-long-enough-password',
        planId: basic.id,
        ...overrides,
      },
    });
  };

  it("takes the browser's language as the new school's, the rest of the locale the default", async () => {
    const res = await signup({ language: 'ar' });
    expect(res.statusCode).toBe(201);
    expect(res.json().school.locale).toEqual({ ...DEFAULT_SCHOOL_LOCALE, language: 'ar' });
    expect(res.json().user.language).toBeNull();
    const plain = await signup({});
    expect(plain.json().school.locale).toEqual(DEFAULT_SCHOOL_LOCALE);
  });

  it('refuses a language it does not ship', async () => {
    const res = await signup({ language: 'fr' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields?.language).toBe('Choose a language');
  });
});
