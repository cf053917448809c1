import { MESSAGES } from '@lyceum/shared/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import { actorOf } from '../../lib/request-actor.ts';
import { SESSION_COOKIE } from '../auth/index.ts';
import { openEventStream } from './service.ts';

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, live, config } = app.deps;
  const deps = { db, live, sessionTtlDays: config.sessionTtlDays, heartbeatMs: config.eventHeartbeatMs };
  // Open streams would keep the HTTP server from closing; end them before it waits for its connections.
  app.addHook('preClose', async () => live.endAll());
  app.get(
    '/events',
    {
      schema: {
        tags: ['events'],
        summary: 'Live events (Server-Sent Events) for the signed-in user',
        description:
          'text/event-stream. Events: `notification` (data: a Notification, as in GET /notifications) and ' +
          '`resync` (events may have been missed: refetch). A comment line every 25 s keeps proxies open. ' +
          'Cookie sessions only; at most 5 open streams per user and server process (429 beyond).',
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const token = request.cookies[SESSION_COOKIE];
      // API keys never reach this route (it is not in API_KEY_ROUTES); a stream belongs to a browser session.
      if (actor.apiKey || !token) throw new AppError('forbidden', MESSAGES.forbidden);
      // Fastify answers HEAD with this handler too; a probe should not hold a stream (and a slot) open.
      if (request.method === 'HEAD') return reply.type('text/event-stream').header('cache-control', 'no-cache').send();
      openEventStream(deps, request, reply, actor, token);
    },
  );
};
