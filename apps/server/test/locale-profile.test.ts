import { ROLES } from '@lyceum/shared/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog } from '../src/db/schema/index.ts';
import { withSystem } from '../src/db/tenancy.ts';
import { setActiveEndDate } from './company-helpers.ts';
import { type SchoolWorld, schoolWorld } from './fixtures/school-world.ts';
import { as, createCompanyUser, errorOf, login, type Session } from './helpers.ts';
import { translateTo } from '@lyceum/shared/i18n/catalogues';

let w: SchoolWorld;
beforeAll(async () => {
  w = await schoolWorld();
});
afterAll(() => w.t.close());

const languageOf = async (accountId: string) =>
  (await withSystem(w.t.app.deps.db, (tx) => tx.select().from(accounts).where(eq(accounts.id, accountId))))[0]
    ?.language;

/** A session of every one of the eight roles, with the account behind it. */
async function everyRole(): Promise<{ role: (typeof ROLES)[number]; session: Session; accountId: string }[]> {
  const out = [];
  for (const role of ROLES) {
    if (role === 'company_admin' || role === 'admin' || role === 'company_user') {
      const user = await createCompanyUser(w.t.app, role);
      out.push({ role, session: await login(w.t.app, user.email, role), accountId: user.accountId });
    } else {
      out.push({ role, session: await w.a.signIn(role), accountId: w.a.users[role].accountId });
    }
  }
  return out;
}

describe('PUT /profile/language', () => {
  it('lets every one of the eight roles pick their own language and clear it again, answering the fresh auth state', async () => {
    for (const { role, session, accountId } of await everyRole()) {
      const api = as(w.t.app, session);
      const set = await api({ method: 'PUT', url: '/api/v1/profile/language', payload: { language: 'ar' } });
      expect(set.statusCode, role).toBe(200);
      expect(set.json().user).toMatchObject({ role, language: 'ar' });
      expect(await languageOf(accountId)).toBe('ar');
      const me = await api({ method: 'GET', url: '/api/v1/auth/me' });
      expect(me.json().user.language).toBe('ar');
      if (me.json().school) expect(me.json().school.locale.language).toBe('en');
      else expect(['company_admin', 'admin', 'company_user']).toContain(role);

      const cleared = await api({ method: 'PUT', url: '/api/v1/profile/language', payload: { language: null } });
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json().user.language).toBeNull();
      expect(await languageOf(accountId)).toBeNull();
    }
  });

  it('comes back with the next sign-in, and is audited', async () => {
    const api = await w.b.as('teacher');
    await api({ method: 'PUT', url: '/api/v1/profile/language', payload: { language: 'es' } });
    const again = await login(w.t.app, w.b.users.teacher.email, 'teacher');
    expect(again.body.user).toMatchObject({ language: 'es' });
    const entries = await withSystem(w.t.app.deps.db, (tx) =>
      tx.select().from(auditLog).where(eq(auditLog.entityId, w.b.users.teacher.accountId)),
    );
    expect(entries.find((e) => e.action === 'profile.language_changed')?.after).toEqual({ language: 'es' });
  });

  it('refuses a language it does not ship, or a missing one, writing nothing', async () => {
    const api = await w.a.as('student');
    await api({ method: 'PUT', url: '/api/v1/profile/language', payload: { language: 'es' } });
    for (const payload of [{ language: 'fr' }, { language: 'EN' }, {}]) {
      const res = await api({ method: 'PUT', url: '/api/v1/profile/language', payload });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields?.language).toBeTruthy();
    }
    const res = await api({ method: 'PUT', url: '/api/v1/profile/language', payload: { language: 'fr' } });
    // Answered in the person's own language, which the refused request left as it was.
    expect(errorOf(res).fields?.language).toBe(translateTo('Choose a language', 'es'));
    expect(errorOf(res).fields?.language).not.toBe('Choose a language');
    expect(await languageOf(w.a.users.student.accountId)).toBe('es');
  });

  it("changes the caller's own account only, never another person's, in this school or another", async () => {
    const before = await languageOf(w.b.users.parent.accountId);
    const parentA = await w.a.as('parent');
    await parentA({ method: 'PUT', url: '/api/v1/profile/language', payload: { language: 'ar' } });
    expect(await languageOf(w.b.users.parent.accountId)).toBe(before);
    expect(await languageOf(w.a.users.teacher.accountId)).toBeNull();
  });

  it('needs a session, and stays open on the plan-expiry screen of a lapsed school', async () => {
    const anonymous = await w.t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile/language',
      payload: { language: 'es' },
    });
    expect(anonymous.statusCode).toBe(401);
    const principal = await w.b.as('principal');
    await setActiveEndDate(w.t, w.b.id, new Date(Date.now() - 1000));
    expect((await principal({ method: 'GET', url: '/api/v1/dashboard' })).statusCode).toBe(402);
    const res = await principal({ method: 'PUT', url: '/api/v1/profile/language', payload: { language: 'es' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.language).toBe('es');
  });
});
