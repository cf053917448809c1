import { ASSIGN_MESSAGES } from '../company.ts';
import { MESSAGES, PEOPLE_MESSAGES } from '../errors.ts';
import { TIMETABLE_MESSAGES } from '../timetable.ts';
import { YEAR_MESSAGES } from '../years.ts';
import { template } from './translate.ts';

/**
 * Where someone's text (a name, a class label, a title, an e-mail address, what someone typed) sits inside one of
 * our sentences. In a language written right to left each of these placeholders is written between a first-strong
 * isolate and its pop in the catalogue itself (`\u2068{name}\u2069`), so a Latin `Grade 7B` or `John Smith`, or a
 * text that starts with digits, keeps its place and leaves the sentence's words and punctuation in theirs
 * (docs/product.md, "In the web app"). Numbers, dates, times and money are not listed: the app writes them itself
 * (format.ts, date-format.ts) and isolates them where needed. The catalogue tests check every right-to-left
 * catalogue against these lists, so the code passes such a value bare, never through isolateText. Latin text of our
 * own written into a sentence (a path such as the demo welcome's `./data`) is isolated the same way, literally in the
 * right-to-left catalogue, when it starts or ends with punctuation that would otherwise take the sentence's direction.
 */

/**
 * The web catalogues' placeholders that hold someone's text. Not listed though someone's: `body` (a message's
 * text), which the conversation list fills with its own `<bdi dir="auto">` element in every language.
 */
export const SOMEONES_TEXT_PLACEHOLDERS = [
  'addon',
  'className',
  'code',
  'email',
  'file',
  'fromYear',
  'name',
  'names',
  'parent',
  'phone',
  'plan',
  'reason',
  'receipt',
  'reference',
  'relationship',
  'school',
  'search',
  'student',
  'subject',
  'teacher',
  'title',
  'toYear',
  'year',
] as const;

/**
 * The server's and the shared schemas' messages (translateMessage: errors) whose parameters hold someone's text:
 * the English template and the slots (`{0}`, `{1}`…) to isolate. A notification is not listed: it is a MessageRef,
 * and renderIn isolates each of its string parameters when it is rendered (translate.ts, renderRef). The server's
 * catalogue test finds a message function missing here by its parameters' names (`addon`, `cls`…, named as the
 * web's placeholders above).
 */
export const SOMEONES_TEXT_SLOTS: Readonly<Record<string, readonly number[]>> = {
  [template(MESSAGES.profileNotFound)]: [0],
  [template(MESSAGES.planExists)]: [0],
  [template(MESSAGES.addonExists)]: [0],
  [template(MESSAGES.entitlementRequired)]: [0],
  [template(MESSAGES.apiLimitExceeded)]: [1],
  [template(PEOPLE_MESSAGES.subjectExists)]: [0],
  [PEOPLE_MESSAGES.classSubjectHasLessons('{0}', 1)]: [0],
  [template(PEOPLE_MESSAGES.classSubjectHasLessons)]: [0],
  [PEOPLE_MESSAGES.teacherSubjectHasLessons('{0}', 1)]: [0],
  [template(PEOPLE_MESSAGES.teacherSubjectHasLessons)]: [0],
  [template(PEOPLE_MESSAGES.planLimit)]: [1],
  // CSV imports: what the file says.
  'Unknown column "{0}"': [0],
  'Unknown subject "{0}"': [0],
  'No student of this school has the e-mail {0}': [0],
  '{0}: "{1}"': [1],
  '{0} is both a student and a parent in this file': [0],
  // Add-ons by name.
  'Your school already has {0}.': [0],
  '{0} is no longer offered. Reject the request instead.': [0],
  [template(ASSIGN_MESSAGES.addonNotCarried)]: [0],
  // The timetable: a teacher, a room, a class, a subject (the day and times are ours).
  [template(TIMETABLE_MESSAGES.teacherBusy)]: [0, 1],
  [template(TIMETABLE_MESSAGES.roomBusy)]: [0, 1],
  [template(TIMETABLE_MESSAGES.classBusy)]: [0, 1],
  // Academic years and classes by name.
  [template(YEAR_MESSAGES.yearOverlaps)]: [0],
  [template(YEAR_MESSAGES.classMissing)]: [0],
  [template(YEAR_MESSAGES.alreadyPromoted)]: [0],
  [template(YEAR_MESSAGES.classInTargetYear)]: [0, 1],
  [template(YEAR_MESSAGES.renameMakesTwins)]: [0, 1],
  [template(YEAR_MESSAGES.undoMakesTwins)]: [0, 1],
  [template(YEAR_MESSAGES.studentsChangedNames)]: [0],
  [template(YEAR_MESSAGES.studentsChangedMore)]: [0],
};

const OPENERS = ['\u2066', '\u2067', '\u2068'];
const PDI = '\u2069';

/**
 * What is wrong with the isolates of one right-to-left message, given the placeholders (`name`, `0`…) that hold
 * someone's text: one of them bare, or an isolate inside another (the same text isolated twice) or unpaired.
 */
export function isolationProblems(message: string, placeholders: readonly string[]): string[] {
  const problems: string[] = [];
  let open = -1;
  for (let at = 0; at < message.length; at++) {
    if (OPENERS.includes(message[at] as string)) {
      if (open !== -1) problems.push(`an isolate inside another at ${at}`);
      open = at;
    } else if (message[at] === PDI) {
      if (open === -1) problems.push(`a pop without its isolate at ${at}`);
      open = -1;
    }
  }
  if (open !== -1) problems.push(`an isolate without its pop at ${open}`);
  for (const p of placeholders) {
    const token = `{${p}}`;
    for (let at = message.indexOf(token); at !== -1; at = message.indexOf(token, at + 1))
      if (message[at - 1] !== '\u2068' || message[at + token.length] !== PDI) problems.push(`${token} is not isolated`);
  }
  return problems;
}

/**
 * Latin text of our own that the right-to-left catalogues write into a sentence and that starts or ends with
 * punctuation of its own: between Arabic words that punctuation takes the sentence's direction and moves to the
 * wrong side (`https://` read `//:https`), so each one is isolated literally (`\u2068https://\u2069`). The
 * product's name is isolated the same way, apart from the sentence's own punctuation beside it (`Lyceum.`,
 * `Lyceum!`), as a school's name is. Such a literal is written in the catalogues, never passed
 * in as a parameter, so the catalogue tests can see it.
 */
export const OUR_LATIN_LITERALS = ['https://', './data', '/signup/company-admin', 'Lyceum'] as const;

/** Each OUR_LATIN_LITERALS occurrence in a right-to-left message that is not isolated. */
export function bareLiterals(message: string): string[] {
  const problems: string[] = [];
  for (const literal of OUR_LATIN_LITERALS)
    for (let at = message.indexOf(literal); at !== -1; at = message.indexOf(literal, at + 1))
      if (message[at - 1] !== '\u2068' || message[at + literal.length] !== PDI)
        problems.push(`${literal} is not isolated at ${at}`);
  return problems;
}
