import { type InputIssue, inputMessage } from '@lyceum/shared/input-messages';
// zod's core alone: this module travels with the forms, in zod's lazy chunk (vite.config.ts).
import { config } from 'zod/v4/core';

/**
 * Every form checks its values with a shared zod schema in the browser before anything is sent. A check that has
 * no message of its own (a `.max(300)`) would show zod's English words ("Too big: expected string to have <=300
 * characters") in every language; this gives it ours instead (`Can be at most 300 characters`), the same words
 * the server answers (packages/shared/src/input-messages.ts), which FieldError then shows translated. A
 * schema's own message always wins: zod asks this map only for checks without one.
 *
 * Installed when this module is first imported: every form's resolver comes through lib/zod-resolver.ts, which
 * imports it, and so do the few places that check a schema themselves. Not from main.tsx: zod is not part of
 * the first page's JavaScript (docs/product.md, "Performance budgets").
 */
export const ourWordsForZod = (issue: InputIssue & { input?: unknown }): string =>
  inputMessage(issue, issue.input === undefined);

config({ customError: (issue) => ourWordsForZod(issue as InputIssue & { input?: unknown }) });
