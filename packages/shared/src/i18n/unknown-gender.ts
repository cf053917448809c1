/**
 * Lyceum stores no one's gender, so our Spanish and Arabic must not guess it (docs/product.md, "A person's
 * language"): `¡Bienvenido a Lyceum!` greeted every woman who signed a school up as a man, `{name} añadido` and
 * `لم يعد ⁨{name}⁩ معلمًا` spoke of every parent, pupil and teacher the same way. The catalogue and mail tests run
 * every Spanish and Arabic text through genderedWords().
 *
 * The markers are the forms we have used about a person: a greeting that agrees with the reader, a masculine
 * participle right after a person's name that opens the message, one child as a son (`hijo`, `ابن`), and in Arabic
 * the masculine verbs and adjectives we wrote around a name. Messages about things (a class, a subject, a plan) agree with the thing's noun and are
 * written with the noun first (`Asignatura {name} añadida`), which these markers leave alone.
 */

const PERSON = '\\{(?:name|parent|student|teacher)\\}';
const PERSON_OR_NUMBERED = '\\{(?:name|parent|student|teacher|\\d+)\\}';
const FSI = '\\u2068';
const PDI = '\\u2069';

const SPANISH = [
  // A greeting or a question that agrees with the reader (`la bienvenida`, the noun, says nothing of them).
  /(?<![\p{L}])(?<!la\s)(bienvenid[oa]s?)(?![\p{L}])/giu,
  /(?<![\p{L}])(es nuev[oa])(?![\p{L}])/giu,
  // `{name} añadido`, `{name}: desactivado`: a participle agreeing with the person the message opens on.
  new RegExp(`(?:^|[.!?:;]\\s*|\\{)(${PERSON}:?\\s+\\p{L}+(?:ado|ido)s?)(?!\\p{L})`, 'gu'),
  // `Profesor añadido`, `Alumno actualizado`: the same participle after the role's name, which stands for the person
  // just added (a teacher may be a woman); a record's `no encontrado` is left alone.
  /(?:^|[.!?:;]\s*)((?:profesor|alumno|padre o tutor|padre o madre|director)(?:a|es|as)?\s+\p{L}+(?:ado|ido)s?)(?!\p{L})/giu,
  // One child of unknown gender is `hijo o hija` (`sus hijos`, the plural, takes in both): `cuando su hijo llega
  // tarde`.
  /(?<![\p{L}])(hijo)(?![\p{L}])(?!\s+o\s+hija)/giu,
];

const ARABIC = [
  // `لم يعد ⁨{name}⁩ معلمًا`, `أصبح ⁨{name}⁩ مديرًا`, `يحل محل ⁨{name}⁩`: a masculine verb before the name.
  new RegExp(`((?:لم يعد|أصبح|يحل محل|يحصل)\\s*${FSI}?${PERSON})`, 'gu'),
  // `⁨{name}⁩ لا يدرّس`: a masculine verb after it. A server message's names are numbered (`⁨{0}⁩ يدرّس`, the
  // timetable's clash with a teacher): only a person teaches or can, so any placeholder counts here.
  new RegExp(`(${PERSON_OR_NUMBERED}${PDI}?\\s+(?:لا\\s+)?(?:يدرّس|يدرس|يستطيع|يتمكن))`, 'gu'),
  // `نشر {0} إعلانًا`, `وافق {0} على الطلب`: a sentence opening on a masculine past verb whose subject is the
  // person named next (a server message's names are numbered). `نشرت` would be as wrong for a man.
  new RegExp(`(?:^|[.!?:;]\\s*)((?:نشر|طلب|أكّد|أكد|رفض|وافق)\\s+${FSI}?\\{\\d+\\})`, 'gu'),
  // `أنت مدعو`, `هل أنت جديد`: an adjective agreeing with the reader.
  /(?<![\p{L}])(مدعو|أنت جديد)(?![\p{L}])/gu,
  // One child is `الابن أو الابنة` (`الأبناء`, the plural, takes in both): `بجانب كل ابن`.
  /(?<![\p{L}])((?:ك|ال|لل|ب)?ابن)(?![\p{L}])(?!\s+أو\s+الابنة)/gu,
];

/** The words of one text that assume a person's gender (each as written), none when it assumes none. */
export function genderedWords(text: string, language: 'es' | 'ar'): string[] {
  return (language === 'es' ? SPANISH : ARABIC).flatMap((pattern) =>
    [...text.matchAll(pattern)].map((m) => m[1] as string),
  );
}
