import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Every English message the shared package and the server can put in front of a person, read from the source
 * with the TypeScript compiler so a message added anywhere is seen without anyone listing it:
 * - the values of `*MESSAGES` objects (strings as they are, functions called with `{0}`, `{1}`… placeholders);
 * - `error:`/`message:` string properties of an object passed to a call (zod's `{ error: '…' }`);
 * - the message arguments of zod's checks (`.min(1, '…')`, `.regex(re, '…')`, `.refine(fn, '…')`…);
 * - the labels given to `plainText('…')` / `notPlainTextMessage('…')`;
 * - the message and `fields` of `invalid()`, `notFound()`, `forbidden()` and `new AppError()`;
 * - constants named `*_MESSAGE`, functions named `*Message` returning a template, and strings given to a
 *   variable named `message` or `reason`.
 * A template literal counts as its template: each `${…}` becomes `{0}`, `{1}`… in order.
 */

export const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SOURCE_DIRS = ['packages/shared/src', 'apps/server/src'];
/** Read by the operator at start-up or the demo's own data, never by a school's people: English only. */
const NOT_USER_FACING = ['apps/server/src/config.ts', 'apps/server/src/lib/forwarded-for.ts', 'apps/server/src/seed/'];

export interface FoundMessage {
  text: string;
  where: string;
}

/** A `*MESSAGES` object to import and read at run time (its values may be computed). */
export interface MessageObject {
  file: string;
  name: string;
  exported: boolean;
}

/** zod checks whose message is the argument after the first (`.min(1, '…')`). */
const CHECKS_MESSAGE_SECOND = new Set([
  'min',
  'max',
  'length',
  'regex',
  'refine',
  'gte',
  'lte',
  'gt',
  'lt',
  'multipleOf',
  'startsWith',
  'endsWith',
]);
/** zod checks whose message is their only argument (`.email('…')`). */
const CHECKS_MESSAGE_FIRST = new Set(['email', 'url', 'uuid', 'int', 'positive', 'nonnegative', 'nonempty']);
const ERROR_CALLS = new Set(['invalid', 'notFound', 'forbidden']);
const LABEL_CALLS = new Set(['plainText', 'notPlainTextMessage']);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      // The catalogues themselves are translations, not messages.
      if (entry.name !== 'i18n') out.push(...sourceFiles(full));
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts')) {
      out.push(full);
    }
  }
  return out;
}

/** The text of a string or template literal, `${…}` as numbered placeholders; undefined for anything else. */
export function messageText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return node.head.text + node.templateSpans.map((span, i) => `{${i}}${span.literal.text}`).join('');
  }
  if (ts.isParenthesizedExpression(node)) return messageText(node.expression);
  return undefined;
}

function calleeName(call: ts.CallExpression | ts.NewExpression): string | undefined {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return undefined;
}

export function scanSources(dirs: readonly string[] = SOURCE_DIRS): {
  messages: FoundMessage[];
  objects: MessageObject[];
} {
  const messages: FoundMessage[] = [];
  const objects: MessageObject[] = [];
  for (const dir of dirs) {
    for (const file of sourceFiles(path.resolve(ROOT, dir))) {
      const relative = path.relative(ROOT, file);
      if (NOT_USER_FACING.some((skip) => relative.startsWith(skip))) continue;
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const add = (node: ts.Node | undefined) => {
        if (!node) return;
        const text = messageText(node);
        if (text === undefined || text.trim() === '') return;
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        messages.push({ text, where: `${relative}:${line}` });
      };
      const addFields = (node: ts.Node | undefined) => {
        if (!node || !ts.isObjectLiteralExpression(node)) return;
        for (const prop of node.properties) if (ts.isPropertyAssignment(prop)) add(prop.initializer);
      };
      const visit = (node: ts.Node): void => {
        if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
          const name = node.name.text;
          if (name.endsWith('_MESSAGE') || name === 'message' || name === 'reason') add(node.initializer);
          if (/^[a-z]\w*Message$/.test(name) && ts.isArrowFunction(node.initializer)) add(node.initializer.body);
        }
        if (
          ts.isBinaryExpression(node) &&
          node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
          ts.isIdentifier(node.left) &&
          (node.left.text === 'message' || node.left.text === 'reason')
        ) {
          add(node.right);
        }
        if (
          ts.isVariableDeclaration(node) &&
          ts.isIdentifier(node.name) &&
          node.name.text.endsWith('MESSAGES') &&
          node.initializer
        ) {
          const statement = node.parent.parent;
          const exported =
            ts.isVariableStatement(statement) &&
            (statement.modifiers ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
          objects.push({ file, name: node.name.text, exported });
        }
        if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
          const name = calleeName(node);
          const args = node.arguments ?? ts.factory.createNodeArray();
          const isMethod = ts.isPropertyAccessExpression(node.expression);
          for (const arg of args) {
            if (!ts.isObjectLiteralExpression(arg)) continue;
            for (const prop of arg.properties) {
              if (
                ts.isPropertyAssignment(prop) &&
                ts.isIdentifier(prop.name) &&
                (prop.name.text === 'error' || prop.name.text === 'message')
              ) {
                add(prop.initializer);
              }
            }
          }
          if (name && isMethod && CHECKS_MESSAGE_SECOND.has(name)) for (const arg of args.slice(1)) add(arg);
          if (name && isMethod && CHECKS_MESSAGE_FIRST.has(name)) add(args[0]);
          if (name && !isMethod && LABEL_CALLS.has(name)) add(args[0]);
          if (name && !isMethod && ERROR_CALLS.has(name)) {
            add(args[0]);
            addFields(args[1]);
          }
          if (ts.isNewExpression(node) && name === 'AppError') {
            add(args[1]);
            addFields(args[2]);
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  return { messages, objects };
}

/** `{0}`, `{1}`… for a message function's parameters. */
export const placeholders = (count: number): string[] => Array.from({ length: count }, (_, i) => `{${i}}`);

/** The texts of one `*MESSAGES` object: its strings, and its functions' templates. */
export async function messagesOfObject(object: MessageObject): Promise<FoundMessage[]> {
  const module = (await import(object.file)) as Record<string, Record<string, unknown>>;
  const value = module[object.name] ?? {};
  const where = `${path.relative(ROOT, object.file)} ${object.name}`;
  return Object.entries(value).flatMap(([key, entry]) => {
    if (typeof entry === 'string') return [{ text: entry, where: `${where}.${key}` }];
    if (typeof entry === 'function') {
      const text = String(entry(...placeholders(entry.length)));
      // A count of one written in other words than the template's ("1 student is", not "1 students are")
      // matches no template: it is a message of its own (the other parameters still placeholders), and each
      // catalogue needs it as written.
      const ones = placeholders(entry.length).flatMap((_, i) => {
        const args: unknown[] = placeholders(entry.length);
        args[i] = 1;
        const one = String(entry(...args));
        return one === text.replace(`{${i}}`, '1') ? [] : [{ text: one, where: `${where}.${key} with ${i} = 1` }];
      });
      return [{ text, where: `${where}.${key}` }, ...ones];
    }
    return [];
  });
}
