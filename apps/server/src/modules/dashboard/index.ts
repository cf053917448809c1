/** The dashboard module's public surface. */
export { dashboardRoutes } from './routes.ts';
