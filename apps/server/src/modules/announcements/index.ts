/** The announcements module's public surface: its routes and the live stream's readers. */
export { announcementRoutes } from './routes.ts';
export { readAnnouncements } from './service.ts';
