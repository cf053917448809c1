import type { Access } from './types.ts';

/** Routes of the company control plane: schools, plans, add-ons, subscriptions, payments, revenue, usage. */
export const COMPANY_ACCESS: Record<string, Access> = {};
