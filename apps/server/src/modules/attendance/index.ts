/** The attendance module's public surface: submitting a class, the lists, register, history and rates. */
export { attendanceRoutes } from './routes.ts';
