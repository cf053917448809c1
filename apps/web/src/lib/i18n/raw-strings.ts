import ts from 'typescript';

/**
 * Finds user-visible English that bypasses the catalogues in a .tsx/.ts source: JSX text, string literals
 * passed to visible attributes (aria-label, title, placeholder…), literal children of JSX expressions, toast
 * messages, and the visible properties of option/column objects (label, title, header…). A line marked
 * `i18n-exempt: <why>` in a comment on it or the line above is skipped.
 */
export interface RawString {
  line: number;
  text: string;
}

/** Attributes whose string values never reach the reader (styling, wiring, codes). */
const SILENT_ATTRIBUTES = new Set([
  'className',
  'id',
  'key',
  'type',
  'name',
  'href',
  'to',
  'role',
  'variant',
  'size',
  'tone',
  'method',
  'autoComplete',
  'inputMode',
  'htmlFor',
  'form',
  'target',
  'rel',
  'src',
  'accept',
  'pattern',
  'lang',
  'dir',
  'align',
  'side',
  'mode',
  'enterKeyHint',
  'encType',
  'fill',
  'stroke',
  'viewBox',
  'd',
  'xmlns',
  'loading',
  'decoding',
  'referrerPolicy',
  'sizes',
  'srcSet',
  'media',
  'color',
  'as',
  'value',
  'defaultValue',
  'icon',
  'testId',
  'status',
  'kind',
  'path',
  'layout',
  'dataKey',
  'nameKey',
  'stackId',
  'orientation',
  'axis',
  'aria-controls',
  'aria-labelledby',
  'aria-describedby',
  'aria-live',
  'aria-hidden',
  'aria-current',
  'aria-haspopup',
  'aria-sort',
  'aria-invalid',
  'aria-busy',
  'aria-expanded',
  'aria-modal',
  'aria-atomic',
  'aria-relevant',
  'aria-autocomplete',
  'aria-orientation',
  'field',
  'sortKey',
  'queryKey',
  'strokeDasharray',
  'position',
  'width',
  'height',
  'fontSize',
  'tabIndex',
  'scope',
  'wrap',
  'draggable',
  'capture',
  'list',
  'step',
]);

/** Object properties that hold text shown to the reader. */
const VISIBLE_PROPERTIES = new Set([
  'label',
  'title',
  'header',
  'heading',
  'description',
  'placeholder',
  'message',
  'text',
  'hint',
  'helpText',
  'emptyTitle',
  'emptyDescription',
  'emptyMessage',
  'confirmLabel',
  'cancelLabel',
  'submitLabel',
  'ariaLabel',
  'tooltip',
  'caption',
  'subtitle',
  'body',
  'success',
  'error',
  'loading',
  'action',
  'actionLabel',
]);

const LETTERS = /\p{L}/u;

function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('…');
  }
  return null;
}

const isVisible = (text: string | null): text is string => text !== null && LETTERS.test(text);

/** Expressions whose value is shown as is: the literal itself, or either side of a condition. */
function shownLiterals(node: ts.Expression): ts.Node[] {
  if (ts.isParenthesizedExpression(node)) return shownLiterals(node.expression);
  if (ts.isConditionalExpression(node)) return [...shownLiterals(node.whenTrue), ...shownLiterals(node.whenFalse)];
  if (
    ts.isBinaryExpression(node) &&
    [ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.AmpersandAmpersandToken].includes(
      node.operatorToken.kind,
    )
  ) {
    return [...shownLiterals(node.left), ...shownLiterals(node.right)];
  }
  return literalText(node) === null ? [] : [node];
}

export function findRawStrings(fileName: string, source: string): RawString[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const lines = source.split('\n');
  const exempt = (line: number) => /i18n-exempt/.test(lines[line] ?? '') || /i18n-exempt/.test(lines[line - 1] ?? '');
  const found: RawString[] = [];
  const report = (node: ts.Node, text: string) => {
    const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
    if (!exempt(line)) found.push({ line: line + 1, text: text.trim().slice(0, 80) });
  };
  const reportShown = (expression: ts.Expression) => {
    for (const literal of shownLiterals(expression)) {
      const text = literalText(literal);
      if (isVisible(text)) report(literal, text);
    }
  };

  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && LETTERS.test(node.text)) report(node, node.text);
    else if (ts.isJsxAttribute(node) && node.initializer) {
      const name = node.name.getText(file);
      if (
        !SILENT_ATTRIBUTES.has(name) &&
        !/^data-|^on[A-Z]|(ClassName|Id|Key|Fields|Href|Prefix|Columns)$/.test(name)
      ) {
        const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
        if (value) reportShown(value as ts.Expression);
      }
    } else if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      reportShown(node.expression);
    } else if (ts.isPropertyAssignment(node) && VISIBLE_PROPERTIES.has(node.name.getText(file))) {
      reportShown(node.initializer);
    } else if (
      ts.isCallExpression(node) &&
      /^toast(\.(success|error|loading))?$/.test(node.expression.getText(file)) &&
      node.arguments[0]
    ) {
      reportShown(node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
