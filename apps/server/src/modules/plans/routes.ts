import { PublicPlan } from '@lyceum/shared/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicReadLimit } from '../../lib/public-read-limit.ts';
import { publicActorOf } from '../../lib/request-actor.ts';
import { listPublicPlans } from './service.ts';

/** The plans on offer (public). */
export const planRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/plans',
    { config: publicReadLimit, schema: { tags: ['plans'], response: { 200: z.array(PublicPlan) } } },
    (request) => listPublicPlans(app.deps, publicActorOf(request)),
  );
};
