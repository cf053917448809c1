import { DashboardResponse } from '@lyceum/shared/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/request-actor.ts';
import { dashboardFor } from './service.ts';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/dashboard', { schema: { tags: ['dashboard'], response: { 200: DashboardResponse } } }, (request) =>
    dashboardFor(app.deps, actorOf(request)),
  );
};
