/** The attendance module's public surface: submitting a class, the lists, register, history and rates. */
export { alertParents, dropAlertsOfUnlinkedParent } from './alerts.ts';
export { attendanceRoutes } from './routes.ts';
export { schoolToday } from './school-today.ts';
export { readAttendanceChange } from './live.ts';
