import { SchoolContact } from '@lyceum/shared/api';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { schools } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import { tenantOf } from '../../lib/actor.ts';
import { notFound } from '../../lib/errors.ts';
import { actorOf } from '../../plugins/auth.ts';

/** The signed-in user's own school: what the emergency-contact button shows. */
export const schoolRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/school', { schema: { tags: ['school'], response: { 200: SchoolContact } } }, async (request) => {
    const actor = actorOf(request);
    const [school] = await withTenant(app.deps.db, tenantOf(actor), (tx) =>
      tx
        .select()
        .from(schools)
        .where(eq(schools.id, actor.schoolId ?? '')),
    );
    if (!school) throw notFound('School not found');
    return {
      name: school.name,
      address: school.address,
      phone: school.phone,
      email: school.email,
      principalName: school.principalName,
      logo: school.logo,
    };
  });
};
