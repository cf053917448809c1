/** The academics module's public surface: classes and subjects. Other code imports only this file. */
export { academicsRoutes } from './routes.ts';
