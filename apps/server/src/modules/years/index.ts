/** The years module's public surface: academic years with their terms and holidays, and the year-end promotion. */
export { yearRoutes } from './routes.ts';
