import type { RenewSubscriptionRequest, Subscription } from '@lyceum/shared/company';
import type { z } from 'zod';
import { withTenant } from '../../db/tenancy.ts';
import type { Deps } from '../../deps.ts';
import { type Actor, tenantOf } from '../../lib/actor.ts';
import { oncePerKey } from './billing-keys.ts';
import {
  type AssignInput,
  assignSubscription,
  cancelSubscription,
  presentSubscription,
  renewSubscription,
  requireSchool,
} from './subscriptions.ts';

/** Company staff act on one school's subscription: the school must exist and be visible to them, else 404. */

/** The request's Idempotency-Key, if it sent one: the change then happens once for it (billing-keys.ts). */
type Keyed = { id: string; idempotencyKey?: string | undefined };

export async function assignSchoolSubscription(
  deps: Deps,
  actor: Actor,
  { id, idempotencyKey, ...input }: AssignInput & Keyed,
): Promise<Subscription> {
  return withTenant(deps.db, tenantOf(actor), async (tx) => {
    await requireSchool(tx, id);
    return oncePerKey(tx, actor, { schoolId: id, key: idempotencyKey }, { action: 'assign', body: input }, async () =>
      presentSubscription(tx, await assignSubscription(tx, actor, id, input, deps.clock())),
    );
  });
}

export async function renewSchoolSubscription(
  deps: Deps,
  actor: Actor,
  { id, idempotencyKey, months }: z.output<typeof RenewSubscriptionRequest> & Keyed,
): Promise<Subscription> {
  return withTenant(deps.db, tenantOf(actor), async (tx) => {
    await requireSchool(tx, id);
    return oncePerKey(
      tx,
      actor,
      { schoolId: id, key: idempotencyKey },
      { action: 'renew', body: { months } },
      async () => presentSubscription(tx, await renewSubscription(tx, actor, id, months, deps.clock())),
    );
  });
}

export async function cancelSchoolSubscription(
  deps: Deps,
  actor: Actor,
  { id }: { id: string },
): Promise<Subscription> {
  return withTenant(deps.db, tenantOf(actor), async (tx) => {
    await requireSchool(tx, id);
    return presentSubscription(tx, await cancelSubscription(tx, actor, id, deps.clock()));
  });
}
