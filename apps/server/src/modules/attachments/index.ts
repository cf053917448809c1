/**
 * The attachments module's public surface: uploading, taking back and serving the files of announcements and
 * messages. It sits above both (serving asks their read rules); attaching happens in their own transactions
 * through the files module's attachment rows.
 */
export { attachmentRoutes } from './routes.ts';
