import { z } from 'zod';
import { uuidSchema } from './auth.ts';
import { Attachment, AttachmentIds } from './files.ts';
import { searchTooLong } from './list-search.ts';
import { pageLimit } from './page-limit.ts';
import { plainText } from './plain-text.ts';
import { SCHOOL_ROLES } from './roles.ts';

/**
 * Contracts of messages (docs/product.md, "Messages").
 *
 *   GET  /api/v1/messages/contacts?search=                  whom the caller may start a conversation with (≤ 30)
 *   GET  /api/v1/messages/conversations?cursor=&limit=      the caller's conversations, latest activity first
 *   POST /api/v1/messages/conversations                     open (or find) the one-to-one conversation with a user
 *   POST /api/v1/messages/groups                            staff: a new group of chosen people
 *   PATCH  /api/v1/messages/groups/:id                      staff members: rename it
 *   POST   /api/v1/messages/groups/:id/members              staff members: add people the caller may message
 *   DELETE /api/v1/messages/groups/:id/members/:userId      staff members: take someone out
 *   POST   /api/v1/messages/groups/:id/leave                any member: leave it
 *   DELETE /api/v1/messages/groups/:id                      its creator or a school admin: delete (archive) it
 *   GET  /api/v1/messages/conversations/:id                 one conversation with its members and what they have read
 *   GET  /api/v1/messages/conversations/:id/messages?cursor=&limit=   its messages, newest first
 *   POST /api/v1/messages/conversations/:id/messages        send a message (text and/or attachmentIds); a live `message` event reaches the members
 *   POST /api/v1/messages/conversations/:id/read            everything in it is read (the "Seen" receipt)
 *   GET  /api/v1/messages/unread                            unread messages over all the caller's conversations
 *   GET  /api/v1/messages/search?q=                         the caller's own conversations' messages containing q (≤ 30)
 *   POST /api/v1/messages/:id/report                        report a message to the school administrators
 */

/** Bounds (docs/product.md, "Messages"). */
export const MESSAGE_BODY_MAX = 2000;
export const GROUP_NAME_MAX = 80;
export const GROUP_MEMBERS_MAX = 100;
/** A whole group: its creator and GROUP_MEMBERS_MAX others. */
export const GROUP_SIZE_MAX = GROUP_MEMBERS_MAX + 1;
export const REPORT_REASON_MAX = 500;
export const MESSAGE_SEARCH_MIN = 2;
export const MESSAGE_SEARCH_MAX = 100;
/** Searches and the contact picker answer at most this many rows: small option lists, never full records. */
export const MESSAGE_PICK_LIMIT = 30;
export const CONVERSATION_PAGE_DEFAULT = 20;
export const MESSAGE_PAGE_DEFAULT = 30;

export const MESSAGE_MESSAGES = {
  bodyRequired: 'Write a message',
  bodyTooLong: (max: number) => `A message can be at most ${max} characters`,
  bodyNotText: 'A message cannot contain control or text-direction characters',
  groupNameRequired: 'Give the group a name',
  groupNameTooLong: (max: number) => `A group name can be at most ${max} characters`,
  membersRequired: 'Choose at least one member',
  tooManyMembers: (max: number) => `A group can have at most ${max} members`,
  groupFull: (max: number) => `A group can have at most ${max} people`,
  groupNotFound: 'Group not found',
  notAMember: 'This person is not in the group',
  cannotDeleteGroup: "Only the group's creator or a school admin can delete it",
  reasonTooLong: (max: number) => `A reason can be at most ${max} characters`,
  searchTooShort: (min: number) => `Type at least ${min} characters to search`,
  /** The lists' words (list-search.ts): one message, one translation. */
  searchTooLong,
  conversationNotFound: 'Conversation not found',
  messageNotFound: 'Message not found',
  notAllowed: 'You cannot start a conversation with this person',
  notYourself: 'You cannot start a conversation with yourself',
  alreadyReported: 'You have already reported this message',
  /** 422: a deactivated class's group is read, not written in, until the class is active again. */
  classGroupClosed: 'This class is inactive, so its group is read-only',
  directPersonGone: "This person's account is no longer active, so the conversation is read-only",
  reportTitle: 'A message was reported',
  reportBody: (reporter: string, sender: string, excerpt: string) =>
    `${reporter} reported a message from ${sender}: "${excerpt}"`,
} as const;

const M = MESSAGE_MESSAGES;

/** Newlines and tabs are part of a message; other control characters and direction overrides are not. */
const NOT_MESSAGE_TEXT = /(?![\t\n])[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** A message is its text, its attachments (uploads of the sender: POST /attachments), or both. */
export const SendMessageRequest = z
  .object({
    body: z
      .string({ error: M.bodyRequired })
      .trim()
      .max(MESSAGE_BODY_MAX, M.bodyTooLong(MESSAGE_BODY_MAX))
      .refine((v) => !NOT_MESSAGE_TEXT.test(v), { error: M.bodyNotText })
      .default(''),
    attachmentIds: AttachmentIds.default([]),
  })
  .refine((m) => m.body.length > 0 || m.attachmentIds.length > 0, { error: M.bodyRequired, path: ['body'] });
export type SendMessageRequest = z.input<typeof SendMessageRequest>;

export const StartConversationRequest = z.object({ userId: uuidSchema });

const GroupName = z
  .string({ error: M.groupNameRequired })
  .trim()
  .min(1, M.groupNameRequired)
  .max(GROUP_NAME_MAX, M.groupNameTooLong(GROUP_NAME_MAX))
  .refine(...plainText('Group name'));

/**
 * The people a request names. A group counts 1 to GROUP_MEMBERS_MAX members besides the caller, who may name
 * themselves too: the list is bounded here at GROUP_SIZE_MAX, and the server counts the others (groups.ts).
 */
const MemberIds = z
  .array(uuidSchema, { error: M.membersRequired })
  .min(1, M.membersRequired)
  .max(GROUP_SIZE_MAX, M.tooManyMembers(GROUP_MEMBERS_MAX));

export const CreateGroupRequest = z.object({ name: GroupName, memberIds: MemberIds });

export const RenameGroupRequest = z.object({ name: GroupName });

export const AddGroupMembersRequest = z.object({ memberIds: MemberIds });

export const GroupMemberParams = z.object({ id: uuidSchema, userId: uuidSchema });

export const ReportMessageRequest = z.object({
  reason: z
    .string()
    .trim()
    .max(REPORT_REASON_MAX, M.reasonTooLong(REPORT_REASON_MAX))
    .refine((v) => !NOT_MESSAGE_TEXT.test(v), { error: M.bodyNotText })
    .optional(),
});

const pageQuery = (size: number) =>
  z.object({
    cursor: z.string().max(500).optional(),
    limit: pageLimit(size),
  });
export const ConversationListQuery = pageQuery(CONVERSATION_PAGE_DEFAULT);
export const MessageListQuery = pageQuery(MESSAGE_PAGE_DEFAULT);

export const ContactQuery = z.object({
  search: z.string().trim().max(MESSAGE_SEARCH_MAX, M.searchTooLong(MESSAGE_SEARCH_MAX)).optional(),
});

export const MessageSearchQuery = z.object({
  q: z
    .string({ error: M.searchTooShort(MESSAGE_SEARCH_MIN) })
    .trim()
    .min(MESSAGE_SEARCH_MIN, M.searchTooShort(MESSAGE_SEARCH_MIN))
    .max(MESSAGE_SEARCH_MAX, M.searchTooLong(MESSAGE_SEARCH_MAX)),
});

export const CONVERSATION_KINDS = ['direct', 'class', 'group'] as const;

const SchoolRoleSchema = z.enum(SCHOOL_ROLES);

export const Contact = z.object({
  id: z.uuid(),
  name: z.string(),
  role: SchoolRoleSchema,
  /** Their profile picture's URL, or null (the initial is shown). */
  profileImage: z.string().nullable(),
});
export type Contact = z.infer<typeof Contact>;
export const ContactList = z.object({ items: z.array(Contact) });
export type ContactList = z.infer<typeof ContactList>;

export const Message = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  senderId: z.uuid(),
  senderName: z.string(),
  /** The sender's profile picture's URL, or null (the initial is shown). */
  senderImage: z.string().nullable(),
  body: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Sent by the caller. */
  mine: z.boolean(),
  attachments: z.array(Attachment),
});
export type Message = z.infer<typeof Message>;

export const Conversation = z.object({
  id: z.uuid(),
  kind: z.enum(CONVERSATION_KINDS),
  /** The other person's name (direct), the class's name (class) or the group's name. */
  title: z.string(),
  /** The other person's profile picture (direct, when they have one); null for groups. */
  image: z.string().nullable(),
  classId: z.uuid().nullable(),
  lastMessage: Message.nullable(),
  /** Messages from others the caller has not read. */
  unread: z.number().int(),
  lastActivityAt: z.iso.datetime({ offset: true }),
  /** Read, not written in: a deactivated class's group, or a direct one with someone no longer active (sending
   * answers 422 until the class or the person is active again). */
  readOnly: z.boolean(),
});
export type Conversation = z.infer<typeof Conversation>;

export const ConversationList = z.object({
  items: z.array(Conversation),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
});
export type ConversationList = z.infer<typeof ConversationList>;

export const ConversationMember = z.object({
  id: z.uuid(),
  name: z.string(),
  role: SchoolRoleSchema,
  /** Their profile picture's URL, or null (the initial is shown). */
  profileImage: z.string().nullable(),
  /** When the member last read the conversation (null: never). */
  lastReadAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ConversationMember = z.infer<typeof ConversationMember>;

export const ConversationDetail = Conversation.extend({
  members: z.array(ConversationMember),
  /** Who made it (a staff-made group's creator may delete it); null for class groups. */
  createdBy: z.uuid().nullable(),
});
export type ConversationDetail = z.infer<typeof ConversationDetail>;

export const MessageList = z.object({
  items: z.array(Message),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
  /** The latest read mark of the other members: the caller's messages up to it show "Seen". */
  othersReadAt: z.iso.datetime({ offset: true }).nullable(),
});
export type MessageList = z.infer<typeof MessageList>;

export const MessageSearchResult = z.object({ items: z.array(Message.extend({ conversationTitle: z.string() })) });
export type MessageSearchResult = z.infer<typeof MessageSearchResult>;

export const UnreadMessages = z.object({ count: z.number().int() });
export type UnreadMessages = z.infer<typeof UnreadMessages>;

export const MessageReport = z.object({ id: z.uuid() });
export type MessageReport = z.infer<typeof MessageReport>;
