/** The announcements module's public surface: its routes, the live stream's readers, and who may read one (attachments). */
export { announcementRoutes } from './routes.ts';
export { announcementVisible, readAnnouncements } from './service.ts';
