/**
 * The dashboard module's public surface: the dashboards, a parent's children today for My Children, why the
 * school does not teach on a day for the mark page, and the drop of the cached company figures after company
 * staff change something.
 */
export { dashboardRoutes } from './routes.ts';
export { dropCompanyFigures } from './service.ts';
export { childrenToday, dayOffOn } from './day.ts';
