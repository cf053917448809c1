import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from './factories/people.ts';
import {
  as,
  createSchool,
  createTestApp,
  errorOf,
  login,
  type SchoolFixture,
  type Session,
  type TestApp,
} from './helpers.ts';

/** Control and text-direction characters in names; mail headers; database encoding errors. */
let t: TestApp;
let school: SchoolFixture;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp();
  school = await createSchool(t.app, { planName: 'Enterprise' });
  admin = await login(t.app, school.users.school_admin.email, 'school_admin');
});
afterAll(() => t.close());

const users = async () =>
  Number((await t.app.deps.db.execute<{ n: number }>(sql`select count(*)::int as n from users`)).rows[0]?.n);
const post = (url: string, payload: Record<string, unknown>) => as(t.app, admin)({ method: 'POST', url, payload });

describe('name-like fields refuse control and text-direction characters', () => {
  const bad = {
    bell: 'Ada\u0007',
    newline: 'Ada\r\nBcc: x@evil.test',
    rlo: '\u202eada',
    nul: 'Ada\u0000Byron',
    isolate: 'A\u2066da',
    // Invisible: would make a second "Ada" that reads the same as the first.
    'zero width space': 'Ada\u200b',
    'word joiner': 'A\u2060da',
    'zero width no-break space': 'Ad\ufeffa',
    'soft hyphen': 'A\u00adda',
    // Every other character that shows nothing (format or default-ignorable), not a hand list.
    'tag character': 'Ada\u{e0041}',
    'Mongolian vowel separator': 'Ada\u180e',
    'combining grapheme joiner': 'Ada\u034f',
    'variation selector after a letter': 'Ada\ufe0f',
    'variation selector after a digit': 'Ada 1\ufe0f',
    'Hangul filler': 'Ada\u3164',
    'Hangul choseong filler': 'Ada\u115f',
    'halfwidth Hangul filler': 'Ada\uffa0',
    'musical beam control': 'Ada\u{1d173}',
    'tag characters of no flag': 'Ada \u{1f3f4}\u{e0041}',
  };
  for (const [what, name] of Object.entries(bad)) {
    it(`a person's name with ${what} → 400 with the field's message, nothing written`, async () => {
      const before = await users();
      const res = await post('/api/v1/teachers', { name, email: uniqueEmail('cc'), sendInvitation: true });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields?.name).toBe('Name cannot contain control or text-direction characters');
      expect(errorOf(res).message).toBe('Invalid data: Name cannot contain control or text-direction characters');
      expect(await users()).toBe(before);
    });
  }

  it('covers subject, class, section and relationship fields, and import cells', async () => {
    const subject = await post('/api/v1/subjects', { name: 'Maths\u202e' });
    expect(subject.statusCode).toBe(400);
    expect(errorOf(subject).fields?.name).toBe('Subject name cannot contain control or text-direction characters');
    const cls = await post('/api/v1/classes', { name: 'Grade\u0000 1', section: 'A' });
    expect(cls.statusCode).toBe(400);
    expect(errorOf(cls).fields?.name).toBe('Class name cannot contain control or text-direction characters');
    const section = await post('/api/v1/classes', { name: 'Grade 1', section: 'A\u0008' });
    expect(errorOf(section).fields?.section).toBe('Section cannot contain control or text-direction characters');
    const parent = await post('/api/v1/parents', {
      name: 'P',
      email: uniqueEmail('cc'),
      relationship: 'Mum\u202e',
      sendInvitation: true,
    });
    expect(errorOf(parent).fields?.relationship).toBe(
      'Relationship cannot contain control or text-direction characters',
    );
    const preview = await post('/api/v1/parents/import/preview', { csv: 'name,email\n"Bad\u0007",bad@cc.test' });
    expect(preview.json().errors).toContainEqual({
      line: 2,
      column: 'name',
      message: 'Name cannot contain control or text-direction characters',
    });
  });

  it('keeps joiners some scripts need, and the invisible parts of emoji and of Mongolian letters', async () => {
    const names = [
      'Mehr\u200cdad',
      'क्\u200dष',
      'Ada ❤\ufe0f',
      'Ada 1\ufe0f\u20e3',
      'Ada 👩\u200d💻',
      'Ada 🏳\ufe0f\u200d🌈',
      'Ada 🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}',
      'ᠮᠣᠩ\u180bᠭᠣᠯ',
    ];
    for (const name of names) {
      const res = await post('/api/v1/teachers', { name, email: uniqueEmail('cc'), sendInvitation: true });
      expect({ name, status: res.statusCode }).toEqual({ name, status: 201 });
      expect(res.json().teacher.name).toBe(name);
    }
  });
});

describe('database encoding errors', () => {
  it('a NUL byte that reaches the database answers 400, not 500', async () => {
    const res = await as(t.app, admin)({ method: 'GET', url: '/api/v1/students?search=a%00b' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toEqual({
      code: 'validation',
      message: 'A value contains a character that cannot be stored.',
    });
  });
});

describe('mail headers', () => {
  it('a CR/LF already stored in a school name cannot add a header to a written message', async () => {
    const evil = 'Evil\r\nBcc: victim@evil.test';
    await t.app.deps.db.execute(sql`update schools set name = ${evil} where id = ${school.id}`);
    const email = uniqueEmail('invitee');
    const res = await post('/api/v1/teachers', { name: 'Invitee', email, sendInvitation: true });
    expect(res.statusCode).toBe(201);
    await t.app.deps.mail.flush();
    const dir = path.join(t.config.dataDir, 'mail');
    const files = readdirSync(dir).map((f) => readFileSync(path.join(dir, f), 'utf8'));
    const message = files.find((f) => f.includes(`To: ${email}`));
    expect(message).toBeDefined();
    const head = (message as string).split('\r\n\r\n')[0] as string;
    expect(head).not.toMatch(/^Bcc:/im);
    const subject = head.match(/^Subject: ((?:.*)(?:\r\n .*)*)/m)?.[1] as string;
    const decoded = subject
      .split('\r\n ')
      .map((w) => Buffer.from(w.replace(/^=\?UTF-8\?B\?|\?=$/g, ''), 'base64').toString('utf8'))
      .join('');
    expect(decoded).toBe(`You are invited to ${evil} on Lyceum`);
  });
});
