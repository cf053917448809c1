import type {
  Addon,
  AddonInput,
  AddonListResponse,
  Plan,
  PlanInput,
  PlanListResponse,
  PlanLimitsInput,
  UpdateAddonRequest,
  UpdatePlanRequest,
} from '@lyceum/shared/company';
import { addonKeyOf } from '@lyceum/shared/entitlements';
import { MESSAGES } from '@lyceum/shared/errors';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { addons, plans } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { Deps } from '../../deps.ts';
import { type Actor, tenantOf } from '../../lib/actor.ts';
import { audit } from '../../db/audit.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { pgCode } from '../../lib/pg-errors.ts';
import { byName } from '../../lib/search.ts';
import { settleLapsed } from './subscriptions.ts';
import { instantSql } from '../../db/iso-time.ts';

type PlanRow = typeof plans.$inferSelect;
type AddonRow = typeof addons.$inferSelect;

export function toPlan(p: PlanRow, activeSubscriptions = 0): Plan {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    priceMinor: p.priceMinor,
    currency: p.currency,
    billingPeriod: p.billingPeriod,
    limits: p.limits as PlanLimitsInput,
    features: p.features,
    addonIds: p.addonIds,
    color: p.color,
    yearlyDiscountPercent: p.yearlyDiscountPercent,
    isPopular: p.isPopular,
    isActive: p.isActive,
    trialAllowed: p.trialAllowed,
    activeSubscriptions,
  };
}

export function toAddon(a: AddonRow): Addon {
  return {
    id: a.id,
    name: a.name,
    key: addonKeyOf(a.name),
    description: a.description,
    icon: a.icon,
    priceMinor: a.priceMinor,
    currency: a.currency,
    billingPeriod: a.billingPeriod,
    features: a.features,
    isActive: a.isActive,
  };
}

/** The unique index on lower(name) is the rule; this turns its violation into the message of docs/product.md, "Plans and add-ons in the catalogue". */
async function uniqueName<T>(message: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (pgCode(err) === '23505') throw new AppError('conflict', message, { name: message });
    throw err;
  }
}

async function assertNameFree(
  tx: Tx,
  table: typeof plans | typeof addons,
  name: string,
  message: string,
  exceptId?: string,
) {
  const rows = await tx.select({ id: table.id }).from(table).where(sql`lower(${table.name}) = ${name.toLowerCase()}`);
  if (rows.some((r) => r.id !== exceptId)) throw new AppError('conflict', message, { name: message });
}

async function assertAddonIds(tx: Tx, ids: string[] | undefined) {
  if (!ids?.length) return;
  const found = await tx
    .select({ id: addons.id })
    .from(addons)
    .where(inArray(addons.id, [...new Set(ids)]));
  if (found.length !== new Set(ids).size)
    throw invalid('Choose add-ons from the offered ones', { addonIds: 'Unknown add-on' });
}

export async function listPlans(deps: Deps, actor: Actor): Promise<PlanListResponse> {
  const now = deps.clock();
  return withTenant(deps.db, tenantOf(actor), async (tx) => {
    await settleLapsed(tx, null, now);
    const rows = await tx.select().from(plans).orderBy(asc(plans.priceMinor), byName(plans.name));
    const counts = await tx.execute<{ plan_id: string; n: number }>(sql`
      select plan_id, count(*)::int as n from school_subscriptions
      where status = 'active' and end_date > ${instantSql(now)} group by plan_id`);
    const byPlan = new Map((counts.rows as { plan_id: string; n: number }[]).map((r) => [r.plan_id, r.n]));
    return { items: rows.map((p) => toPlan(p, byPlan.get(p.id) ?? 0)) };
  });
}

/** What differs between plans and add-ons when they are created or edited; the rules are the same. */
interface CatalogKind {
  table: typeof plans | typeof addons;
  entity: 'plan' | 'addon';
  notFound: string;
  exists: (name: string) => string;
  check?: (tx: Tx, input: { addonIds?: string[] | undefined }) => Promise<void>;
}

interface CatalogInput {
  name?: string | undefined;
  isActive?: boolean | undefined;
  addonIds?: string[] | undefined;
}

const PLAN: CatalogKind = {
  table: plans,
  entity: 'plan',
  notFound: 'Plan not found',
  exists: MESSAGES.planExists,
  check: (tx, input) => assertAddonIds(tx, input.addonIds),
};
const ADDON: CatalogKind = {
  table: addons,
  entity: 'addon',
  notFound: 'Addon not found',
  exists: MESSAGES.addonExists,
};

// The two tables share the columns written here; drizzle cannot type a union of tables, hence one cast each.
async function createItem<Row>(
  deps: Deps,
  actor: Actor,
  kind: CatalogKind,
  input: CatalogInput & { name: string },
): Promise<Row> {
  const message = kind.exists(input.name);
  return uniqueName(message, () =>
    withTenant(deps.db, tenantOf(actor), async (tx) => {
      await assertNameFree(tx, kind.table, input.name, message);
      await kind.check?.(tx, input);
      const [row] = await tx
        .insert(kind.table as typeof plans)
        .values({ ...(input as typeof plans.$inferInsert), id: newId() })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      await audit(tx, actor, {
        schoolId: null,
        action: `${kind.entity}.created`,
        entity: kind.entity,
        entityId: row.id,
        after: input,
      });
      return row as Row;
    }),
  );
}

/** Deactivating (isActive false) stops offering it; subscriptions that have it keep it. */
async function updateItem<Row>(
  deps: Deps,
  actor: Actor,
  kind: CatalogKind,
  { id, ...input }: CatalogInput & { id: string },
): Promise<Row> {
  const message = kind.exists(input.name ?? '');
  const table = kind.table as typeof plans;
  return uniqueName(message, () =>
    withTenant(deps.db, tenantOf(actor), async (tx) => {
      const [before] = await tx.select().from(table).where(eq(table.id, id));
      if (!before) throw notFound(kind.notFound);
      if (input.name) await assertNameFree(tx, kind.table, input.name, message, id);
      await kind.check?.(tx, input);
      const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
      const [row] = await tx
        .update(table)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(table.id, id))
        .returning();
      if (!row) throw notFound(kind.notFound);
      await audit(tx, actor, {
        schoolId: null,
        action: input.isActive === false ? `${kind.entity}.deactivated` : `${kind.entity}.updated`,
        entity: kind.entity,
        entityId: id,
        before: Object.fromEntries(Object.keys(changes).map((key) => [key, before[key as keyof PlanRow]])),
        after: changes,
      });
      return row as Row;
    }),
  );
}

export async function createPlan(deps: Deps, actor: Actor, input: z.output<typeof PlanInput>): Promise<Plan> {
  return toPlan(await createItem<PlanRow>(deps, actor, PLAN, input));
}

export async function updatePlan(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof UpdatePlanRequest> & { id: string },
): Promise<Plan> {
  return toPlan(await updateItem<PlanRow>(deps, actor, PLAN, input));
}

export async function listAddons(deps: Deps, actor: Actor): Promise<AddonListResponse> {
  return withTenant(deps.db, tenantOf(actor), async (tx) => {
    const rows = await tx.select().from(addons).orderBy(byName(addons.name));
    return { items: rows.map(toAddon) };
  });
}

export async function createAddon(deps: Deps, actor: Actor, input: z.output<typeof AddonInput>): Promise<Addon> {
  return toAddon(await createItem<AddonRow>(deps, actor, ADDON, input));
}

export async function updateAddon(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof UpdateAddonRequest> & { id: string },
): Promise<Addon> {
  return toAddon(await updateItem<AddonRow>(deps, actor, ADDON, input));
}
