import type addonRequests from '../../locales/en/addon-requests.json';
import type common from '../../locales/en/common.json';
import type payments from '../../locales/en/payments.json';
import type plans from '../../locales/en/plans.json';
import type revenue from '../../locales/en/revenue.json';
import type schools from '../../locales/en/schools.json';

/**
 * The namespaces and their English catalogues, the source of the typed keys: `t('menu.dashboard')` is checked
 * by the compiler. A new namespace is a JSON file per language under src/locales and one line here.
 */
export interface Resources {
  common: typeof common;
  schools: typeof schools;
  plans: typeof plans;
  'addon-requests': typeof addonRequests;
  payments: typeof payments;
  revenue: typeof revenue;
}
