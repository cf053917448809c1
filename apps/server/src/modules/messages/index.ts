/** The messages module's public surface: conversations, class groups, the live stream's reader, and who may read a message (attachments). */
export { messageRoutes } from './routes.ts';
export { unreadMessages, unreadMessagesSql } from './conversations.ts';
export { readConversationChange } from './groups.ts';
export { messageVisible, readMessage } from './messages.ts';
