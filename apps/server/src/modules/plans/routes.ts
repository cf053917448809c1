import { PublicPlan } from '@lyceum/shared/api';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { plans } from '../../db/schema/index.ts';
import { withSystem } from '../../db/tenancy.ts';

/** The plans on offer, for the sign-up page and the marketplace (public: prices are not secret). */
export const planRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/plans', { schema: { tags: ['plans'], response: { 200: z.array(PublicPlan) } } }, async () => {
    const rows = await withSystem(app.deps.db, (tx) =>
      tx.select().from(plans).where(eq(plans.isActive, true)).orderBy(asc(plans.priceMinor)),
    );
    return rows.map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      priceMinor: p.priceMinor,
      currency: p.currency,
      billingPeriod: p.billingPeriod,
      isPopular: p.isPopular,
      color: p.color,
      features: p.features,
      limits: p.limits,
      yearlyDiscountPercent: p.yearlyDiscountPercent,
    }));
  });
};
