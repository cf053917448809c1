import {
  AddonInput,
  AddonListResponse,
  AddonRequest,
  AddonRequestListQuery,
  AddonRequestListResponse,
  ApiKey,
  ApiKeyListResponse,
  AssignSubscriptionRequest,
  CompanySchool,
  ContactSalesRequest,
  CreateAddonRequest,
  CreateApiKeyRequest,
  CreatedApiKeyResponse,
  CreateSchoolRequest,
  CreateSchoolResponse,
  Addon,
  LapsedContactSalesRequest,
  Lead,
  LeadListQuery,
  LeadListResponse,
  MarketplaceResponse,
  MySubscriptionResponse,
  Payment,
  PaymentListQuery,
  PaymentListResponse,
  Plan,
  PlanInput,
  PlanListResponse,
  ReasonRequest,
  ReceiptResponse,
  RenewSubscriptionRequest,
  RevenueQuery,
  RevenueResponse,
  SchoolDetailResponse,
  SchoolListQuery,
  SchoolListResponse,
  SubmitPaymentRequest,
  Subscription,
  SubscriptionChangeRequest,
  UpdateAddonRequest,
  UpdateLeadRequest,
  UpdatePlanRequest,
  UpdateSchoolRequest,
  UsageQuery,
  UsageResponse,
  USAGE_LABELS,
} from '@lyceum/shared/company';
import { IdParams } from '@lyceum/shared/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withTenant } from '../../db/tenancy.ts';
import { tenantOf } from '../../lib/actor.ts';
import { actorOf } from '../../lib/request-actor.ts';
import {
  approveAddonRequest,
  createAddonRequest,
  listAddonRequests,
  marketplace,
  rejectAddonRequest,
} from './addon-requests.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.ts';
import { createAddon, createPlan, listAddons, listPlans, updateAddon, updatePlan } from './catalog.ts';
import { toCsv } from '../../lib/csv.ts';
import { contactSales, contactSalesLapsed, listLeads, requestSubscriptionChange, updateLeadStatus } from './leads.ts';
import { mySubscription } from './my-subscription.ts';
import { decidePayment, listPayments, receiptOf, receiptPdf, submitPayment } from './payments.ts';
import { revenue, revenueCsv } from './revenue.ts';
import { createSchool, listSchools, schoolDetail, setSchoolActive, updateSchool } from './schools.ts';
import {
  assignSubscription,
  cancelSubscription,
  presentSubscription,
  renewSubscription,
  requireSchool,
} from './subscriptions.ts';
import { usageOf } from './usage.ts';

const tags = ['company'];
const csvName = (what: string) => `attachment; filename="${what}-${new Date().toISOString().slice(0, 10)}.csv"`;

/** The company control plane and its school-side screens (issue 3). Routes parse and delegate. */
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  // ------------------------------------------------------------ schools
  app.get(
    '/company/schools',
    { schema: { tags, querystring: SchoolListQuery, response: { 200: SchoolListResponse } } },
    (req) => listSchools(db, actorOf(req), req.query),
  );
  app.post(
    '/company/schools',
    { schema: { tags, body: CreateSchoolRequest, response: { 201: CreateSchoolResponse } } },
    async (req, reply) => {
      const created = await createSchool(db, app.deps.mail, app.deps.config.publicUrl, actorOf(req), req.body);
      return reply.status(201).send(created);
    },
  );
  app.get(
    '/company/schools/:id',
    { schema: { tags, params: IdParams, response: { 200: SchoolDetailResponse } } },
    (req) => schoolDetail(db, actorOf(req), req.params.id),
  );
  app.patch(
    '/company/schools/:id',
    { schema: { tags, params: IdParams, body: UpdateSchoolRequest, response: { 200: CompanySchool } } },
    (req) => updateSchool(db, actorOf(req), req.params.id, req.body),
  );
  app.post(
    '/company/schools/:id/deactivate',
    { schema: { tags, params: IdParams, response: { 200: CompanySchool } } },
    (req) => setSchoolActive(db, actorOf(req), req.params.id, false),
  );
  app.post(
    '/company/schools/:id/reactivate',
    { schema: { tags, params: IdParams, response: { 200: CompanySchool } } },
    (req) => setSchoolActive(db, actorOf(req), req.params.id, true),
  );

  // ------------------------------------------------------------ subscriptions
  const onSchool = <T>(
    req: { params: { id: string } } & Parameters<typeof actorOf>[0],
    fn: Parameters<typeof withTenant<T>>[2],
  ) =>
    withTenant(db, tenantOf(actorOf(req)), async (tx) => {
      await requireSchool(tx, req.params.id);
      return fn(tx);
    });
  app.post(
    '/company/schools/:id/subscriptions',
    { schema: { tags, params: IdParams, body: AssignSubscriptionRequest, response: { 201: Subscription } } },
    async (req, reply) => {
      const sub = await onSchool(req, async (tx) => {
        const row = await assignSubscription(tx, actorOf(req), req.params.id, req.body);
        return presentSubscription(tx, row);
      });
      return reply.status(201).send(sub);
    },
  );
  app.post(
    '/company/schools/:id/subscription/renew',
    { schema: { tags, params: IdParams, body: RenewSubscriptionRequest, response: { 200: Subscription } } },
    async (req) =>
      onSchool(req, async (tx) => {
        const row = await renewSubscription(tx, actorOf(req), req.params.id, req.body.months);
        return presentSubscription(tx, row);
      }),
  );
  app.post(
    '/company/schools/:id/subscription/cancel',
    { schema: { tags, params: IdParams, response: { 200: Subscription } } },
    async (req) =>
      onSchool(req, async (tx) => {
        const row = await cancelSubscription(tx, actorOf(req), req.params.id);
        return presentSubscription(tx, row);
      }),
  );

  // ------------------------------------------------------------ plans and add-ons
  app.get('/company/plans', { schema: { tags, response: { 200: PlanListResponse } } }, async (req) => ({
    items: await listPlans(db, actorOf(req)),
  }));
  app.post('/company/plans', { schema: { tags, body: PlanInput, response: { 201: Plan } } }, async (req, reply) =>
    reply.status(201).send(await createPlan(db, actorOf(req), req.body)),
  );
  app.patch(
    '/company/plans/:id',
    { schema: { tags, params: IdParams, body: UpdatePlanRequest, response: { 200: Plan } } },
    (req) => updatePlan(db, actorOf(req), req.params.id, req.body),
  );
  app.get('/company/addons', { schema: { tags, response: { 200: AddonListResponse } } }, async (req) => ({
    items: await listAddons(db, actorOf(req)),
  }));
  app.post('/company/addons', { schema: { tags, body: AddonInput, response: { 201: Addon } } }, async (req, reply) =>
    reply.status(201).send(await createAddon(db, actorOf(req), req.body)),
  );
  app.patch(
    '/company/addons/:id',
    { schema: { tags, params: IdParams, body: UpdateAddonRequest, response: { 200: Addon } } },
    (req) => updateAddon(db, actorOf(req), req.params.id, req.body),
  );

  // ------------------------------------------------------------ add-on requests
  for (const url of ['/company/addon-requests', '/addon-requests']) {
    app.get(
      url,
      { schema: { tags, querystring: AddonRequestListQuery, response: { 200: AddonRequestListResponse } } },
      (req) => listAddonRequests(db, actorOf(req), req.query),
    );
  }
  app.post(
    '/company/addon-requests/:id/approve',
    { schema: { tags, params: IdParams, response: { 200: AddonRequest } } },
    (req) => approveAddonRequest(db, actorOf(req), req.params.id),
  );
  app.post(
    '/company/addon-requests/:id/reject',
    { schema: { tags, params: IdParams, body: ReasonRequest, response: { 200: AddonRequest } } },
    (req) => rejectAddonRequest(db, actorOf(req), req.params.id, req.body.reason),
  );
  app.post(
    '/addon-requests',
    { schema: { tags, body: CreateAddonRequest, response: { 201: AddonRequest } } },
    async (req, reply) => reply.status(201).send(await createAddonRequest(db, actorOf(req), req.body)),
  );
  app.get('/marketplace', { schema: { tags, response: { 200: MarketplaceResponse } } }, (req) =>
    marketplace(db, actorOf(req)),
  );

  // ------------------------------------------------------------ payments
  for (const url of ['/company/payments', '/payments']) {
    app.get(url, { schema: { tags, querystring: PaymentListQuery, response: { 200: PaymentListResponse } } }, (req) =>
      listPayments(db, actorOf(req), req.query),
    );
  }
  app.post(
    '/payments',
    { schema: { tags, body: SubmitPaymentRequest, response: { 200: Payment, 201: Payment } } },
    async (req, reply) => {
      const { payment, created } = await submitPayment(db, actorOf(req), req.body);
      return reply.status(created ? 201 : 200).send(payment);
    },
  );
  app.post('/company/payments/:id/confirm', { schema: { tags, params: IdParams, response: { 200: Payment } } }, (req) =>
    decidePayment(db, actorOf(req), req.params.id, { status: 'confirmed' }),
  );
  app.post(
    '/company/payments/:id/reject',
    { schema: { tags, params: IdParams, body: ReasonRequest, response: { 200: Payment } } },
    (req) => decidePayment(db, actorOf(req), req.params.id, { status: 'rejected', reason: req.body.reason }),
  );
  app.get('/payments/:id/receipt', { schema: { tags, params: IdParams, response: { 200: ReceiptResponse } } }, (req) =>
    receiptOf(db, actorOf(req), req.params.id),
  );
  app.get('/payments/:id/receipt.pdf', { schema: { tags, params: IdParams } }, async (req, reply) => {
    const receipt = await receiptOf(db, actorOf(req), req.params.id);
    const pdf = await receiptPdf(receipt);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="receipt-${receipt.receiptNumber}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  // ------------------------------------------------------------ leads, subscription requests
  app.get(
    '/company/leads',
    { schema: { tags, querystring: LeadListQuery, response: { 200: LeadListResponse } } },
    (req) => listLeads(db, actorOf(req), req.query),
  );
  app.patch(
    '/company/leads/:id',
    { schema: { tags, params: IdParams, body: UpdateLeadRequest, response: { 200: Lead } } },
    (req) => updateLeadStatus(db, actorOf(req), req.params.id, req.body.status),
  );
  app.post(
    '/sales-leads',
    { schema: { tags, body: ContactSalesRequest, response: { 201: Lead } } },
    async (req, reply) => reply.status(201).send(await contactSales(db, actorOf(req), req.body)),
  );
  app.post(
    '/sales-leads/lapsed',
    {
      // Checks a password: limited per address like sign-in.
      config: {
        rateLimit: { max: app.deps.config.authRateLimitPerMinute, timeWindow: 60_000, keyGenerator: (r) => r.ip },
      },
      schema: { tags, body: LapsedContactSalesRequest, response: { 201: z.object({ received: z.literal(true) }) } },
    },
    async (req, reply) => {
      await contactSalesLapsed(db, app.deps.auth, req.body, { ip: req.ip });
      return reply.status(201).send({ received: true as const });
    },
  );
  app.get('/subscription', { schema: { tags, response: { 200: MySubscriptionResponse } } }, (req) =>
    mySubscription(db, actorOf(req)),
  );
  app.post(
    '/subscription/requests',
    { schema: { tags, body: SubscriptionChangeRequest, response: { 201: Lead } } },
    async (req, reply) => reply.status(201).send(await requestSubscriptionChange(db, actorOf(req), req.body)),
  );

  // ------------------------------------------------------------ revenue and usage
  app.get(
    '/company/revenue',
    { schema: { tags, querystring: RevenueQuery, response: { 200: RevenueResponse } } },
    (req) => revenue(db, actorOf(req), req.query),
  );
  app.get('/company/revenue/export', { schema: { tags, querystring: RevenueQuery } }, async (req, reply) => {
    const csv = revenueCsv(await revenue(db, actorOf(req), req.query));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', csvName('revenue'))
      .send(csv);
  });
  const usage = (req: Parameters<typeof actorOf>[0], q?: string) =>
    withTenant(db, tenantOf(actorOf(req)), (tx) => usageOf(tx, null, q));
  app.get(
    '/company/usage',
    { schema: { tags, querystring: UsageQuery, response: { 200: UsageResponse } } },
    async (req) => ({
      items: await usage(req, req.query.q),
      storageCounted: true,
    }),
  );
  app.get('/company/usage/export', { schema: { tags, querystring: UsageQuery } }, async (req, reply) => {
    const items = await usage(req, req.query.q);
    const metrics = items[0]?.items.map((i) => i.metric) ?? [];
    const header = [
      'school',
      'plan',
      'status',
      ...metrics.flatMap((m) => [`${USAGE_LABELS[m]} used`, `${USAGE_LABELS[m]} limit`]),
      'closest to limit (%)',
    ];
    const rows = items.map((s) => [
      s.schoolName,
      s.planName,
      s.status,
      ...s.items.flatMap((i) => [i.used, i.limit === -1 ? 'Unlimited' : i.limit]),
      Math.round(s.maxRatio * 100),
    ]);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', csvName('schools-usage'))
      .send(toCsv(header, rows));
  });

  // ------------------------------------------------------------ API keys
  app.get('/api-keys', { schema: { tags, response: { 200: ApiKeyListResponse } } }, async (req) => ({
    items: await listApiKeys(db, actorOf(req)),
  }));
  app.post(
    '/api-keys',
    { schema: { tags, body: CreateApiKeyRequest, response: { 201: CreatedApiKeyResponse } } },
    async (req, reply) => reply.status(201).send(await createApiKey(db, actorOf(req), req.body)),
  );
  app.post('/api-keys/:id/revoke', { schema: { tags, params: IdParams, response: { 200: ApiKey } } }, (req) =>
    revokeApiKey(db, actorOf(req), req.params.id),
  );
};
