import { type AddonKey, ADDON_KEYS, entitlementKeys, hasEntitlement } from '@lyceum/shared/entitlements';
import { MESSAGES } from '@lyceum/shared/errors';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { instantSql } from '../../db/iso-time.ts';
import { selectRows } from '../../db/select-rows.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * The add-on names a school holds at `now` (the server's clock), as an array-valued subquery another statement can
 * carry: those on its active, unexpired subscription plus those its plan includes. An expired or cancelled
 * subscription holds nothing.
 */
export function entitledNamesSql(schoolId: SQL | string, now: Date): SQL {
  return sql`array(select distinct a.name from school_subscriptions s
    join plans p on p.id = s.plan_id
    join addons a on a.id = any(s.addon_ids || p.addon_ids)
    where s.school_id = ${schoolId} and s.status = 'active' and s.end_date > ${instantSql(now)})`;
}

/** The add-on names a school holds at `now` (see entitledNamesSql), in one query. */
export async function entitledNames(tx: Tx, schoolId: string, now: Date): Promise<string[]> {
  const [row] = await selectRows<{ names: string[] }>(tx, sql`select ${entitledNamesSql(schoolId, now)} as names`);
  return row?.names ?? [];
}

export async function entitlementsOf(tx: Tx, schoolId: string, now: Date): Promise<AddonKey[]> {
  return entitlementKeys(await entitledNames(tx, schoolId, now));
}

/** Refuses with 402 `entitlement_required` unless the school holds the add-on. */
export async function requireEntitlement(tx: Tx, schoolId: string, addon: AddonKey, now: Date): Promise<void> {
  if (!hasEntitlement(await entitledNames(tx, schoolId, now), addon)) {
    throw new AppError('entitlement_required', MESSAGES.entitlementRequired(ADDON_KEYS[addon]));
  }
}
