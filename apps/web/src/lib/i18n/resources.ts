import type common from '../../locales/en/common.json';
import type subscription from '../../locales/en/subscription.json';
import type marketplace from '../../locales/en/marketplace.json';
import type usage from '../../locales/en/usage.json';
import type apiKeys from '../../locales/en/api-keys.json';
import type settings from '../../locales/en/settings.json';
import type dashboard from '../../locales/en/dashboard.json';
import type people from '../../locales/en/people.json';

/**
 * The namespaces and their English catalogues, the source of the typed keys: `t('menu.dashboard')` is checked
 * by the compiler. A new namespace is a JSON file per language under src/locales and one line here.
 */
export interface Resources {
  common: typeof common;
  subscription: typeof subscription;
  marketplace: typeof marketplace;
  usage: typeof usage;
  'api-keys': typeof apiKeys;
  settings: typeof settings;
  dashboard: typeof dashboard;
  people: typeof people;
}
