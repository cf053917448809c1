/** The notifications module's public surface. */
export { createCompanyNotifications, type NewCompanyNotification } from './company.ts';
export { notificationRoutes } from './routes.ts';
export { readerLanguage, renderMessage } from './render.ts';
export {
  countUnread,
  createNotifications,
  type NewNotification,
  readNotification,
  readAnnouncementNotifications,
  readNotifications,
  removeAnnouncementNotifications,
  retitleAnnouncementNotifications,
  unreadCountSql,
  unreadNotifications,
} from './service.ts';
