import { parse } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';

const ACCENTED: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ó',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ú',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ó',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Ú',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

const accent = (text: string) => text.replace(/[A-Za-z]/g, (c) => ACCENTED[c] ?? c);

type Ast = ReturnType<typeof parse>;

/** Accents every literal of a message, leaving its arguments, plurals and tags working. */
function accentAst(ast: Ast): Ast {
  for (const node of ast) {
    if (node.type === 0) node.value = accent(node.value);
    if ('options' in node) for (const option of Object.values(node.options)) accentAst(option.value);
    if ('children' in node) accentAst(node.children);
  }
  return ast;
}

/** One message of the pseudo-locale: accented, 30 % longer and bracketed, so clipping and raw strings show. */
export function pseudoMessage(message: string): string {
  let accented: string;
  try {
    accented = printAST(accentAst(parse(message)));
  } catch {
    accented = accent(message);
  }
  const padding = '·'.repeat(Math.max(1, Math.ceil(message.length * 1.3) - accented.length - 2));
  return `[${accented}${padding}]`;
}

export type Catalogue = { [key: string]: string | Catalogue };

export function pseudoCatalogue(catalogue: Catalogue): Catalogue {
  return Object.fromEntries(
    Object.entries(catalogue).map(([key, value]) => [
      key,
      typeof value === 'string' ? pseudoMessage(value) : pseudoCatalogue(value),
    ]),
  );
}
