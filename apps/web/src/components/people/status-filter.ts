import { currentLanguage, loadNamespaces, translate, useT } from '../../lib/i18n/i18n';

/**
 * The status filter of every people list (the API's `status` allow-list). The labels are read each time a list
 * renders, so they follow the language. A component can call `useStatusOptions()`, which waits for the
 * catalogue; for the constant, the catalogue starts loading with this module (a list page imports it before it
 * renders) and, once loaded, follows every change of language.
 */
export const STATUS_OPTIONS = [
  {
    value: 'active',
    get label() {
      return translate('people', 'status.active');
    },
  },
  {
    value: 'inactive',
    get label() {
      return translate('people', 'status.inactive');
    },
  },
  {
    value: 'all',
    get label() {
      return translate('people', 'status.all');
    },
  },
];

void loadNamespaces(currentLanguage(), ['people']);

/** The options, once the `people` catalogue is in (the component suspends until then). */
export function useStatusOptions() {
  useT('people');
  return STATUS_OPTIONS;
}
