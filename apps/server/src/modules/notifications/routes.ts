import { IdParams, NoContent, NotificationList } from '@lyceum/shared/api';
import { NotificationListQuery } from '@lyceum/shared/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/request-actor.ts';
import { deleteNotification, listNotifications, markAllRead, markRead } from './service.ts';

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['notifications'];
  app.get(
    '/notifications',
    { schema: { tags, querystring: NotificationListQuery, response: { 200: NotificationList } } },
    (request) => listNotifications(deps, actorOf(request), request.query),
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
  app.delete(
    '/notifications/:id',
    { schema: { tags, params: IdParams, response: { 204: NoContent } } },
    async (request, reply) => {
      await deleteNotification(deps, actorOf(request), request.params);
      return reply.status(204).send();
    },
  );
};
