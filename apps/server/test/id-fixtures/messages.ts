import { chatGroupMembers, chatGroups, messages } from '../../src/db/schema/index.ts';
import { withSystem } from '../../src/db/tenancy.ts';
import { newId } from '../../src/lib/ids.ts';
import type { IdFixture } from './types.ts';

/** A group of school A's teacher and parent, made fresh each call, with one message in it. */
async function conversationOfA(app: Parameters<IdFixture>[0], a: Parameters<IdFixture>[1]) {
  const groupId = newId();
  const messageId = newId();
  await withSystem(app.deps.db, async (tx) => {
    await tx.insert(chatGroups).values({ schoolId: a.id, id: groupId, kind: 'group', name: 'Secret of A' });
    await tx
      .insert(chatGroupMembers)
      .values(
        [a.users.teacher.id, a.users.parent.id].map((userId) => ({ schoolId: a.id, id: newId(), groupId, userId })),
      );
    await tx
      .insert(messages)
      .values({ schoolId: a.id, id: messageId, groupId, senderId: a.users.parent.id, body: 'Secret of A' });
  });
  return { groupId, messageId };
}

const conversation: IdFixture = async (app, a) => ({
  params: { id: (await conversationOfA(app, a)).groupId },
  asRole: 'teacher',
});
const message: IdFixture = async (app, a) => ({
  params: { id: (await conversationOfA(app, a)).messageId },
  asRole: 'teacher',
});

/** Group routes are staff's (leaving is anyone's): school B's school admin asks for school A's group. */
const group: IdFixture = async (app, a) => ({
  params: { id: (await conversationOfA(app, a)).groupId },
  asRole: 'school_admin',
});
const groupMember: IdFixture = async (app, a) => ({
  params: { id: (await conversationOfA(app, a)).groupId, userId: a.users.parent.id },
  asRole: 'school_admin',
});

export const MESSAGES_ID_FIXTURES: Record<string, IdFixture> = {
  'PATCH /api/v1/messages/groups/:id': group,
  'POST /api/v1/messages/groups/:id/members': group,
  'DELETE /api/v1/messages/groups/:id/members/:userId': groupMember,
  'POST /api/v1/messages/groups/:id/leave': conversation,
  'DELETE /api/v1/messages/groups/:id': group,
  'GET /api/v1/messages/conversations/:id': conversation,
  'GET /api/v1/messages/conversations/:id/messages': conversation,
  'POST /api/v1/messages/conversations/:id/messages': conversation,
  'POST /api/v1/messages/conversations/:id/read': conversation,
  'POST /api/v1/messages/:id/report': message,
};
