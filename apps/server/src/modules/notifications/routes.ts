import { IdParams, NotificationList } from '@lyceum/shared/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/request-actor.ts';
import { listNotifications, markAllRead, markRead } from './service.ts';

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const tags = ['notifications'];
  app.get('/notifications', { schema: { tags, response: { 200: NotificationList } } }, async (request) =>
    listNotifications(db, actorOf(request)),
  );
  app.post('/notifications/read-all', { schema: { tags } }, async (request, reply) => {
    await markAllRead(db, actorOf(request));
    return reply.status(204).send();
  });
  app.post('/notifications/:id/read', { schema: { tags, params: IdParams } }, async (request, reply) => {
    await markRead(db, actorOf(request), request.params.id);
    return reply.status(204).send();
  });
};
