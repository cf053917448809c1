/** The plans module's public surface: the public plan catalogue. */
export { planRoutes } from './routes.ts';
