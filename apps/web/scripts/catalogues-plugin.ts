import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { pseudoMessage } from '../src/lib/i18n/pseudo.ts';

/**
 * Serves the translation catalogues (src/locales/<language>/<namespace>.json, ICU messages) as JavaScript,
 * compiled at build time to Lingui's message format, so the browser needs no ICU parser:
 *  - `virtual:lyceum-catalogues` maps "<language>/<namespace>" to a lazy import of that catalogue;
 *  - `virtual:lyceum-catalogue/<language>/<namespace>` is one catalogue, its own chunk, ids `<namespace>:<key>`.
 * With `pseudo`, a `pseudo` language is added: English, accented and 30 % longer (development only).
 * A message that does not parse fails the build.
 */
const INDEX = 'virtual:lyceum-catalogues';
const ONE = 'virtual:lyceum-catalogue/';
const PSEUDO = 'pseudo';

type Catalogue = { [key: string]: string | Catalogue };

function flatten(catalogue: Catalogue, prefix: string, out: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(catalogue)) {
    if (typeof value === 'string') out[prefix + key] = value;
    else flatten(value, `${prefix}${key}.`, out);
  }
  return out;
}

export function cataloguesPlugin(localesDir: string, options: { pseudo: boolean }): Plugin {
  const languages = () => readdirSync(localesDir).filter((name) => !name.startsWith('.'));
  const namespaces = (language: string) =>
    readdirSync(join(localesDir, language))
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.slice(0, -'.json'.length));

  return {
    name: 'lyceum-catalogues',
    resolveId(id) {
      return id === INDEX || id.startsWith(ONE) ? `\0${id}` : undefined;
    },
    load(id) {
      if (id === `\0${INDEX}`) {
        const entries = languages().flatMap((language) => namespaces(language).map((ns) => `${language}/${ns}`));
        if (options.pseudo) entries.push(...namespaces('en').map((ns) => `${PSEUDO}/${ns}`));
        const lines = entries.map(
          (entry) => `  ${JSON.stringify(entry)}: () => import(${JSON.stringify(ONE + entry)}),`,
        );
        return `export default {\n${lines.join('\n')}\n};\n`;
      }
      if (id.startsWith(`\0${ONE}`)) {
        const [language, ns] = id.slice(ONE.length + 1).split('/') as [string, string];
        const file = join(localesDir, language === PSEUDO ? 'en' : language, `${ns}.json`);
        if (!existsSync(file)) throw new Error(`No catalogue ${language}/${ns}`);
        this.addWatchFile(file);
        const messages = flatten(JSON.parse(readFileSync(file, 'utf8')) as Catalogue, `${ns}:`);
        const compiled = Object.fromEntries(
          Object.entries(messages).map(([key, message]) => {
            const source = language === PSEUDO ? pseudoMessage(message) : message;
            try {
              return [key, compileMessageOrThrow(source)];
            } catch (error) {
              throw new Error(`${language}/${ns}.json: "${key}" is not a valid ICU message: ${String(error)}`);
            }
          }),
        );
        return `export default ${JSON.stringify(compiled)};\n`;
      }
      return undefined;
    },
  };
}
