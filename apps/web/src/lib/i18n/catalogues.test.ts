import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { LANGUAGES } from '@lyceum/shared/locale-constants';
import { describe, expect, it } from 'vitest';
import { pseudoMessage } from './pseudo';

type Catalogue = { [key: string]: string | Catalogue };

const modules = import.meta.glob<{ default: Catalogue }>('../../locales/*/*.json', { eager: true });
const catalogues = new Map<string, Catalogue>(
  Object.entries(modules).map(([path, module]) => [
    path.replace(/^.*locales\//, '').replace(/\.json$/, ''),
    module.default,
  ]),
);
const namespaces = [...catalogues.keys()].filter((k) => k.startsWith('en/')).map((k) => k.slice(3));

function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

/** The arguments a message uses, and whether every plural/select has its `other` branch. */
function argumentsOf(elements: MessageFormatElement[], names = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (
      element.type === TYPE.argument ||
      element.type === TYPE.number ||
      element.type === TYPE.date ||
      element.type === TYPE.time
    )
      names.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      names.add(element.value);
      if (!('other' in element.options)) throw new Error(`"${element.value}" has no "other" branch`);
      for (const option of Object.values(element.options)) argumentsOf(option.value, names);
    }
    if (element.type === TYPE.tag) argumentsOf(element.children, names);
  }
  return names;
}

describe('catalogues', () => {
  it('ship English, Spanish and Arabic for every namespace', () => {
    expect(namespaces).toContain('common');
    for (const language of LANGUAGES)
      for (const ns of namespaces) expect(catalogues.has(`${language}/${ns}`), `${language}/${ns}.json`).toBe(true);
  });

  for (const ns of namespaces) {
    const english = flatten(catalogues.get(`en/${ns}`) ?? {});
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      it(`${language}/${ns} has exactly the English keys, each a valid message with the same arguments`, () => {
        const translated = flatten(catalogues.get(`${language}/${ns}`) ?? {});
        expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
        for (const [key, source] of english) {
          const message = translated.get(key) ?? '';
          expect(message.trim(), `${language}/${ns}:${key} is empty`).not.toBe('');
          const wanted = [...argumentsOf(parse(source))].sort();
          expect([...argumentsOf(parse(message))].sort(), `${language}/${ns}:${key}`).toEqual(wanted);
        }
      });
    }
  }

  it('the pseudo-locale keeps arguments and plurals working while changing every letter', () => {
    const message = '{count, plural, one {# student} other {# students}} in {name}';
    const pseudo = pseudoMessage(message);
    expect([...argumentsOf(parse(pseudo))].sort()).toEqual(['count', 'name']);
    expect(pseudo).not.toMatch(/student/);
    expect(pseudo.length).toBeGreaterThanOrEqual(Math.ceil(message.length * 1.3));
  });
});
