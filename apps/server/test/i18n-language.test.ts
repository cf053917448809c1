import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../src/lib/actor.ts';
import { acceptedLanguage, requestLanguage } from '../src/lib/language.ts';
import { isolationProblems } from '@lyceum/shared/i18n/someones-text';
import { tuteo } from '@lyceum/shared/i18n/spanish-address';
import { genderedWords } from '@lyceum/shared/i18n/unknown-gender';
import { SCHOOL_ROLES, type SchoolRole } from '@lyceum/shared/roles';
import {
  mailDateTime,
  passwordResetMail,
  schoolAccountMail,
  schoolWelcomeMail,
  verifyEmailMail,
} from '../src/lib/mail-texts.ts';

/** Only what requestLanguage reads of a request. */
const request = (acceptLanguage: string | undefined, actor?: Partial<Actor>) =>
  ({ headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {}, actor }) as unknown as FastifyRequest;

const SCHOOL_IN_ARABIC = {
  name: 'Al Noor',
  logo: null,
  locale: { language: 'ar', timeZone: 'Asia/Riyadh', currency: 'SAR', dateFormat: 'medium', weekStart: 'sunday' },
} as const;

describe('acceptedLanguage', () => {
  it('takes the shipped language the header prefers most, regional variants included', () => {
    expect(acceptedLanguage('es-MX')).toBe('es');
    expect(acceptedLanguage('fr-CA, ar;q=0.5, es;q=0.7')).toBe('es');
    expect(acceptedLanguage('AR-eg')).toBe('ar');
    expect(acceptedLanguage('es;q=0.8, en')).toBe('en');
    // The header's order breaks a tie.
    expect(acceptedLanguage('ar, es')).toBe('ar');
  });

  it('names none for a header of languages not shipped, refused ones, a wildcard or nothing', () => {
    expect(acceptedLanguage('fr-FR, de;q=0.9')).toBeUndefined();
    expect(acceptedLanguage('es;q=0')).toBeUndefined();
    expect(acceptedLanguage('*')).toBeUndefined();
    expect(acceptedLanguage('')).toBeUndefined();
    expect(acceptedLanguage(undefined)).toBeUndefined();
    expect(acceptedLanguage('es;q=abc')).toBeUndefined();
  });
});

describe('requestLanguage', () => {
  it('prefers the person’s own language, then the header, then the school’s, then English', () => {
    expect(requestLanguage(request('ar', { language: 'es', school: SCHOOL_IN_ARABIC }))).toBe('es');
    expect(requestLanguage(request('es', { language: null, school: SCHOOL_IN_ARABIC }))).toBe('es');
    expect(requestLanguage(request('fr', { language: null, school: SCHOOL_IN_ARABIC }))).toBe('ar');
    expect(requestLanguage(request(undefined, { language: undefined, school: SCHOOL_IN_ARABIC }))).toBe('ar');
    expect(requestLanguage(request(undefined, { language: null, school: null }))).toBe('en');
    expect(requestLanguage(request('fr'))).toBe('en');
  });
});

describe('mailDateTime', () => {
  it('writes a moment in the recipient’s language and their school’s clock', () => {
    const at = new Date('2026-11-24T22:30:00Z');
    expect(mailDateTime({ language: 'en', timeZone: 'Pacific/Auckland' }, at)).toContain('Nov 25, 2026');
    expect(mailDateTime({ language: 'en', timeZone: 'America/Los_Angeles' }, at)).toContain('Nov 24, 2026');
    expect(mailDateTime({ language: 'es', timeZone: 'UTC' }, at)).toContain('nov');
  });
});

describe('Spanish mail', () => {
  it('speaks to the reader as usted, like the pages and the messages (docs/product.md, "A person\u2019s language")', () => {
    const locale = { language: 'es', timeZone: 'UTC' } as const;
    const expiresAt = new Date('2026-11-24T22:30:00Z');
    const someone = { name: 'Ana', email: 'ana@x.test', schoolName: 'Escuela', link: 'https://x.test/l', expiresAt };
    const mails = [
      passwordResetMail(locale, { link: someone.link, minutes: 60, expiresAt }),
      ...(['invite', 'reset'] as const).map((purpose) =>
        schoolAccountMail(locale, { ...someone, purpose, role: 'parent', days: 7, minutes: 60 }),
      ),
      schoolWelcomeMail(locale, { ...someone, signInUrl: 'https://x.test', days: 7 }),
      verifyEmailMail(locale, { link: someone.link, days: 7, expiresAt }),
    ];
    expect(mails.flatMap((mail) => tuteo(`${mail.subject}\n${mail.text}`))).toEqual([]);
    expect(mails.some((mail) => /\b(su|usted)\b/i.test(mail.text))).toBe(true);
  });

  it('calls teachers profesor and students alumno, in the role names too (docs/product.md, "A person\u2019s language")', () => {
    const locale = { language: 'es', timeZone: 'UTC' } as const;
    const expiresAt = new Date('2026-11-24T22:30:00Z');
    const someone = { name: 'Ana', email: 'ana@x.test', schoolName: 'Escuela', link: 'https://x.test/l', expiresAt };
    const invitation = (role: SchoolRole) =>
      schoolAccountMail(locale, { ...someone, purpose: 'invite', role, days: 7, minutes: 60 }).text;
    const texts = SCHOOL_ROLES.map(invitation);
    expect(texts.filter((text) => /\b(docentes?|estudiantes?)\b/i.test(text))).toEqual([]);
    expect(invitation('teacher')).toContain('(Profesor)');
    expect(invitation('student')).toContain('(Alumno)');
  });
});

/** Every mail, for every purpose and role, written for `language` with Latin text that has its own punctuation. */
function everyMail(language: 'en' | 'es' | 'ar') {
  const locale = { language, timeZone: 'UTC' } as const;
  const expiresAt = new Date('2026-11-24T22:30:00Z');
  const someone = {
    name: 'John Smith Jr.',
    email: 'j.smith@x.test',
    schoolName: "St. Mary's (North)",
    link: 'https://x.test/l',
    expiresAt,
  };
  return [
    passwordResetMail(locale, { link: someone.link, minutes: 60, expiresAt }),
    ...(['invite', 'reset'] as const).flatMap((purpose) =>
      SCHOOL_ROLES.map((role) => schoolAccountMail(locale, { ...someone, purpose, role, days: 7, minutes: 60 })),
    ),
    schoolWelcomeMail(locale, { ...someone, signInUrl: 'https://lyceum.test/login', days: 7 }),
    verifyEmailMail(locale, { link: someone.link, days: 7, expiresAt }),
  ].map((mail) => `${mail.subject}\n${mail.text}`);
}

// The welcome mail greeted every school admin as `Bienvenido` and the invitation told everyone `أنت مدعو`.
describe('Spanish and Arabic mail assume no one\u2019s gender (docs/product.md, "A person\u2019s language")', () => {
  for (const language of ['es', 'ar'] as const)
    it(`in ${language}, for every purpose and role`, () => {
      expect(everyMail(language).flatMap((mail) => genderedWords(mail, language))).toEqual([]);
    });

  it('welcomes the reader without a gender', () => {
    expect(everyMail('es').find((mail) => mail.includes('administra la escuela'))).toMatch(
      /^Le damos la bienvenida a St\. Mary's \(North\): establezca su contraseña/,
    );
  });
});

describe('Arabic mail', () => {
  it('isolates someone\'s text and Lyceum in its sentences, once (docs/product.md, "In the web app")', () => {
    const mails = everyMail('ar');
    // Lyceum as the Arabic catalogues write it (OUR_LATIN_LITERALS); our sign-in address inside a sentence too.
    const someones = ['John Smith Jr.', 'j.smith@x.test', "St. Mary's (North)", 'Lyceum', 'https://lyceum.test/login'];
    for (const mail of mails) {
      expect(isolationProblems(mail, []), mail).toEqual([]);
      for (const text of someones) expect(mail.split(text).length, mail).toBe(mail.split(`\u2068${text}\u2069`).length);
    }
    const welcome = mails.find((mail) => mail.includes('أنت مدير المدرسة')) ?? '';
    expect(welcome).toContain("أنت مدير المدرسة في \u2068St. Mary's (North)\u2069.");
    expect(welcome).toContain('بالعنوان \u2068j.smith@x.test\u2069.');
    // The link alone on its line stays the exact text to copy.
    expect(welcome.split('\n')).toContain('https://x.test/l');
  });

  it('calls the school admin مدير المدرسة, as the pages do', () => {
    const mails = everyMail('ar');
    expect(mails.filter((mail) => mail.includes('مسؤول'))).toEqual([]);
    expect(mails.filter((mail) => mail.includes('(مدير المدرسة)'))).toHaveLength(1);
  });

  it('left to right, English and Spanish add no marks', () => {
    const marked = [...everyMail('en'), ...everyMail('es')].filter((mail) => /[\u2066-\u2069]/.test(mail));
    expect(marked).toEqual([]);
  });
});
