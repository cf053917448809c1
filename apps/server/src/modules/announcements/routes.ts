import {
  Announcement,
  AnnouncementList,
  AnnouncementListQuery,
  AnnouncementOptions,
  AnnouncementReaders,
  AnnouncementReadersQuery,
  CreateAnnouncementRequest,
  UpdateAnnouncementRequest,
} from '@lyceum/shared/announcements';
import { IdParams, NoContent } from '@lyceum/shared/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/request-actor.ts';
import {
  announcementOptions,
  createAnnouncement,
  getAnnouncement,
  listAnnouncementReaders,
  listAnnouncements,
  markAnnouncementRead,
  updateAnnouncement,
} from './service.ts';

export const announcementRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const tags = ['announcements'];
  app.get(
    '/announcements',
    { schema: { tags, querystring: AnnouncementListQuery, response: { 200: AnnouncementList } } },
    (r) => listAnnouncements(deps, actorOf(r), r.query),
  );
  app.post(
    '/announcements',
    { schema: { tags, body: CreateAnnouncementRequest, response: { 201: Announcement } } },
    async (r, reply) => reply.status(201).send(await createAnnouncement(deps, actorOf(r), r.body)),
  );
  app.get('/announcements/options', { schema: { tags, response: { 200: AnnouncementOptions } } }, (r) =>
    announcementOptions(deps, actorOf(r)),
  );
  app.get('/announcements/:id', { schema: { tags, params: IdParams, response: { 200: Announcement } } }, (r) =>
    getAnnouncement(deps, actorOf(r), r.params),
  );
  app.patch(
    '/announcements/:id',
    { schema: { tags, params: IdParams, body: UpdateAnnouncementRequest, response: { 200: Announcement } } },
    (r) => updateAnnouncement(deps, actorOf(r), { ...r.params, ...r.body }),
  );
  app.post(
    '/announcements/:id/read',
    { schema: { tags, params: IdParams, response: { 204: NoContent } } },
    async (r, reply) => {
      await markAnnouncementRead(deps, actorOf(r), r.params);
      return reply.status(204).send();
    },
  );
  app.get(
    '/announcements/:id/readers',
    {
      schema: {
        tags,
        params: IdParams,
        querystring: AnnouncementReadersQuery,
        response: { 200: AnnouncementReaders },
      },
    },
    (r) => listAnnouncementReaders(deps, actorOf(r), { ...r.params, ...r.query }),
  );
};
