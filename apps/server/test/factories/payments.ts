import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { withSystem } from '../../src/db/tenancy.ts';
import type { Caller } from '../fixtures/school-world.ts';

/**
 * A bank transfer a school admin records against the school's active subscription, through the API (the
 * subscription made to owe it first); answers the payment's id. `key` is the payment's idempotency key (at least
 * 8 characters). `confirmed` marks it received, as company staff would, for what needs a receipt.
 */
export async function recordBankTransfer(
  app: FastifyInstance,
  admin: Caller,
  schoolId: string,
  {
    reference,
    amountMinor,
    key,
    confirmed = false,
  }: { reference: string; amountMinor: number; key: string; confirmed?: boolean },
): Promise<string> {
  const [sub] = await withSystem(
    app.deps.db,
    async (tx) =>
      (
        await tx.execute(
          sql`select id from school_subscriptions where school_id = ${schoolId} and status = 'active' limit 1`,
        )
      ).rows as { id: string }[],
  );
  await owe(app, schoolId, amountMinor);
  const paid = await admin({
    method: 'POST',
    url: '/api/v1/payments',
    payload: { subscriptionId: sub?.id, method: 'bank_transfer', reference, amountMinor, idempotencyKey: key },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  const id = paid.json().id as string;
  if (confirmed) await markConfirmed(app, id);
  return id;
}

/**
 * Makes the school's newest subscription owe `amountMinor` more (its billed amount grows, payment due), as a
 * renewal would: the seeded subscriptions are paid up, and a payment is at most what is outstanding.
 */
export async function owe(app: FastifyInstance, schoolId: string, amountMinor: number): Promise<void> {
  await withSystem(app.deps.db, (tx) =>
    tx.execute(
      sql`update school_subscriptions set billed_minor = billed_minor + ${amountMinor}, payment_status = 'pending'
        where school_id = ${schoolId} and id = (select id from school_subscriptions where school_id = ${schoolId}
          order by created_at desc, id desc limit 1)`,
    ),
  );
}

/** Marks a payment received (setting up a receipt to read; deciding a payment is tested through the API). */
export async function markConfirmed(app: FastifyInstance, paymentId: string): Promise<void> {
  await withSystem(app.deps.db, (tx) =>
    // With the period a confirmation fixes: the subscription's term as it stands (docs/product.md, "Payments").
    tx.execute(sql`update subscription_payments p set status = 'confirmed', decided_at = now(),
        period_start = s.start_date, period_end = s.end_date
      from school_subscriptions s where p.id = ${paymentId} and s.school_id = p.school_id and s.id = p.subscription_id`),
  );
}
