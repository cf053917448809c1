import type common from '../../locales/en/common.json';
import type locale from '../../locales/en/locale.json';

/**
 * The namespaces and their English catalogues, the source of the typed keys: `t('menu.dashboard')` is checked
 * by the compiler. A new namespace is a JSON file per language under src/locales and one line here.
 */
export interface Resources {
  common: typeof common;
  locale: typeof locale;
}
