import type { AuthResponse, SetLanguageRequest, UpdateProfileRequest } from '@lyceum/shared/auth';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { accounts, companyStaff, users } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import { type Actor, tenantOf, toAuthResponse } from '../../lib/actor.ts';
import { audit } from '../../db/audit.ts';
import { announceReaderChange } from '../../lib/reader-change.ts';

/** Everyone edits their own name and phone (docs/product.md, "Your own profile"); the picture has its own upload endpoint. */
export async function updateProfile(deps: Deps, actor: Actor, input: UpdateProfileRequest): Promise<AuthResponse> {
  const phone = input.phone?.trim() || null;
  await withTenant(deps.db, tenantOf(actor), async (tx) => {
    const changes = { name: input.name, phone, updatedAt: new Date() };
    if (actor.kind === 'company') {
      await tx.update(companyStaff).set(changes).where(eq(companyStaff.id, actor.profileId));
    } else {
      await tx
        .update(users)
        .set(changes)
        .where(and(eq(users.schoolId, actor.schoolId ?? ''), eq(users.id, actor.profileId)));
    }
    await audit(tx, actor, {
      schoolId: actor.schoolId,
      action: 'profile.updated',
      entity: actor.kind === 'company' ? 'company_staff' : 'user',
      entityId: actor.profileId,
      before: { name: actor.name, phone: actor.phone },
      after: { name: input.name, phone },
    });
  });
  return toAuthResponse({ ...actor, name: input.name, phone });
}

/**
 * Everyone picks their own language, or null to follow their school's (company staff: English); the answer is
 * the fresh auth state, so the client switches at once (docs/product.md, "Language, time zone and currency").
 */
export async function setLanguage(deps: Deps, actor: Actor, input: SetLanguageRequest): Promise<AuthResponse> {
  await withTenant(deps.db, tenantOf(actor), async (tx) => {
    await tx
      .update(accounts)
      .set({ language: input.language, updatedAt: new Date() })
      .where(eq(accounts.id, actor.accountId));
    await audit(tx, actor, {
      schoolId: actor.schoolId,
      action: 'profile.language_changed',
      entity: 'account',
      entityId: actor.accountId,
      before: { language: actor.language },
      after: { language: input.language },
    });
    // Open streams (every tab, every profile of the account) write in the new language from now on.
    await announceReaderChange(tx, { accountId: actor.accountId });
  });
  return toAuthResponse({ ...actor, language: input.language });
}
