import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES, PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import ar from '@lyceum/shared/i18n/ar';
import { ATTENDANCE_ALERT_MESSAGES as A } from '@lyceum/shared/attendance';
import { CATALOGUES, renderIn, translateTo } from '@lyceum/shared/i18n/catalogues';
import es from '@lyceum/shared/i18n/es';
import { type Catalogue, placeholdersOf, renderRef, translateMessage } from '@lyceum/shared/i18n/translate';
import {
  bareLiterals,
  isolationProblems,
  SOMEONES_TEXT_PLACEHOLDERS,
  SOMEONES_TEXT_SLOTS,
} from '@lyceum/shared/i18n/someones-text';
import { ANNOUNCEMENT_MESSAGES } from '@lyceum/shared/announcements';
import { ATTENDANCE_SETTINGS_MESSAGES } from '@lyceum/shared/attendance';
import { MESSAGE_MESSAGES } from '@lyceum/shared/messages';
import {
  COMPANY_NOTIFICATION_MESSAGES,
  calendarDate,
  DEMO_NOTIFICATION_MESSAGES,
  messageOf,
  ourWords,
  SCHOOL_NOTIFICATION_MESSAGES,
} from '@lyceum/shared/notifications';
import { LANGUAGES, RTL_LANGUAGES } from '@lyceum/shared/locale';
import { YEAR_MESSAGES } from '@lyceum/shared/years';
import { describe, expect, it } from 'vitest';
import { type FoundMessage, messagesOfObject, placeholders, scanSources } from './i18n/messages-in-code.ts';

async function messagesIn(dirs?: readonly string[]): Promise<FoundMessage[]> {
  const { messages, objects } = scanSources(dirs);
  const notExported = objects.filter((o) => !o.exported).map((o) => `${o.file} ${o.name}`);
  expect(notExported, 'export every *MESSAGES object so its values can be read').toEqual([]);
  for (const object of objects) messages.push(...(await messagesOfObject(object)));
  return messages;
}

/** "text (where)" for every message the catalogue has no entry for. */
const missingFrom = (catalogue: Catalogue, messages: FoundMessage[]) => [
  ...new Set(messages.filter((m) => !Object.hasOwn(catalogue, m.text)).map((m) => `${m.text}  (${m.where})`)),
];

const SHIPPED = Object.entries(CATALOGUES).filter((entry): entry is [string, Catalogue] => entry[1] !== undefined);

describe('the message catalogues', () => {
  it('ship a catalogue for every language but English', () => {
    expect(SHIPPED.map(([language]) => language).sort()).toEqual(LANGUAGES.filter((l) => l !== 'en').sort());
  });

  it('translate every message the shared package and the server can send', async () => {
    const messages = await messagesIn();
    // The scan finds the catalogue of docs/product.md and the schemas' own words (a sanity floor, not a count).
    expect(messages.length).toBeGreaterThan(150);
    expect(messages.map((m) => m.text)).toContain(MESSAGES.invalidCredential);
    expect(messages.map((m) => m.text)).toContain('Subject name is required');
    for (const [language, catalogue] of SHIPPED) {
      expect(missingFrom(catalogue, messages), `messages without a ${language} translation`).toEqual([]);
    }
  });

  it('fail for an English message added without its translations', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lyceum-i18n-'));
    try {
      writeFileSync(
        path.join(dir, 'new-feature.ts'),
        [
          "import { z } from 'zod';",
          "export const Fee = z.object({ label: z.string().min(1, 'Fee label is required') });",
          "export const FEE_MESSAGES = { overdue: (n: number) => `${n} fees are overdue`, paid: 'Fee paid' };",
          "export const fail = () => invalid(`Fee ${'x'} cannot be changed`, { label: 'Fee label is taken' });",
          'declare function invalid(message: string, fields?: Record<string, string>): Error;',
        ].join('\n'),
      );
      const missing = missingFrom(es, await messagesIn([dir])).map((line) => line.split('  (')[0]);
      expect(missing.sort()).toEqual(
        [
          'Fee label is required',
          '{0} fees are overdue',
          'Fee paid',
          'Fee {0} cannot be changed',
          'Fee label is taken',
        ].sort(),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keep every placeholder of the English in each translation', () => {
    const placeholdersMismatch = SHIPPED.flatMap(([language, catalogue]) =>
      Object.entries(catalogue)
        .filter(([english, translated]) => {
          const sorted = (text: string) => placeholdersOf(text).sort().join(',');
          return sorted(english) !== sorted(translated);
        })
        .map(([english]) => `${language}: ${english}`),
    );
    expect(placeholdersMismatch).toEqual([]);
  });

  it('leave no translation empty or untranslated by accident', () => {
    // Entries whose words are the same in every language (placeholders only, or names of fields).
    const SAME = new Set(['{0}: "{1}"']);
    for (const [, catalogue] of SHIPPED) {
      const untouched = Object.entries(catalogue).filter(
        ([en, tr]) => tr.trim() === '' || (tr === en && !SAME.has(en)),
      );
      expect(untouched).toEqual([]);
    }
  });
});

describe('renderIn: someone’s text inside our messages', () => {
  const label = 'Grade 6 A (2027-2028)';
  const alert = messageOf(A.absentBody, 'Isla Diaz', calendarDate('2026-11-25'), label).ref;

  it('is isolated (U+2068 … U+2069) in a right-to-left language, so its brackets keep to themselves', () => {
    expect(renderIn(alert, 'ar', { date: () => '25/11/2026' })).toBe(
      'سُجّل غياب \u2068Isla Diaz\u2069 يوم 25/11/2026 (\u2068Grade 6 A (2027-2028)\u2069).',
    );
    // Our own words and dates as parameters are ours: translated, not isolated.
    const corrected = messageOf(A.correctedBody, 'Isla Diaz', ourWords(A.late), calendarDate('2026-11-25'), label);
    const arabic = renderIn(corrected.ref, 'ar');
    expect(arabic).toContain(`\u2068${label}\u2069`);
    expect(arabic).toContain(translateTo(A.late, 'ar'));
    expect(arabic).not.toContain(`\u2068${translateTo(A.late, 'ar')}`);
    expect(arabic).not.toContain('\u20682026-11-25');
  });

  it('is left bare left to right, and renderRef isolates only when asked', () => {
    expect(renderIn(alert, 'en')).toBe(`Isla Diaz was marked absent on 2026-11-25 (${label}).`);
    expect(renderIn(alert, 'es')).not.toContain('\u2068');
    expect(renderRef({ id: 'Hello {0}', params: ['Ada'] }, undefined, { isolate: true })).toBe('Hello \u2068Ada\u2069');
    expect(renderRef({ id: 'Hello {0}', params: [''] }, undefined, { isolate: true })).toBe('Hello ');
  });
});

/** The messages sent as notifications: MessageRefs whose parameters renderIn isolates when it renders them. */
const notifications = [
  ...Object.values(COMPANY_NOTIFICATION_MESSAGES),
  ...Object.values(SCHOOL_NOTIFICATION_MESSAGES),
  ...Object.values(DEMO_NOTIFICATION_MESSAGES),
  ...Object.values(A),
  ANNOUNCEMENT_MESSAGES.notificationTitle,
  ANNOUNCEMENT_MESSAGES.notificationBody,
  ATTENDANCE_SETTINGS_MESSAGES.lateTitle,
  ATTENDANCE_SETTINGS_MESSAGES.lateOnTitle,
  ATTENDANCE_SETTINGS_MESSAGES.lateBody,
  MESSAGE_MESSAGES.reportBody,
].filter((m): m is (...args: string[]) => string => typeof m === 'function');

/**
 * A message function's parameters by name (`(cls, subject, day) => …` gives cls, subject, day): a parameter named
 * as the web's placeholders of someone's text, or `cls` and `room`, holds someone's text.
 */
const SOMEONES_PARAMETER = new Set<string>([...SOMEONES_TEXT_PLACEHOLDERS, 'cls', 'room']);
function parameterNames(message: (...args: never[]) => unknown): string[] {
  const source = String(message);
  const list = /^\s*(?:function\s*\w*\s*)?\(([^)]*)\)/.exec(source)?.[1] ?? /^\s*(\w+)\s*=>/.exec(source)?.[1];
  if (list === undefined) throw new Error(`cannot read the parameters of ${source}`);
  return list
    .split(',')
    .map((p) => p.trim().split(/[\s:=]/)[0] ?? '')
    .filter(Boolean);
}

describe('someone\'s text in a right-to-left catalogue (docs/product.md, "In the web app")', () => {
  it("lists every error whose parameter holds someone's text, by the parameter's name", async () => {
    const { objects } = scanSources();
    const unlisted: string[] = [];
    for (const object of objects) {
      const module = (await import(object.file)) as Record<string, Record<string, unknown>>;
      for (const [key, message] of Object.entries(module[object.name] ?? {})) {
        if (typeof message !== 'function' || notifications.includes(message as (typeof notifications)[number]))
          continue;
        const slots = parameterNames(message as (...args: never[]) => unknown).flatMap((name, i) =>
          SOMEONES_PARAMETER.has(name) ? [i] : [],
        );
        const template = String(message(...placeholders(message.length)));
        const listed = SOMEONES_TEXT_SLOTS[template] ?? [];
        if (slots.some((slot) => !listed.includes(slot))) unlisted.push(`${object.name}.${key}: ${slots.join(', ')}`);
      }
    }
    expect(unlisted).toEqual([]);
    expect(parameterNames((cls: string, subject: string, day = 'x') => `${cls}${subject}${day}`)).toEqual([
      'cls',
      'subject',
      'day',
    ]);
  });

  const rightToLeft = SHIPPED.filter(([language]) => RTL_LANGUAGES.includes(language as (typeof LANGUAGES)[number]));

  it('is isolated where a message holds it (someones-text.ts), and nothing is isolated twice', () => {
    expect(rightToLeft.map(([language]) => language)).toEqual(['ar']);
    for (const [language, catalogue] of rightToLeft) {
      const unknown = Object.keys(SOMEONES_TEXT_SLOTS).filter((english) => !Object.hasOwn(catalogue, english));
      expect(unknown, `listed messages ${language} does not translate`).toEqual([]);
      const problems = Object.entries(catalogue).flatMap(([english, translated]) =>
        isolationProblems(translated, (SOMEONES_TEXT_SLOTS[english] ?? []).map(String)).map((p) => `${english}: ${p}`),
      );
      expect(problems, language).toEqual([]);
      // Our own Latin literals with punctuation of their own (`https://`) are isolated too.
      const bare = Object.entries(catalogue).flatMap(([english, translated]) =>
        bareLiterals(translated).map((p) => `${english}: ${p}`),
      );
      expect(bare, language).toEqual([]);
    }
    expect(bareLiterals('استخدم عنوان https:// أو')).toEqual(['https:// is not isolated at 13']);
    expect(translateTo('Use an https:// address or a path on this server', 'ar')).toBe(
      'استخدم عنوان \u2068https://\u2069 أو مسارًا على هذا الخادم',
    );
    // Left to right nothing is isolated.
    for (const [language, catalogue] of SHIPPED.filter((entry) => !rightToLeft.includes(entry)))
      expect(
        Object.values(catalogue).filter((t) => /[\u2066-\u2069]/.test(t)),
        language,
      ).toEqual([]);
  });

  it('reaches the reader isolated once: an error by its catalogue, a notification when renderIn renders it', () => {
    expect(translateTo(YEAR_MESSAGES.classInTargetYear('7B', '2027-2028'), 'ar')).toBe(
      'يوجد في \u20682027-2028\u2069 فصل باسم \u20687B\u2069: اختر ذلك الفصل بدلًا منه',
    );
    // An add-on's name, as the company named it (the check was missing it: found by its parameter, `addon`).
    expect(translateTo(MESSAGES.entitlementRequired('API Access'), 'ar')).toBe(
      'لا تتضمن خطتك \u2068API Access\u2069. اطلبها من سوق الإضافات.',
    );
    // The numbers of a message are ours, not isolated.
    expect(translateTo(PEOPLE_MESSAGES.classSubjectHasLessons('Art', 3), 'ar')).toBe(
      'لا يزال في جدول هذا الفصل 3 من حصص \u2068Art\u2069. احذفها أولًا.',
    );
    // Every notification is a MessageRef isolated at render: its catalogue entry isolates none of its parameters
    // (only a literal path of our own, as the demo welcome's `./data`).
    for (const message of notifications) {
      const names = Array.from({ length: message.length }, (_, i) => `Name ${i}`);
      const text = renderIn(messageOf(message, ...names).ref, 'ar');
      expect(isolationProblems(text, []), text).toEqual([]);
      for (const name of names) expect(text.split(`\u2068${name}\u2069`).length - 1, text).toBe(1);
    }
  });
});

describe('translateMessage', () => {
  it('finds a message, English when the catalogue has none or the language is English', () => {
    expect(translateMessage(MESSAGES.invalidCredential, es)).toBe('Correo electrónico o contraseña incorrectos.');
    expect(translateMessage('A message nobody translated', es)).toBe('A message nobody translated');
    expect(translateMessage(MESSAGES.invalidCredential, undefined)).toBe(MESSAGES.invalidCredential);
    expect(translateTo(MESSAGES.invalidCredential, 'en')).toBe(MESSAGES.invalidCredential);
  });

  it('carries a template’s parameters over, translating those that are messages themselves', () => {
    expect(translateMessage(MESSAGES.planExists('Premium'), ar)).toBe('الخطة "\u2068Premium\u2069" موجودة بالفعل');
    expect(translateMessage(PEOPLE_MESSAGES.rollNumberTaken(12), es)).toBe(
      'El número de lista 12 ya está asignado en esta clase',
    );
    expect(translateMessage('Invalid data: Name is required', es)).toBe('Datos no válidos: El nombre es obligatorio');
    expect(translateMessage('Invalid data: Subject name cannot contain control or text-direction characters', es)).toBe(
      'Datos no válidos: Nombre de la asignatura no puede contener caracteres de control ni de dirección del texto',
    );
    expect(translateMessage(PEOPLE_MESSAGES.importRefused(1), es)).toBe(
      'El archivo tiene 1 error. No se importó nada.',
    );
    expect(translateMessage(PEOPLE_MESSAGES.importRefused(3), es)).toBe(
      'El archivo tiene 3 errores. No se importó nada.',
    );
    expect(translateMessage('Password must be at least 8 characters', ar)).toBe('يجب ألا تقل كلمة المرور عن 8 أحرف');
  });

  it('reads `Invalid data: …` as the wrapper around a whole message, never as part of a label', () => {
    // Arabic puts the label inside its sentence: the label's template once took `Invalid data: Name` for the label.
    expect(translateMessage('Invalid data: Name cannot contain control or text-direction characters', ar)).toBe(
      'بيانات غير صالحة: لا يجوز أن يحتوي الاسم على محارف تحكّم أو محارف اتجاه النص',
    );
    for (const catalogue of [es, ar]) {
      const wrapper = translateMessage('Invalid data: {0}', catalogue);
      const wrong = Object.entries(catalogue)
        .filter(([english]) => placeholdersOf(english).length === 0)
        .filter(
          ([english, own]) => translateMessage(`Invalid data: ${english}`, catalogue) !== wrapper.replace('{0}', own),
        )
        .map(([english]) => english);
      expect(wrong).toEqual([]);
    }
  });
});
