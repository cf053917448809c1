import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import catalogues from 'virtual:lyceum-catalogues';
import { DEFAULT_SCHOOL_LOCALE } from '@lyceum/shared/locale';
import { setFormatSettings } from '../lib/i18n/format';
import { changeLanguage, currentLanguage, initI18n, loadNamespaces, type Namespace } from '../lib/i18n/i18n';
import { installMatchMedia, resetMedia } from './media';

// Components render their English text in tests: every English catalogue, loaded before the first test.
await loadNamespaces(
  'en',
  Object.keys(catalogues)
    .filter((id) => id.startsWith('en/'))
    .map((id) => id.slice(3) as Namespace),
);
await initI18n('en');

// findBy* and waitFor give up after 1 s by default: too little for a route's first lazy import on a 2-core
// machine shared with other work, where these tests failed without anything being wrong. A hang guard, not a
// timing: a found element answers at once.
configure({ asyncUtilTimeout: 10_000 });

// Tell React the test renderer wraps updates in act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeEach(() => {
  installMatchMedia();
  window.localStorage.clear();
});

afterEach(async () => {
  cleanup();
  resetMedia();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // Test files share one module graph (isolate: false): a test that switched to Arabic or another school's
  // formats must not leave the next file reading "٩٣٪" or "‏100.00 US$".
  if (currentLanguage() !== 'en') await changeLanguage('en');
  setFormatSettings({ language: 'en', locale: DEFAULT_SCHOOL_LOCALE });
});
