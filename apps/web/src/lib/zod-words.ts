import { inputMessage } from '@lyceum/shared/input-messages';
import { z } from 'zod';

/**
 * Every form checks its values with a shared zod schema in the browser before anything is sent. A check that has
 * no message of its own (a `.max(300)`) would show zod's English words ("Too big: expected string to have <=300
 * characters") in every language; this gives it ours instead (`Can be at most 300 characters`), the same words
 * the server answers (packages/shared/src/input-messages.ts), which FieldError then shows translated. A
 * schema's own message always wins: zod asks this map only for checks without one. Installed once, at start
 * (main.tsx; the tests' setup.ts).
 */
export function installZodWords(): void {
  z.config({
    customError: (issue) => inputMessage(issue as { code: string }, issue.input === undefined),
  });
}
