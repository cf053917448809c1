/** The timetable module's public surface: periods, weekly slots, week views and the live event reader. */
export { timetableRoutes } from './routes.ts';
export { readTimetableChange } from './weeks.ts';
