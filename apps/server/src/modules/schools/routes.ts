import { BrandQuery, SchoolBrand, SchoolResponse } from '@lyceum/shared/company';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { schools } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import { tenantOf } from '../../lib/actor.ts';
import { notFound } from '../../lib/errors.ts';
import { actorOf } from '../../lib/request-actor.ts';
import { brandOf, publicBrand } from './brand.ts';

/**
 * The signed-in user's own school: what the emergency-contact button shows, plus its brand (White Label
 * replaces the product title and theme) and the add-ons it holds, for the client to switch features on.
 */
export const schoolRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/school', { schema: { tags: ['school'], response: { 200: SchoolResponse } } }, async (request) => {
    const actor = actorOf(request);
    return withTenant(app.deps.db, tenantOf(actor), async (tx) => {
      const [school] = await tx
        .select()
        .from(schools)
        .where(eq(schools.id, actor.schoolId ?? ''));
      if (!school) throw notFound('School not found');
      return {
        name: school.name,
        address: school.address,
        phone: school.phone,
        email: school.email,
        principalName: school.principalName,
        logo: school.logo,
        ...(await brandOf(tx, school)),
      };
    });
  });

  app.get(
    '/brand',
    { schema: { tags: ['school'], querystring: BrandQuery, response: { 200: SchoolBrand } } },
    (request) => publicBrand(app.deps.db, request.query.school),
  );
};
