/** The announcements module's public surface: its routes, the live stream's reader, and who may read one (attachments). */
export { announcementRoutes } from './routes.ts';
export { announcementVisible, readAnnouncement } from './service.ts';
