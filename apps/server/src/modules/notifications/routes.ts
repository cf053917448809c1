import { IdParams, NoContent, NotificationList } from '@lyceum/shared/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/request-actor.ts';
import { listNotifications, markAllRead, markRead } from './service.ts';

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['notifications'];
  app.get('/notifications', { schema: { tags, response: { 200: NotificationList } } }, (request) =>
    listNotifications(deps, actorOf(request)),
  );
  app.post('/notifications/read-all', { schema: { tags, response: { 204: NoContent } } }, async (request, reply) => {
    await markAllRead(deps, actorOf(request));
    return reply.status(204).send();
  });
  app.post(
    '/notifications/:id/read',
    { schema: { tags, params: IdParams, response: { 204: NoContent } } },
    async (request, reply) => {
      await markRead(deps, actorOf(request), request.params);
      return reply.status(204).send();
    },
  );
};
