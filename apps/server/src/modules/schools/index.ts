/** The schools module's public surface: the user's own school, its brand, locale and the add-ons it holds. */
export { brandOf, publicBrand } from './brand.ts';
export { localeOf } from './locale.ts';
export { entitledNames, entitlementsOf, requireEntitlement } from './entitlements.ts';
export { schoolRoutes } from './routes.ts';
