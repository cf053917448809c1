/** The announcements module's public surface: its routes and the live stream's reader. */
export { announcementRoutes } from './routes.ts';
export { readAnnouncement } from './service.ts';
