import { i18n, type Messages } from '@lingui/core';
import { use, useCallback, useSyncExternalStore } from 'react';
import catalogues from 'virtual:lyceum-catalogues';
import { directionOf, intlLocaleOf, type UiLanguage } from './languages';
import type { Resources } from './resources';

/**
 * The web app's translations (docs/decisions/008-translations.md): Lingui's runtime over ICU catalogues that
 * the build compiles (scripts/catalogues-plugin.ts), one per language and namespace, each fetched the first
 * time a page of that namespace renders in that language.
 */
export type Namespace = keyof Resources;

/** "a.b.c" for every string leaf of a catalogue: the typed keys of `t`. */
type KeysOf<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : KeysOf<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type Key<NS extends Namespace> = KeysOf<Resources[NS]>;
export type Values = Record<string, string | number | Date | null | undefined>;

const loads = new Map<string, Promise<void>>();
/** The loads a render has waited on (see useT). */
const waitedOn = new WeakSet<Promise<void>>();

/**
 * The load of a catalogue, one per language and namespace (stable, so Suspense can wait on it). Once done it
 * carries React's mark of a settled thenable (`status`, `value`), which `use` reads without waiting; once
 * failed, the next render starts another.
 */
function ensureLoaded(language: UiLanguage, ns: Namespace): Promise<void> {
  const id = `${language}/${ns}`;
  let state = loads.get(id);
  if (!state) {
    const load = catalogues[id] ?? catalogues[`en/${ns}`];
    if (!load) throw new Error(`No catalogue for ${id}`);
    const pending: Promise<void> = load().then(({ default: messages }) => {
      i18n.load(language, messages as Messages);
      Object.assign(pending, { status: 'fulfilled', value: undefined });
    });
    // A load that failed (the server out of reach) is forgotten, so the page's Retry fetches it again rather
    // than failing on the same answer until the browser reloads.
    pending.catch(() => {
      if (loads.get(id) === pending) loads.delete(id);
    });
    loads.set(id, pending);
    state = pending;
  }
  return state;
}

export async function loadNamespaces(language: UiLanguage, namespaces: readonly Namespace[]): Promise<void> {
  await Promise.all(namespaces.map((ns) => ensureLoaded(language, ns)));
}

const loadedNamespaces = () => [...new Set([...loads.keys()].map((id) => id.split('/')[1] as Namespace))];

/**
 * Starts (or switches) the UI in `language`: loads the common catalogue and those already in use, so the page
 * turns to the new language in one step, then sets `<html lang dir>`.
 */
export async function changeLanguage(language: UiLanguage): Promise<void> {
  await loadNamespaces(language, ['common', ...loadedNamespaces()]);
  if (i18n.locale !== language) i18n.activate(language);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = intlLocaleOf(language);
    document.documentElement.dir = directionOf(language);
  }
}

export const initI18n = changeLanguage;

export const currentLanguage = (): UiLanguage => (i18n.locale as UiLanguage) || 'en';

/** A message outside React (toasts of a mutation, a confirm text); its namespace must be loaded. */
export function translate<NS extends Namespace>(ns: NS, key: Key<NS>, values?: Values): string {
  return i18n._(`${ns}:${key}`, values);
}

const subscribe = (listener: () => void) => i18n.on('change', listener);

/**
 * The translator of one namespace, typed by its English catalogue. The component suspends until the
 * catalogue is loaded and re-renders when the language changes.
 */
export function useT<NS extends Namespace = 'common'>(ns: NS = 'common' as NS) {
  const language = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  const load = ensureLoaded(language, ns);
  // Once any render has waited on a load, every render of that namespace calls `use` on it (answered at once
  // when loaded): React replays or retries the render that waited and expects the same `use` before the hooks
  // that follow it. Catalogues loaded before any render (the tests, a language switch) are never `use`d.
  if ((load as { status?: string }).status !== 'fulfilled') waitedOn.add(load);
  if (waitedOn.has(load)) use(load);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `t` when the language changes re-renders memoised children.
  const t = useCallback((key: Key<NS>, values?: Values) => i18n._(`${ns}:${key}`, values), [ns, language]);
  return { t, language };
}
