/** The schools module's public surface: the user's own school, its brand, locale and the add-ons it holds. */
export { brandFrom, brandOf, publicBrand } from './brand.ts';
export { localeOf } from './locale.ts';
export { entitledNames, entitledNamesSql, entitlementsOf, requireEntitlement } from './entitlements.ts';
export { schoolRoutes } from './routes.ts';
