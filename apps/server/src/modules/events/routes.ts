import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/request-actor.ts';
import { SESSION_COOKIE } from '../auth/index.ts';
import { openEventStream } from './service.ts';

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // Open streams would keep the HTTP server from closing; end them before it waits for its connections.
  app.addHook('preClose', async () => deps.live.endAll());
  app.get(
    '/events',
    {
      schema: {
        tags: ['events'],
        summary: 'Live events (Server-Sent Events) for the signed-in user',
        description:
          'text/event-stream. Events: `unread` first (data: {notifications, messages}, the unread counts now, ' +
          'again after every `resync`), `notification` (data: a Notification, as in GET /notifications) and ' +
          '`resync` (events may have been missed: refetch). A comment line every 25 s keeps proxies open. ' +
          'Cookie sessions only; at most 5 open streams per user and server process (429 beyond).',
        produces: ['text/event-stream'],
        response: { 200: z.string().describe('text/event-stream') },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const sessionToken = request.cookies[SESSION_COOKIE];
      // Fastify answers HEAD with this handler too; a probe should not hold a stream (and a slot) open.
      if (request.method === 'HEAD' && !actor.apiKey && sessionToken) {
        return reply.type('text/event-stream').header('cache-control', 'no-cache').send('');
      }
      openEventStream(deps, actor, { sessionToken, request, reply });
    },
  );
};
