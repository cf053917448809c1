import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CSV_HEADERS } from '@lyceum/shared/i18n/csv-headers';
import serverArabic from '@lyceum/shared/i18n/ar';
import serverSpanish from '@lyceum/shared/i18n/es';
import { tuteo } from '@lyceum/shared/i18n/spanish-address';
import { genderedWords } from '@lyceum/shared/i18n/unknown-gender';
import { lessonWordProblems } from '@lyceum/shared/i18n/lesson-word';
import { bareLiterals, isolationProblems, SOMEONES_TEXT_PLACEHOLDERS } from '@lyceum/shared/i18n/someones-text';
import { LANGUAGES, RTL_LANGUAGES } from '@lyceum/shared/locale-constants';
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

/** Every source file of the web app but the tests. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('Spanish speaks to the reader as usted (docs/product.md, "A person\'s language")', () => {
  it('on every page', () => {
    const tu = [...catalogues]
      .filter(([id]) => id.startsWith('es/'))
      .flatMap(([id, catalogue]) =>
        [...flatten(catalogue)].filter(([, m]) => tuteo(m).length).map(([k, m]) => `${id}:${k}: ${tuteo(m)}`),
      );
    expect(tu).toEqual([]);
  });

  it("in the server's messages", () => {
    const tu = Object.entries(serverSpanish)
      .filter(([, m]) => tuteo(m).length)
      .map(([k, m]) => `${k}: ${tuteo(m)}`);
    expect(tu).toEqual([]);
  });

  it('tells tú from usted', () => {
    expect(tuteo('Las clases que impartes o tutorizas.')).toEqual(['impartes', 'tutorizas']);
    expect(tuteo('Tu sesión ha caducado. Vuelve a iniciar sesión.')).toEqual(['Tu', 'Vuelve']);
    expect(tuteo('{count, plural, one {# clase eliminada. Inténtalo ahora.} other {Elige uno.}}')).toEqual([
      'Inténtalo',
      'Elige',
    ]);
    expect(tuteo('Su sesión ha caducado. Vuelva a iniciar sesión.')).toEqual([]);
    // An imperative opening the clause after a comma, mid-sentence: the emergency-contact page said `llama`.
    expect(tuteo('Ante una emergencia que ponga en peligro la vida, llama primero al número de emergencias.')).toEqual([
      'llama',
    ]);
    expect(tuteo('Ante una emergencia que ponga en peligro la vida, llame primero al número de emergencias.')).toEqual(
      [],
    );
    expect(tuteo('Haz clic y pon la fecha.')).toEqual(['Haz', 'pon']);
    // A clause opening on `o` before its verb: the import dialog said `O pega el CSV`.
    expect(tuteo('O pega el CSV')).toEqual(['pega']);
    expect(tuteo('O pegue el CSV')).toEqual([]);
    // After a comma with its subject first, the verb is the third person.
    expect(tuteo('Si no contesta, la escuela llama a su número.')).toEqual([]);
    // The third person of the present is not an imperative: the school still `elige`, a class `vuelve`.
    expect(tuteo('El administrador de su escuela elige los complementos; {name} vuelve a ofrecerse.')).toEqual([]);
  });
});

/** `where: text` for each Spanish text `refused` matches: every page, the server's messages and the CSV headers. */
function spanishWith(refused: RegExp): string[] {
  const pages = [...catalogues]
    .filter(([id]) => id.startsWith('es/'))
    .flatMap(([id, catalogue]) => [...flatten(catalogue)].map(([k, m]) => [`${id}:${k}`, m] as const));
  return [...pages, ...Object.entries(serverSpanish), ...Object.entries(CSV_HEADERS.es)]
    .filter(([, m]) => refused.test(m))
    .map(([k, m]) => `${k}: ${m}`);
}

// One product names the same people one way: the menu said `Estudiantes` over a page titled `Alumnos`, and the
// teachers' page `Profesores` under a plan limit of `Docentes`.
describe('Spanish calls students alumno and teachers profesor (docs/product.md, "A person\'s language")', () => {
  const refused = /\b(estudiantes?|docentes?)\b/i;
  it("on every page, in the server's messages and in CSV headers", () => {
    expect(spanishWith(refused)).toEqual([]);
  });

  it('tells the refused words', () => {
    expect(refused.test('El personal docente de la escuela.')).toBe(true);
    expect(refused.test('Docentes')).toBe(true);
    expect(refused.test('Estudiante no encontrado')).toBe(true);
    expect(refused.test('Los profesores y los alumnos de la escuela.')).toBe(false);
  });
});

// One product names the same thing one way: the timetable said `colegio` and the settings `centro` beside every
// other page's `escuela`; the attendance settings `Período`, the timetable `Periodo`; the children's card `Notas`
// (which is also a note on a register) under a menu of `Calificaciones`; the dashboards `Tasa de asistencia` beside
// the attendance pages' `Porcentaje de asistencia`.
describe('Spanish says escuela, periodo, calificaciones and porcentaje (docs/product.md, "A person\'s language")', () => {
  const refused = /(?<![\p{L}])(colegios?|centros?|períodos?|notas recientes|tasas? de asistencia)(?![\p{L}])/iu;
  it("on every page, in the server's messages and in CSV headers", () => {
    expect(spanishWith(refused)).toEqual([]);
  });

  it('tells the refused words', () => {
    expect(refused.test('La semana del colegio.')).toBe(true);
    expect(refused.test('Los años académicos del centro.')).toBe(true);
    expect(refused.test('Asistencia por período')).toBe(true);
    expect(refused.test('Notas recientes')).toBe(true);
    expect(refused.test('Mi tasa de asistencia')).toBe(true);
    expect(refused.test('Porcentaje de asistencia: 95 %')).toBe(false);
    expect(refused.test('Asistencia por periodo de la escuela; Nota para Ana.')).toBe(false);
  });
});

// Lyceum stores no one's gender: `¡Bienvenido a Lyceum!` greeted every woman who signed a school up as a man, and
// `{name} añadido` / `لم يعد ⁨{name}⁩ معلمًا` spoke of every parent, pupil and teacher as one.
describe('Spanish and Arabic assume no one\'s gender (docs/product.md, "A person\'s language")', () => {
  for (const language of ['es', 'ar'] as const)
    it(`${language}: on every page and in the server's messages`, () => {
      const pages = [...catalogues]
        .filter(([id]) => id.startsWith(`${language}/`))
        .flatMap(([id, catalogue]) => [...flatten(catalogue)].map(([k, m]) => [`${id}:${k}`, m] as const));
      const server = Object.entries(language === 'es' ? serverSpanish : serverArabic);
      const found = [...pages, ...server]
        .filter(([, m]) => genderedWords(m, language).length)
        .map(([k, m]) => `${k}: ${genderedWords(m, language)}`);
      expect(found).toEqual([]);
    });

  it('tells a gendered word from a neutral one', () => {
    expect(genderedWords('¡Bienvenido a Lyceum! Su escuela está lista.', 'es')).toEqual(['Bienvenido']);
    expect(genderedWords('¿Es nuevo en el equipo de la plataforma?', 'es')).toEqual(['Es nuevo']);
    expect(genderedWords('{name} añadido', 'es')).toEqual(['{name} añadido']);
    expect(genderedWords('{action, select, deactivate {{name}: desactivado} other {}}', 'es')).toEqual([
      '{name}: desactivado',
    ]);
    expect(genderedWords('Se añadió a {name}', 'es')).toEqual([]);
    expect(genderedWords('Profesor añadido', 'es')).toEqual(['Profesor añadido']);
    expect(genderedWords('Alumno actualizado', 'es')).toEqual(['Alumno actualizado']);
    expect(genderedWords('Se dio de alta al profesor', 'es')).toEqual([]);
    expect(genderedWords('Profesor no encontrado', 'es')).toEqual([]);
    expect(genderedWords('¡Le damos la bienvenida a Lyceum!', 'es')).toEqual([]);
    // A thing agrees with its noun, written first.
    expect(genderedWords('Asignatura {name} desactivada', 'es')).toEqual([]);
    expect(genderedWords('اختر من يدرّس هذه الحصة الآن: لم يعد \u2068{name}\u2069 معلمًا', 'ar')).toEqual([
      'لم يعد \u2068{name}',
    ]);
    expect(genderedWords('\u2068{name}\u2069 لا يدرّس \u2068{subject}\u2069', 'ar')).toEqual(['{name}\u2069 لا يدرّس']);
    expect(genderedWords('\u2068{0}\u2069 يدرّس \u2068{1}\u2069 بالفعل يوم {2}', 'ar')).toEqual(['{0}\u2069 يدرّس']);
    expect(genderedWords('أنت مدعو إلى المدرسة', 'ar')).toEqual(['مدعو']);
    expect(genderedWords('نشر {0} إعلانًا.', 'ar')).toEqual(['نشر {0}']);
    expect(genderedWords('وافق \u2068{0}\u2069 على طلب {1}.', 'ar')).toEqual(['وافق \u2068{0}']);
    // A request as a noun, of a thing: `رُفض طلب {0}` (the add-on's request was refused).
    expect(genderedWords('رُفض طلب {0}', 'ar')).toEqual([]);
    expect(genderedWords('إعلان جديد من {0}.', 'ar')).toEqual([]);
    expect(genderedWords('تمت ترقية \u2068{name}\u2069 إلى مدير المدرسة', 'ar')).toEqual([]);
    expect(genderedWords('لم تعد \u2068{name}\u2069 معروضة', 'ar')).toEqual([]);
    expect(genderedWords('Se avisa a los padres cuando su hijo llega tarde.', 'es')).toEqual(['hijo']);
    expect(genderedWords('Hijo o hija; Mis hijos', 'es')).toEqual([]);
    expect(genderedWords('اضغط «ربط» بجانب كل ابن', 'ar')).toEqual(['ابن']);
    expect(genderedWords('الابن أو الابنة؛ أبنائي', 'ar')).toEqual([]);
  });
});

/**
 * `where: text` for each Spanish or Arabic text `misnamed` refuses beside its English: every page, the server's
 * messages (keyed by their English) and the CSV headers (keyed by the English header).
 */
function misnaming(language: 'es' | 'ar', misnamed: (english: string, translated: string) => boolean): string[] {
  const pages = namespaces.flatMap((ns) => {
    const translated = flatten(catalogues.get(`${language}/${ns}`) ?? {});
    return [...flatten(catalogues.get(`en/${ns}`) ?? {})].map(
      ([k, english]) => [`${language}/${ns}:${k}`, english, translated.get(k) ?? ''] as const,
    );
  });
  const server = Object.entries(language === 'es' ? serverSpanish : serverArabic).map(
    ([english, translated]) => [english, english, translated] as const,
  );
  const headers = Object.entries(CSV_HEADERS[language]).map(
    ([english, translated]) => [`csv:${english}`, english, translated] as const,
  );
  return [...pages, ...server, ...headers]
    .filter(([, english, translated]) => misnamed(english, translated))
    .map(([k, , translated]) => `${k}: ${translated}`);
}
const arabicMisnaming = (misnamed: (english: string, arabic: string) => boolean) => misnaming('ar', misnamed);

// Spanish said `clase` for a lesson as well as for a class: the dashboard's `Clases de hoy` sat beside `Asistencia de
// hoy por clase`, and `Añadir clase` on the timetable added a lesson, not a class.
describe('Spanish calls a lesson sesión and keeps clase for the group (docs/product.md, "A person\'s language")', () => {
  it("on every page, in the server's messages and in CSV headers", () => {
    expect(misnaming('es', (english, spanish) => lessonWordProblems(english, spanish).length > 0)).toEqual([]);
  });

  it('tells a lesson written as a class', () => {
    expect(lessonWordProblems("Today's lessons", 'Clases de hoy')).toEqual([
      'no «sesión» for the lesson',
      '«clase» 1 times for 0',
    ]);
    expect(
      lessonWordProblems(
        'Add a lesson, or assign a teacher to this class.',
        'Añada una sesión o asigne una clase a esta clase.',
      ),
    ).toEqual(['«clase» 2 times for 1']);
    expect(lessonWordProblems('Timetable slot not found', 'Franja del horario no encontrada')).toEqual([
      'no «sesión» for the lesson',
    ]);
    // The class named by a placeholder is not a class the English says; the Spanish names it the same way.
    expect(
      lessonWordProblems(
        '{count, plural, one {# lesson of {className}} other {# lessons}}',
        '{count, plural, one {# sesión de {className}} other {# sesiones}}',
      ),
    ).toEqual([]);
    expect(
      lessonWordProblems('No lessons on this day, in every class.', 'No hay sesiones este día, en todas sus clases.'),
    ).toEqual([]);
    expect(lessonWordProblems("Today's attendance by class", 'Asistencia de hoy por clase')).toEqual([]);
  });
});

// One product names the same people one way: Arabic Messages called the principal `المدير` and the company's school
// page `مدير المدرسة`, the school admin's own name, so a reader saw two "directors".
describe('Arabic calls the principal ناظر المدرسة, never a مدير (docs/product.md, "A person\'s language")', () => {
  const principal = /ناظر|نظّار|نظار/;
  /** Where the English names the principal, the Arabic must too (or keep the code `principal` as it is). */
  const misnamed = (english: string, arabic: string) =>
    /\bprincipals?\b/i.test(english) && !principal.test(arabic) && !/\bprincipal\b/.test(arabic);
  it("on every page, in the server's messages and in CSV headers (the usage export's Principals said المديرون)", () => {
    expect(arabicMisnaming(misnamed)).toEqual([]);
  });

  it('where role names are defined, the principal is never المدير', () => {
    const roleNames = [...catalogues]
      .filter(([id]) => id.startsWith('ar/'))
      .flatMap(([id, catalogue]) => [...flatten(catalogue)].map(([k, m]) => [`${id}:${k}`, m] as const))
      .filter(([k]) => /(^|\.|:)principal$/.test(k));
    expect(roleNames.length).toBeGreaterThan(0);
    expect(roleNames.filter(([, m]) => m.includes('مدير')).map(([k, m]) => `${k}: ${m}`)).toEqual([]);
  });

  it('tells the refused names', () => {
    expect(misnamed('Principal', 'المدير')).toBe(true);
    expect(misnamed('Principal', 'مدير المدرسة')).toBe(true);
    expect(misnamed('Principals', 'نظّار المدارس')).toBe(false);
    expect(misnamed('Choose principal or school_admin', 'اختر principal أو school_admin')).toBe(false);
    expect(misnamed('School Admin', 'مدير المدرسة')).toBe(false);
  });
});

// One product names the same people one way: the pages called the school admin مدير المدرسة, while the server's
// messages, the e-mails and a CSV header said مسؤول المدرسة, so one role had two names. An admin (of a school or of
// the company) is a مدير; the principal is the ناظر (above).
describe('Arabic calls the school admin مدير المدرسة, never مسؤول (docs/product.md, "A person\'s language")', () => {
  /** Where the English names an admin (`School admin`, `administrators`, the `isAdmin` column), Arabic says مدير. */
  const misnamed = (english: string, arabic: string) =>
    /مسؤول/.test(arabic) || (/school admin/i.test(english) && !/مدير|school_admin/.test(arabic));
  it("on every page, in the server's messages and in CSV headers", () => {
    expect(arabicMisnaming(misnamed)).toEqual([]);
  });

  it('tells the refused names', () => {
    expect(misnamed('Only the school admin who signed the school up…', 'لا يطلب رابطًا جديدًا إلا مسؤول المدرسة')).toBe(
      true,
    );
    expect(misnamed('Give it to the school admin.', 'سلّمها لمسؤول المدرسة.')).toBe(true);
    expect(misnamed('Admins', 'المسؤولون')).toBe(true);
    expect(misnamed('School admin', 'الإداري')).toBe(true);
    expect(misnamed('Give it to the school admin.', 'سلّمها لمدير المدرسة.')).toBe(false);
    expect(misnamed('School admins', 'مديرو المدرسة')).toBe(false);
    expect(misnamed('Choose school_admin', 'اختر school_admin')).toBe(false);
  });
});

// One product names the same thing one way: the Classes pages said الفصل, the attendance pages, the promotion wizard
// and the server's messages الصف (which is also a file's row). The CSV header stays الصف, the column name templates
// already downloaded carry.
describe('Arabic calls a class الفصل, never الصف (docs/product.md, "A person\'s language")', () => {
  const column = 'Class is required (or choose the class to import into)';
  const misnamed = (english: string, arabic: string) =>
    /\bclass(es)?\b/i.test(english) && /(?<!\p{L})(الصف|صفًا)(?!\p{L})/u.test(arabic) && english !== column;
  it("on every page and in the server's messages", () => {
    expect(arabicMisnaming(misnamed).filter((found) => !found.startsWith('csv:'))).toEqual([]);
  });

  it('tells the refused name', () => {
    expect(misnamed('Class register', 'سجل الصف')).toBe(true);
    expect(misnamed('Choose a class', 'اختر صفًا')).toBe(true);
    expect(misnamed('Class register', 'سجل الفصل')).toBe(false);
    // A row of a file is a صف too.
    expect(misnamed('Class for rows without {column}', 'الفصل للصفوف التي لا تحتوي على {column}')).toBe(false);
    expect(misnamed('None: each row gives its class', 'لا شيء: كل صف يحدد فصله')).toBe(false);
  });
});

describe('someone\'s text in a sentence (docs/product.md, "In the web app")', () => {
  for (const language of RTL_LANGUAGES)
    for (const ns of namespaces)
      it(`${language}/${ns} isolates each placeholder of someone's text, and nothing twice`, () => {
        const problems = [...flatten(catalogues.get(`${language}/${ns}`) ?? {})].flatMap(([key, message]) =>
          [...isolationProblems(message, SOMEONES_TEXT_PLACEHOLDERS), ...bareLiterals(message)].map(
            (problem) => `${key}: ${problem}`,
          ),
        );
        expect(problems).toEqual([]);
      });

  it('left to right, no catalogue has an isolate', () => {
    const marked = [...catalogues]
      .filter(([id]) => !RTL_LANGUAGES.some((language) => id.startsWith(`${language}/`)))
      .flatMap(([id, catalogue]) =>
        [...flatten(catalogue)].filter(([, m]) => /[\u2066-\u2069]/.test(m)).map(([k]) => `${id}:${k}`),
      );
    expect(marked).toEqual([]);
  });

  it('tells a bare and a doubled isolate', () => {
    expect(isolationProblems('\u2068{name}\u2069 ({count})', ['name'])).toEqual([]);
    expect(isolationProblems('{name} أضيف', ['name'])).toEqual(['{name} is not isolated']);
    expect(isolationProblems('\u2068\u2068{name}\u2069\u2069', ['name'])).toContain('an isolate inside another at 1');
    expect(isolationProblems('\u2068{count}', ['name'])).toEqual(['an isolate without its pop at 0']);
    // The product's name is one of our literals: the new-version message left it bare.
    expect(bareLiterals('يتوفر إصدار جديد من Lyceum. أعد')).toEqual(['Lyceum is not isolated at 20']);
    expect(bareLiterals('يتوفر إصدار جديد من \u2068Lyceum\u2069. أعد')).toEqual([]);
  });

  it("the code passes someone's text bare to a sentence, which isolates it itself", () => {
    const SRC = join(import.meta.dirname, '../..');
    const param = new RegExp(`\\b(${SOMEONES_TEXT_PLACEHOLDERS.join('|')}): isolateText\\(`);
    const doubled = sources(SRC)
      .filter((path) => param.test(readFileSync(path, 'utf8')))
      .map((path) => relative(SRC, path));
    expect(doubled).toEqual([]);
  });

  it("the product's name is written in the catalogues, never passed in where the tests cannot see it", () => {
    // The emergency page's `{product} platform support` left Arabic's Lyceum bare.
    const SRC = join(import.meta.dirname, '../..');
    const passed = sources(SRC)
      .filter((path) => /\bt\([^)]*\bPRODUCT_TITLE\b/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(SRC, path));
    expect(passed).toEqual([]);
  });
});

// The Spanish and Arabic import templates head their columns in the reader's language (CSV_HEADERS); the import
// help named the English column, which the reader's template does not have.
describe("the import help names a column as the reader's template heads it", () => {
  it.each([
    ['parents', 'childEmails'],
    ['teachers', 'subjects'],
  ] as const)('%s: the %s column', (namespace, column) => {
    const help = (language: string) => flatten(catalogues.get(`${language}/${namespace}`) ?? {}).get('import.help');
    expect(help('en')).toContain(column);
    for (const language of ['es', 'ar'] as const) {
      expect(help(language), language).toContain(`«${CSV_HEADERS[language][column]}»`);
    }
  });
});
