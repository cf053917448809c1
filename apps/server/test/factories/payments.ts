import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { withSystem } from '../../src/db/tenancy.ts';
import type { Caller } from '../fixtures/school-world.ts';

/**
 * A bank transfer a school admin records against the school's active subscription, through the API; answers
 * the payment's id. `key` is the payment's idempotency key (at least 8 characters).
 */
export async function recordBankTransfer(
  app: FastifyInstance,
  admin: Caller,
  schoolId: string,
  { reference, amountMinor, key }: { reference: string; amountMinor: number; key: string },
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
  const paid = await admin({
    method: 'POST',
    url: '/api/v1/payments',
    payload: { subscriptionId: sub?.id, method: 'bank_transfer', reference, amountMinor, idempotencyKey: key },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  return paid.json().id as string;
}
