/** The dashboard module's public surface: the dashboards, and a parent's children today for My Children. */
export { dashboardRoutes } from './routes.ts';
export { childrenToday } from './day.ts';
