import { type Catalogue, translateMessage } from '@lyceum/shared/i18n/translate';
import { use, useCallback } from 'react';
import { useT } from './i18n';
import type { UiLanguage } from './languages';

/**
 * The messages of the shared zod schemas (a form's field errors, checked in the browser before anything is
 * sent) in the UI language. Their English text is their id, as on the server (docs/decisions/009-server-
 * messages.md); each language's table is its own chunk, fetched the first time a message is shown in it.
 * Messages that come from the server are already in the UI language: the client asks for it.
 */
const loaders: Partial<Record<UiLanguage, () => Promise<{ default: Catalogue }>>> = {
  es: () => import('@lyceum/shared/i18n/es'),
  ar: () => import('@lyceum/shared/i18n/ar'),
};

const tables = new Map<UiLanguage, Promise<Catalogue | undefined>>();

function tableOf(language: UiLanguage): Promise<Catalogue | undefined> {
  let table = tables.get(language);
  if (!table) {
    const load = loaders[language];
    table = load ? load().then((m) => m.default) : Promise.resolve(undefined);
    tables.set(language, table);
  }
  return table;
}

/** Translates a shared/server message into the UI language (English and unknown texts pass unchanged). */
export function useServerMessage(): (message: string) => string {
  const { language } = useT();
  const table = loaders[language] ? use(tableOf(language)) : undefined;
  return useCallback((message: string) => translateMessage(message, table), [table]);
}
