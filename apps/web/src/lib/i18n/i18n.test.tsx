import { i18n } from '@lingui/core';
import { waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import catalogues from 'virtual:lyceum-catalogues';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PSEUDO, type UiLanguage } from './languages';
import { changeLanguage, loadNamespaces, useT } from './i18n';

describe('useT', () => {
  const act = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  afterEach(async () => {
    act.IS_REACT_ACT_ENVIRONMENT = true;
    await changeLanguage('en');
  });

  // A page's catalogue arriving while React waits on it used to leave the render React replays without the
  // `use` it had waited on, and the hooks after it failed ("Update hook called on initial render"): React
  // recovered by rendering the whole app again and logged the error on first visits to the timetable or
  // attendance pages. The development build names the cause (a `use` missing from the finished render).
  it('mounts a component whose catalogue arrives while it renders without an error React must recover from', async () => {
    // A scheduled (not act-wrapped) concurrent render, as in the browser; the pseudo-locale's catalogue of
    // the namespace is loaded by no other test.
    act.IS_REACT_ACT_ENVIRONMENT = false;
    i18n.load(PSEUDO, {});
    i18n.activate(PSEUDO);
    function Title() {
      const { t } = useT('years');
      return <p>{t('wizard.title')}</p>;
    }
    const onRecoverableError = vi.fn();
    const consoleError = vi.spyOn(console, 'error');
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container, { onRecoverableError });
    root.render(
      <Suspense fallback={null}>
        <Title />
      </Suspense>,
    );
    await waitFor(() => expect(container.textContent).not.toBe(''));
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    root.unmount();
    container.remove();
  });
});

describe('loading a catalogue', () => {
  // A catalogue that failed to arrive (the server out of reach) stayed failed until the browser reloaded: the
  // page's Retry met the same rejected load (docs/product.md, "The route guard and redirects").
  it('fetches a catalogue again after a failed load', async () => {
    // A language of its own, so no other test's load of it is cached (files share one module graph).
    const language = 'xx' as UiLanguage;
    const load = vi
      .fn<(typeof catalogues)[string]>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))
      .mockResolvedValueOnce({ default: { 'common:actions.retry': 'Again' } });
    catalogues['xx/common'] = load;
    try {
      await expect(loadNamespaces(language, ['common'])).rejects.toThrow('Failed to fetch');
      await loadNamespaces(language, ['common']);
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      delete catalogues['xx/common'];
    }
  });
});
