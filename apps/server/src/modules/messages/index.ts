/** The messages module's public surface: conversations, class groups, and the live stream's reader. */
export { messageRoutes } from './routes.ts';
export { unreadMessages } from './conversations.ts';
export { readConversationChange } from './groups.ts';
export { readMessage } from './messages.ts';
