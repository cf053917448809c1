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
} from '@lyceum/shared/company';
import { IdempotencyHeaders, IdParams } from '@lyceum/shared/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { binaryBody } from '../../lib/binary.ts';
import { byClientKey } from '../../lib/client-address.ts';
import { sendCsv } from '../../lib/csv.ts';
import { requestLanguage } from '../../lib/language.ts';
import { actorOf, publicActorOf } from '../../lib/request-actor.ts';
import {
  approveAddonRequest,
  createAddonRequest,
  listAddonRequests,
  marketplace,
  rejectAddonRequest,
} from './addon-requests.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.ts';
import { createAddon, createPlan, listAddons, listPlans, updateAddon, updatePlan } from './catalog.ts';
import { contactSales, contactSalesLapsed, listLeads, requestSubscriptionChange, updateLeadStatus } from './leads.ts';
import { mySubscription } from './my-subscription.ts';
import { decidePayment, listPayments, receiptOf, receiptPdfOf, submitPayment } from './payments.ts';
import { revenue, revenueExport } from './revenue.ts';
import { createSchool, listSchools, schoolDetail, setSchoolActive, updateSchool } from './schools.ts';
import { assignSchoolSubscription, cancelSchoolSubscription, renewSchoolSubscription } from './subscription-actions.ts';
import { companyUsage, usageExport } from './usage.ts';

const tags = ['company'];
/** The export's file name, dated by the server's clock (UTC), as the figures in it are. */
const csvName = (what: string, now: Date) => `${what}-${now.toISOString().slice(0, 10)}.csv`;
const Csv = z.string().describe('text/csv');
const Pdf = binaryBody('application/pdf');
const Received = z.object({ received: z.literal(true) });

/** The company control plane and its school-side screens. Routes do HTTP only; the services own the work. */
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  // ------------------------------------------------------------ schools
  app.get(
    '/company/schools',
    { schema: { tags, querystring: SchoolListQuery, response: { 200: SchoolListResponse } } },
    (req) => listSchools(deps, actorOf(req), req.query),
  );
  app.post(
    '/company/schools',
    { schema: { tags, body: CreateSchoolRequest, response: { 201: CreateSchoolResponse } } },
    async (req, reply) => reply.status(201).send(await createSchool(deps, actorOf(req), req.body)),
  );
  app.get(
    '/company/schools/:id',
    { schema: { tags, params: IdParams, response: { 200: SchoolDetailResponse } } },
    (req) => schoolDetail(deps, actorOf(req), req.params),
  );
  app.patch(
    '/company/schools/:id',
    { schema: { tags, params: IdParams, body: UpdateSchoolRequest, response: { 200: CompanySchool } } },
    (req) => updateSchool(deps, actorOf(req), { ...req.body, id: req.params.id }),
  );
  app.post(
    '/company/schools/:id/deactivate',
    { schema: { tags, params: IdParams, response: { 200: CompanySchool } } },
    (req) => setSchoolActive(deps, actorOf(req), { id: req.params.id, isActive: false }),
  );
  app.post(
    '/company/schools/:id/reactivate',
    { schema: { tags, params: IdParams, response: { 200: CompanySchool } } },
    (req) => setSchoolActive(deps, actorOf(req), { id: req.params.id, isActive: true }),
  );

  // ------------------------------------------------------------ subscriptions
  app.post(
    '/company/schools/:id/subscriptions',
    {
      schema: {
        tags,
        params: IdParams,
        headers: IdempotencyHeaders,
        body: AssignSubscriptionRequest,
        response: { 201: Subscription },
      },
    },
    async (req, reply) =>
      reply.status(201).send(
        await assignSchoolSubscription(deps, actorOf(req), {
          ...req.body,
          id: req.params.id,
          idempotencyKey: req.headers['idempotency-key'],
        }),
      ),
  );
  app.post(
    '/company/schools/:id/subscription/renew',
    {
      schema: {
        tags,
        params: IdParams,
        headers: IdempotencyHeaders,
        body: RenewSubscriptionRequest,
        response: { 200: Subscription },
      },
    },
    (req) =>
      renewSchoolSubscription(deps, actorOf(req), {
        ...req.body,
        id: req.params.id,
        idempotencyKey: req.headers['idempotency-key'],
      }),
  );
  app.post(
    '/company/schools/:id/subscription/cancel',
    { schema: { tags, params: IdParams, response: { 200: Subscription } } },
    (req) => cancelSchoolSubscription(deps, actorOf(req), req.params),
  );

  // ------------------------------------------------------------ plans and add-ons
  app.get('/company/plans', { schema: { tags, response: { 200: PlanListResponse } } }, (req) =>
    listPlans(deps, actorOf(req)),
  );
  app.post('/company/plans', { schema: { tags, body: PlanInput, response: { 201: Plan } } }, async (req, reply) =>
    reply.status(201).send(await createPlan(deps, actorOf(req), req.body)),
  );
  app.patch(
    '/company/plans/:id',
    { schema: { tags, params: IdParams, body: UpdatePlanRequest, response: { 200: Plan } } },
    (req) => updatePlan(deps, actorOf(req), { ...req.body, id: req.params.id }),
  );
  app.get('/company/addons', { schema: { tags, response: { 200: AddonListResponse } } }, (req) =>
    listAddons(deps, actorOf(req)),
  );
  app.post('/company/addons', { schema: { tags, body: AddonInput, response: { 201: Addon } } }, async (req, reply) =>
    reply.status(201).send(await createAddon(deps, actorOf(req), req.body)),
  );
  app.patch(
    '/company/addons/:id',
    { schema: { tags, params: IdParams, body: UpdateAddonRequest, response: { 200: Addon } } },
    (req) => updateAddon(deps, actorOf(req), { ...req.body, id: req.params.id }),
  );

  // ------------------------------------------------------------ add-on requests
  for (const url of ['/company/addon-requests', '/addon-requests']) {
    app.get(
      url,
      { schema: { tags, querystring: AddonRequestListQuery, response: { 200: AddonRequestListResponse } } },
      (req) => listAddonRequests(deps, actorOf(req), req.query),
    );
  }
  app.post(
    '/company/addon-requests/:id/approve',
    { schema: { tags, params: IdParams, response: { 200: AddonRequest } } },
    (req) => approveAddonRequest(deps, actorOf(req), req.params),
  );
  app.post(
    '/company/addon-requests/:id/reject',
    { schema: { tags, params: IdParams, body: ReasonRequest, response: { 200: AddonRequest } } },
    (req) => rejectAddonRequest(deps, actorOf(req), { ...req.body, id: req.params.id }),
  );
  app.post(
    '/addon-requests',
    { schema: { tags, body: CreateAddonRequest, response: { 201: AddonRequest } } },
    async (req, reply) => reply.status(201).send(await createAddonRequest(deps, actorOf(req), req.body)),
  );
  app.get('/marketplace', { schema: { tags, response: { 200: MarketplaceResponse } } }, (req) =>
    marketplace(deps, actorOf(req)),
  );

  // ------------------------------------------------------------ payments
  for (const url of ['/company/payments', '/payments']) {
    app.get(url, { schema: { tags, querystring: PaymentListQuery, response: { 200: PaymentListResponse } } }, (req) =>
      listPayments(deps, actorOf(req), req.query),
    );
  }
  app.post(
    '/payments',
    { schema: { tags, body: SubmitPaymentRequest, response: { 200: Payment, 201: Payment } } },
    async (req, reply) => {
      const { payment, created } = await submitPayment(deps, actorOf(req), req.body);
      return reply.status(created ? 201 : 200).send(payment);
    },
  );
  app.post('/company/payments/:id/confirm', { schema: { tags, params: IdParams, response: { 200: Payment } } }, (req) =>
    decidePayment(deps, actorOf(req), { id: req.params.id, status: 'confirmed' }),
  );
  app.post(
    '/company/payments/:id/reject',
    { schema: { tags, params: IdParams, body: ReasonRequest, response: { 200: Payment } } },
    (req) => decidePayment(deps, actorOf(req), { id: req.params.id, status: 'rejected', reason: req.body.reason }),
  );
  app.get('/payments/:id/receipt', { schema: { tags, params: IdParams, response: { 200: ReceiptResponse } } }, (req) =>
    receiptOf(deps, actorOf(req), req.params),
  );
  app.get(
    '/payments/:id/receipt.pdf',
    { schema: { tags, params: IdParams, produces: ['application/pdf'], response: { 200: Pdf } } },
    async (req, reply) => {
      const language = requestLanguage(req);
      const { filename, pdf } = await receiptPdfOf(deps, actorOf(req), { ...req.params, language });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .header('content-language', language)
        .header('vary', 'Accept-Language')
        .send(pdf);
    },
  );

  // ------------------------------------------------------------ leads, subscription requests
  app.get(
    '/company/leads',
    { schema: { tags, querystring: LeadListQuery, response: { 200: LeadListResponse } } },
    (req) => listLeads(deps, actorOf(req), req.query),
  );
  app.patch(
    '/company/leads/:id',
    { schema: { tags, params: IdParams, body: UpdateLeadRequest, response: { 200: Lead } } },
    (req) => updateLeadStatus(deps, actorOf(req), { ...req.body, id: req.params.id }),
  );
  app.post(
    '/sales-leads',
    { schema: { tags, body: ContactSalesRequest, response: { 201: Lead } } },
    async (req, reply) => reply.status(201).send(await contactSales(deps, actorOf(req), req.body)),
  );
  app.post(
    '/sales-leads/lapsed',
    {
      // Checks a password: limited per address like sign-in.
      config: {
        rateLimit: { max: deps.config.authRateLimitPerMinute, timeWindow: 60_000, keyGenerator: byClientKey },
      },
      schema: { tags, body: LapsedContactSalesRequest, response: { 201: Received } },
    },
    async (req, reply) => {
      await contactSalesLapsed(deps, publicActorOf(req), req.body);
      return reply.status(201).send({ received: true as const });
    },
  );
  app.get('/subscription', { schema: { tags, response: { 200: MySubscriptionResponse } } }, (req) =>
    mySubscription(deps, actorOf(req)),
  );
  app.post(
    '/subscription/requests',
    { schema: { tags, body: SubscriptionChangeRequest, response: { 201: Lead } } },
    async (req, reply) => reply.status(201).send(await requestSubscriptionChange(deps, actorOf(req), req.body)),
  );

  // ------------------------------------------------------------ revenue and usage
  app.get(
    '/company/revenue',
    { schema: { tags, querystring: RevenueQuery, response: { 200: RevenueResponse } } },
    (req) => revenue(deps, actorOf(req), req.query),
  );
  app.get(
    '/company/revenue/export',
    { schema: { tags, querystring: RevenueQuery, produces: ['text/csv'], response: { 200: Csv } } },
    async (req, reply) =>
      sendCsv(reply, csvName('revenue', deps.clock()), await revenueExport(deps, actorOf(req), req.query)),
  );
  app.get('/company/usage', { schema: { tags, querystring: UsageQuery, response: { 200: UsageResponse } } }, (req) =>
    companyUsage(deps, actorOf(req), req.query),
  );
  app.get(
    '/company/usage/export',
    { schema: { tags, querystring: UsageQuery, produces: ['text/csv'], response: { 200: Csv } } },
    async (req, reply) =>
      sendCsv(reply, csvName('schools-usage', deps.clock()), await usageExport(deps, actorOf(req), req.query)),
  );

  // ------------------------------------------------------------ API keys
  app.get('/api-keys', { schema: { tags, response: { 200: ApiKeyListResponse } } }, (req) =>
    listApiKeys(deps, actorOf(req)),
  );
  app.post(
    '/api-keys',
    { schema: { tags, body: CreateApiKeyRequest, response: { 201: CreatedApiKeyResponse } } },
    async (req, reply) => reply.status(201).send(await createApiKey(deps, actorOf(req), req.body)),
  );
  app.post('/api-keys/:id/revoke', { schema: { tags, params: IdParams, response: { 200: ApiKey } } }, (req) =>
    revokeApiKey(deps, actorOf(req), req.params),
  );
};
