/** The notifications module's public surface. */
export { notificationRoutes } from './routes.ts';
export {
  createNotifications,
  readNotification,
  readNotifications,
  reviseNotifications,
  unreadCount,
} from './service.ts';
