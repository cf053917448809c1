import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../src/lib/actor.ts';
import { acceptedLanguage, requestLanguage } from '../src/lib/language.ts';
import { tuteo } from '@lyceum/shared/i18n/spanish-address';
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
