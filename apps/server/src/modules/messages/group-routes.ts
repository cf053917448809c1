import { IdParams, NoContent } from '@lyceum/shared/api';
import {
  AddGroupMembersRequest,
  ConversationDetail,
  CreateGroupRequest,
  GroupMemberParams,
  RenameGroupRequest,
} from '@lyceum/shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { InvalidBodyAnswer } from '../../lib/invalid-body.ts';
import { actorOf } from '../../lib/request-actor.ts';
import {
  addGroupMembers,
  archiveGroup,
  assertGroup,
  createGroup,
  leaveGroup,
  removeGroupMember,
  renameGroup,
} from './groups.ts';

/** Groups staff make (docs/product.md, "Messages"). */
export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const tags = ['messages'];
  // Someone else's or another school's group is 404 before its body is looked at.
  const onInvalidBody: InvalidBodyAnswer = (r) => assertGroup(deps, actorOf(r), r.params as { id: string });
  app.post(
    '/messages/groups',
    { schema: { tags, body: CreateGroupRequest, response: { 201: ConversationDetail } } },
    async (r, reply) => reply.status(201).send(await createGroup(deps, actorOf(r), r.body)),
  );
  app.patch(
    '/messages/groups/:id',
    {
      config: { onInvalidBody },
      schema: { tags, params: IdParams, body: RenameGroupRequest, response: { 200: ConversationDetail } },
    },
    (r) => renameGroup(deps, actorOf(r), { ...r.params, ...r.body }),
  );
  app.post(
    '/messages/groups/:id/members',
    {
      config: { onInvalidBody },
      schema: { tags, params: IdParams, body: AddGroupMembersRequest, response: { 200: ConversationDetail } },
    },
    (r) => addGroupMembers(deps, actorOf(r), { ...r.params, ...r.body }),
  );
  app.delete(
    '/messages/groups/:id/members/:userId',
    { schema: { tags, params: GroupMemberParams, response: { 200: ConversationDetail } } },
    (r) => removeGroupMember(deps, actorOf(r), r.params),
  );
  app.post(
    '/messages/groups/:id/leave',
    { schema: { tags, params: IdParams, response: { 204: NoContent } } },
    async (r, reply) => {
      await leaveGroup(deps, actorOf(r), r.params);
      return reply.status(204).send();
    },
  );
  app.delete(
    '/messages/groups/:id',
    { schema: { tags, params: IdParams, response: { 204: NoContent } } },
    async (r, reply) => {
      await archiveGroup(deps, actorOf(r), r.params);
      return reply.status(204).send();
    },
  );
};
