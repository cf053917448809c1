/** The profile module's public surface. */
export { profileRoutes } from './routes.ts';
