/**
 * Spanish says `clase` both for a class (7A, a group of students) and, loosely, for a lesson (a slot of the
 * timetable), so `Clases de hoy` beside `Asistencia de hoy por clase` left a reader unsure which was meant. Our
 * Spanish keeps `clase` for the group and says `sesión` for a lesson, as Spanish timetabling and school software
 * do (`sesiones lectivas`); a bell-schedule period stays `periodo` (docs/product.md, "A person's language"). The
 * catalogue tests run every Spanish text whose English speaks of a lesson or a timetable slot through
 * lessonWordProblems().
 */

const LESSON = /(?<![\p{L}])(?:lessons?|slots?)(?![\p{L}])/giu;
const CLASS_EN = /(?<![\p{L}])class(?:es)?(?![\p{L}])/giu;
const CLASE = /(?<![\p{L}])clases?(?![\p{L}])/giu;
const SESION = /(?<![\p{L}])sesi(?:ón|ones)(?![\p{L}])/giu;
/** `{className}`, `{count, plural, …` keys: names of things, not words a reader reads. */
const PLACEHOLDER = /\{[\w]+(?=[,}])/gu;

const count = (text: string, pattern: RegExp) => [...text.replace(PLACEHOLDER, '{').matchAll(pattern)].length;

/**
 * What is wrong with the Spanish of an English text that speaks of a lesson (none when it does not): it never
 * says `sesión`, or it says `clase` more often than the English says class (a lesson written as a class).
 */
export function lessonWordProblems(english: string, spanish: string): string[] {
  if (count(english, LESSON) === 0) return [];
  const problems: string[] = [];
  if (count(spanish, SESION) === 0) problems.push('no «sesión» for the lesson');
  const classes = count(spanish, CLASE);
  if (classes > count(english, CLASS_EN)) problems.push(`«clase» ${classes} times for ${count(english, CLASS_EN)}`);
  return problems;
}
