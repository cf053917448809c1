/**
 * Our Spanish speaks to the reader as `usted`, never `tú`, on every page, in the server's messages and in the
 * e-mails (docs/product.md, "A person's language"): one person read "las clases que impartes" on one page and
 * "las clases que usted imparte" on the next. The catalogue tests run every Spanish text through tuteo().
 *
 * A `tú` imperative is spelt like the third person of the present (`Elige un plan` / `la escuela elige`), so
 * the markers are the words only `tú` uses (pronouns, possessives, second-person verb forms, imperatives with a
 * pronoun attached) and the imperatives we have used where they open a clause: a sentence, the words after a
 * colon or semicolon, or after a comma (`Ante una emergencia…, llama primero al número de emergencias`, which a
 * guard of sentence openings alone let through). A clause after a comma that opens on a bare verb has no
 * subject before it, so the third person (`la escuela llama`) is not taken for one.
 */
const TU_WORDS = [
  // Pronouns and possessives.
  'tú',
  'tu',
  'tus',
  'te',
  'ti',
  'contigo',
  'tuyo',
  'tuya',
  'tuyos',
  'tuyas',
  // Second-person verb forms.
  'eres',
  'estás',
  'tienes',
  'puedes',
  'podrás',
  'quieres',
  'necesitas',
  'debes',
  'sabes',
  'haces',
  'usas',
  'inicias',
  'iniciarás',
  'pagas',
  'impartes',
  'tutorizas',
  'enseñas',
  'diriges',
  'olvidaste',
  'registraste',
  'recordaste',
  // Imperatives with a pronoun attached (`usted`: inténtelo, cópielo, súbala…).
  'inténtalo',
  'cópialo',
  'cópiala',
  'súbela',
  'súbelo',
  'corrígelos',
  'entrégasela',
  'cuéntanos',
  'ponte',
  'regístrate',
  // Imperatives only `tú` uses (`usted`: haga, ponga).
  'haz',
  'pon',
] as const;

/** `tú` imperatives that open a sentence or a clause (after a colon, semicolon or comma) in our texts. */
const TU_IMPERATIVES = [
  'elige',
  'introduce',
  'selecciona',
  'contacta',
  'confirma',
  'restablece',
  'establece',
  'consulta',
  'comparte',
  'recarga',
  'revoca',
  'copia',
  'pide',
  'registra',
  'crea',
  'añade',
  'asigna',
  'elimina',
  'usa',
  'abre',
  'vuelve',
  'inicia',
  'escribe',
  'revisa',
  'llama',
  'envía',
  'sube',
  'guarda',
  'intenta',
  'cambia',
  'comprueba',
  'pulsa',
  'pega',
] as const;

const LETTER = 'a-záéíóúüñ';
const WORD = new RegExp(`(?<![${LETTER}])(${TU_WORDS.join('|')})(?![${LETTER}])`, 'giu');
// A clause may open on `o` / `y` before its verb: the import dialog said `O pega el CSV`.
const OPENING = new RegExp(
  `(?:^|[.!?¿¡:;,»«"]\\s*|\\{)(?:[oy]\\s+)?(${TU_IMPERATIVES.join('|')})(?![${LETTER}])`,
  'giu',
);

/** The `tú` forms in one Spanish text (each as written), none when it speaks as `usted`. */
export function tuteo(text: string): string[] {
  return [...text.matchAll(WORD), ...text.matchAll(OPENING)].map((m) => m[1] as string);
}
