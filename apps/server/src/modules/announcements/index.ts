/**
 * The announcements module's public surface: its routes, the live stream's readers, who may read one (attachments),
 * and the notifications people who left an audience lose (people, academics, years).
 */
export { announcementRoutes } from './routes.ts';
export { announcementVisible, readAnnouncements } from './service.ts';
export { dropLostAnnouncementNotifications } from './reach.ts';
