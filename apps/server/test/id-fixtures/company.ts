import { and, eq } from 'drizzle-orm';
import { apiKeys, schoolSubscriptions, subscriptionPayments } from '../../src/db/schema/index.ts';
import { withSystem } from '../../src/db/tenancy.ts';
import { newId } from '../../src/lib/ids.ts';
import type { IdFixture } from './types.ts';

const companyOnly =
  (what: string): IdFixture =>
  async () => ({
    companyOnly: `${what} is a company control-plane action; school roles get 403 from the role table`,
  });

/** A confirmed payment of school A (its receipt is what school B must not see). */
const paymentOfA: IdFixture = async (app, a) => {
  const id = newId();
  await withSystem(app.deps.db, async (tx) => {
    const [sub] = await tx
      .select({ id: schoolSubscriptions.id })
      .from(schoolSubscriptions)
      .where(and(eq(schoolSubscriptions.schoolId, a.id), eq(schoolSubscriptions.status, 'active')));
    await tx.insert(subscriptionPayments).values({
      schoolId: a.id,
      id,
      subscriptionId: sub?.id ?? null,
      method: 'bank_transfer',
      reference: 'Secret of A',
      amountMinor: 10_000,
      idempotencyKey: `fixture-${id}`,
      receiptNumber: `RCP-FIXTURE-${id.slice(-8)}`,
    });
  });
  return { params: { id }, asRole: 'school_admin' };
};

export const COMPANY_ID_FIXTURES: Record<string, IdFixture> = {
  'GET /api/v1/company/schools/:id': companyOnly('School detail'),
  'PATCH /api/v1/company/schools/:id': companyOnly('Editing a school'),
  'POST /api/v1/company/schools/:id/deactivate': companyOnly('Deactivating a school'),
  'POST /api/v1/company/schools/:id/reactivate': companyOnly('Reactivating a school'),
  'POST /api/v1/company/schools/:id/subscriptions': companyOnly('Assigning a plan'),
  'POST /api/v1/company/schools/:id/subscription/renew': companyOnly('Renewing a subscription'),
  'POST /api/v1/company/schools/:id/subscription/cancel': companyOnly('Cancelling a subscription'),
  'PATCH /api/v1/company/plans/:id': companyOnly('Editing a plan'),
  'PATCH /api/v1/company/addons/:id': companyOnly('Editing an add-on'),
  'POST /api/v1/company/addon-requests/:id/approve': companyOnly('Approving an add-on request'),
  'POST /api/v1/company/addon-requests/:id/reject': companyOnly('Rejecting an add-on request'),
  'POST /api/v1/company/payments/:id/confirm': companyOnly('Confirming a payment'),
  'POST /api/v1/company/payments/:id/reject': companyOnly('Rejecting a payment'),
  'PATCH /api/v1/company/leads/:id': companyOnly('Updating a sales lead'),
  'GET /api/v1/payments/:id/receipt': paymentOfA,
  'GET /api/v1/payments/:id/receipt.pdf': paymentOfA,
  'POST /api/v1/api-keys/:id/revoke': async (app, a) => {
    const id = newId();
    await withSystem(app.deps.db, (tx) =>
      tx.insert(apiKeys).values({
        schoolId: a.id,
        id,
        name: 'Secret of A',
        prefix: 'lyk_…fixture',
        keyHash: `fixture-${id}`,
        scopes: ['read'],
        createdBy: a.users.school_admin.id,
      }),
    );
    return { params: { id }, asRole: 'school_admin' };
  },
};
