/** The events module's public surface: the live SSE stream. */
export { eventRoutes } from './routes.ts';
