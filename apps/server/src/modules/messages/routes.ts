import { IdParams, NoContent } from '@lyceum/shared/api';
import {
  ContactList,
  ContactQuery,
  ConversationDetail,
  ConversationList,
  ConversationListQuery,
  Message,
  MessageList,
  MessageListQuery,
  MessageReport,
  MessageSearchQuery,
  MessageSearchResult,
  ReportMessageRequest,
  SendMessageRequest,
  StartConversationRequest,
  UnreadMessages,
} from '@lyceum/shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/request-actor.ts';
import {
  assertConversation,
  getConversation,
  listContacts,
  listConversations,
  markConversationRead,
  startConversation,
  unreadMessages,
} from './conversations.ts';
import { groupRoutes } from './group-routes.ts';
import { listMessages, reportMessage, searchMessages, sendMessage } from './messages.ts';

/** Messages (docs/product.md, "Messages"). */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const tags = ['messages'];
  app.get('/messages/contacts', { schema: { tags, querystring: ContactQuery, response: { 200: ContactList } } }, (r) =>
    listContacts(deps, actorOf(r), r.query),
  );
  app.get(
    '/messages/conversations',
    { schema: { tags, querystring: ConversationListQuery, response: { 200: ConversationList } } },
    (r) => listConversations(deps, actorOf(r), r.query),
  );
  app.post(
    '/messages/conversations',
    {
      schema: { tags, body: StartConversationRequest, response: { 200: ConversationDetail, 201: ConversationDetail } },
    },
    async (r, reply) => {
      const { created, conversation } = await startConversation(deps, actorOf(r), r.body);
      return reply.status(created ? 201 : 200).send(conversation);
    },
  );
  app.get(
    '/messages/conversations/:id',
    { schema: { tags, params: IdParams, response: { 200: ConversationDetail } } },
    (r) => getConversation(deps, actorOf(r), r.params),
  );
  app.get(
    '/messages/conversations/:id/messages',
    { schema: { tags, params: IdParams, querystring: MessageListQuery, response: { 200: MessageList } } },
    (r) => listMessages(deps, actorOf(r), { ...r.params, ...r.query }),
  );
  app.post(
    '/messages/conversations/:id/messages',
    {
      config: { onInvalidBody: (r) => assertConversation(deps, actorOf(r), r.params as { id: string }) },
      schema: { tags, params: IdParams, body: SendMessageRequest, response: { 201: Message } },
    },
    async (r, reply) => reply.status(201).send(await sendMessage(deps, actorOf(r), { ...r.params, ...r.body })),
  );
  app.post(
    '/messages/conversations/:id/read',
    { schema: { tags, params: IdParams, response: { 204: NoContent } } },
    async (r, reply) => {
      await markConversationRead(deps, actorOf(r), r.params);
      return reply.status(204).send();
    },
  );
  app.get('/messages/unread', { schema: { tags, response: { 200: UnreadMessages } } }, (r) =>
    unreadMessages(deps, actorOf(r)),
  );
  app.get(
    '/messages/search',
    { schema: { tags, querystring: MessageSearchQuery, response: { 200: MessageSearchResult } } },
    (r) => searchMessages(deps, actorOf(r), r.query),
  );
  app.post(
    '/messages/:id/report',
    { schema: { tags, params: IdParams, body: ReportMessageRequest, response: { 201: MessageReport } } },
    async (r, reply) => reply.status(201).send(await reportMessage(deps, actorOf(r), { ...r.params, ...r.body })),
  );
  await app.register(groupRoutes);
};
