import { DashboardWithDay } from '@lyceum/shared/day';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translateFor } from '../../lib/language.ts';
import { actorOf } from '../../lib/request-actor.ts';
import { dashboardFor } from './service.ts';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    { schema: { tags: ['dashboard'], response: { 200: DashboardWithDay } } },
    async (request, reply) => {
      const dashboard = await dashboardFor(app.deps, actorOf(request));
      // The figures' labels in the reader's language; a school's own name is left as it is.
      const say = (text: string) => translateFor(request, reply, text);
      return {
        ...dashboard,
        title: say(dashboard.title),
        stats: dashboard.stats.map((stat) => ({
          ...stat,
          label: say(stat.label),
          ...(stat.hint ? { hint: say(stat.hint) } : {}),
        })),
      };
    },
  );
};
