import {
  API_KEY_PREFIX,
  type ApiKey,
  type ApiKeyListResponse,
  type CreateApiKeyRequest,
  type CreatedApiKeyResponse,
} from '@lyceum/shared/company';
import { hasEntitlement } from '@lyceum/shared/entitlements';
import { MESSAGES } from '@lyceum/shared/errors';
import type { SchoolLocale } from '@lyceum/shared/locale';
import { formatLimit } from '@lyceum/shared/plans';
import { and, desc, eq } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/index.ts';
import { withSystem, withTenant } from '../../db/tenancy.ts';
import type { Deps } from '../../deps.ts';
import { type Actor, tenantOf } from '../../lib/actor.ts';
import { audit } from '../../db/audit.ts';
import { instantSql } from '../../db/iso-time.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { newSecret, sha256 } from '../../lib/tokens.ts';
import { settleLapsed } from './subscriptions.ts';
import { localeOf, requireEntitlement } from '../schools/index.ts';
import { currentMonth } from './usage.ts';

type KeyRow = typeof apiKeys.$inferSelect;

function toApiKey(k: KeyRow): ApiKey {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    scopes: k.scopes as ApiKey['scopes'],
    createdAt: k.createdAt.toISOString(),
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    revokedAt: k.revokedAt?.toISOString() ?? null,
  };
}

export async function listApiKeys(deps: Deps, actor: Actor): Promise<ApiKeyListResponse> {
  const schoolId = actor.schoolId as string;
  return withTenant(deps.db, tenantOf(actor), async (tx) => {
    await requireEntitlement(tx, schoolId, 'api_access', deps.clock());
    const rows = await tx.select().from(apiKeys).where(eq(apiKeys.schoolId, schoolId)).orderBy(desc(apiKeys.createdAt));
    return { items: rows.map(toApiKey) };
  });
}

/** The key is returned once; only its SHA-256 is kept. */
export async function createApiKey(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof CreateApiKeyRequest>,
): Promise<CreatedApiKeyResponse> {
  const schoolId = actor.schoolId as string;
  const secret = newSecret(32);
  const key = `${API_KEY_PREFIX}${schoolId.replaceAll('-', '')}_${secret}`;
  return withTenant(deps.db, tenantOf(actor), async (tx) => {
    await requireEntitlement(tx, schoolId, 'api_access', deps.clock());
    const id = newId();
    const [row] = await tx
      .insert(apiKeys)
      .values({
        schoolId,
        id,
        name: input.name,
        prefix: `${API_KEY_PREFIX}…${secret.slice(0, 8)}`,
        keyHash: sha256(key),
        scopes: [...new Set(input.scopes)],
        createdBy: actor.profileId,
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    await audit(tx, actor, {
      schoolId,
      action: 'api_key.created',
      entity: 'api_key',
      entityId: id,
      after: { name: input.name, scopes: row.scopes },
    });
    return { apiKey: toApiKey(row), key };
  });
}

export async function revokeApiKey(deps: Deps, actor: Actor, { id }: { id: string }): Promise<ApiKey> {
  const schoolId = actor.schoolId as string;
  return withTenant(deps.db, tenantOf(actor), async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${instantSql(deps.clock())})` })
      .where(and(eq(apiKeys.schoolId, schoolId), eq(apiKeys.id, id)))
      .returning();
    if (!row) throw notFound('API key not found');
    await audit(tx, actor, { schoolId, action: 'api_key.revoked', entity: 'api_key', entityId: id });
    return toApiKey(row);
  });
}

interface KeyLookup extends Record<string, unknown> {
  id: string;
  school_id: string;
  scopes: string[];
  created_by: string;
  account_id: string | null;
  user_name: string | null;
  user_email: string | null;
  user_ok: boolean | null;
  school_name: string;
  school_logo: string | null;
  school_active: boolean;
  language: SchoolLocale['language'];
  time_zone: string;
  currency: string;
  date_format: SchoolLocale['dateFormat'];
  week_start: SchoolLocale['weekStart'];
  addon_names: string[] | null;
  plan_name: string | null;
  api_limit: number | null;
}

const UUID_HEX = /^[0-9a-f]{32}$/;

/**
 * `Authorization: Bearer lyk_<school>_<secret>` → a school-scoped actor with the key's scopes, or an error.
 * The key acts as the school admin who made it (for row-level security and audit), never with company scope.
 * Valid only while the school is active and holds API Access (hasEntitlement), and the key is not revoked.
 * `now` is the server's clock: the subscription in force and the month the call is counted in are its.
 */
export async function resolveApiKey(
  db: Database,
  token: string,
  now: Date,
  /** Refuses (throws) a call the key may not make; runs before the call is metered, so a refusal costs nothing. */
  authorize: (actor: Actor) => void = () => {},
): Promise<Actor> {
  const invalidKey = () => new AppError('unauthenticated', MESSAGES.apiKeyInvalid);
  const rest = token.startsWith(API_KEY_PREFIX) ? token.slice(API_KEY_PREFIX.length) : '';
  const hex = rest.slice(0, 32);
  if (!UUID_HEX.test(hex) || rest[32] !== '_' || rest.length > 120) throw invalidKey();
  const schoolId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const lookup = async () => {
    const result = await db.execute<KeyLookup>(sql`
    select k.id, k.school_id, k.scopes, k.created_by,
      u.account_id, u.name as user_name, u.email as user_email, (u.is_active and u.deleted_at is null) as user_ok,
      sc.name as school_name, sc.logo as school_logo, sc.is_active as school_active,
      sc.language, sc.time_zone, sc.currency, sc.date_format, sc.week_start,
      sub.addon_names, sub.plan_name, sub.api_limit
    from api_keys k
    join schools sc on sc.id = k.school_id
    left join users u on u.school_id = k.school_id and u.id = k.created_by
    left join lateral (
      select p.name as plan_name, (p.limits->>'apiCallsPerMonth')::int as api_limit,
        array(select a.name from addons a where a.id = any(s.addon_ids || p.addon_ids)) as addon_names
      from school_subscriptions s join plans p on p.id = s.plan_id
      where s.school_id = k.school_id and s.status = 'active' and s.end_date > ${instantSql(now)}
      limit 1
    ) sub on true
    where k.school_id = ${schoolId} and k.key_hash = ${sha256(token)} and k.revoked_at is null`);
    return (result.rows as KeyLookup[])[0];
  };
  let row = await lookup();
  // No subscription in force may be an auto-renewal nobody settled yet (as the session gate does).
  if (row?.school_active && !row.plan_name) {
    await withSystem(db, (tx) => settleLapsed(tx, schoolId, now));
    row = await lookup();
  }
  if (!row?.school_active || !row.user_ok) throw invalidKey();
  if (!hasEntitlement(row.addon_names ?? [], 'api_access')) {
    throw new AppError('entitlement_required', MESSAGES.entitlementRequired('API Access'));
  }
  const actor: Actor = {
    accountId: row.account_id ?? '',
    sessionId: `api-key:${row.id}`,
    kind: 'school',
    profileId: row.created_by,
    schoolId: row.school_id,
    role: 'school_admin',
    name: row.user_name ?? '',
    email: row.user_email ?? '',
    phone: null,
    profileImage: null,
    language: null,
    school: {
      name: row.school_name,
      logo: row.school_logo,
      locale: localeOf({
        language: row.language,
        timeZone: row.time_zone,
        currency: row.currency,
        dateFormat: row.date_format,
        weekStart: row.week_start,
      }),
    },
    subscriptionActive: true,
    apiKey: { id: row.id, scopes: row.scopes as ApiKey['scopes'] },
  };
  authorize(actor);
  await meterApiCall(
    db,
    { schoolId: row.school_id, keyId: row.id, limit: row.api_limit ?? 0, planName: row.plan_name ?? '' },
    now,
  );
  return actor;
}

/**
 * Counts one call in this calendar month's counter and refuses it (429) when the plan's apiCallsPerMonth is
 * used up. The increment is conditional, so refused calls are not counted and the counter never passes the
 * limit. See docs/decisions/004-api-call-metering.md.
 */
export async function meterApiCall(
  db: Database,
  { schoolId, keyId, limit, planName }: { schoolId: string; keyId: string; limit: number; planName: string },
  now: Date,
) {
  const cap = limit === -1 ? 2_000_000_000 : limit;
  const counted = await withSystem(db, async (tx) => {
    if (cap <= 0) return false;
    const result = await tx.execute(sql`
      insert into api_usage (school_id, id, month, calls) values (${schoolId}, ${newId()}, ${currentMonth(now)}::date, 1)
      on conflict (school_id, month) do update set calls = api_usage.calls + 1, updated_at = ${instantSql(now)}
        where api_usage.calls < ${cap}
      returning calls`);
    if (result.rows.length === 0) return false;
    await tx
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiKeys.schoolId, schoolId),
          eq(apiKeys.id, keyId),
          sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < ${instantSql(now)} - interval '1 minute')`,
        ),
      );
    return true;
  });
  if (!counted) throw new AppError('api_limit_exceeded', MESSAGES.apiLimitExceeded(formatLimit(limit), planName));
}
