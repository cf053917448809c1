import { MESSAGES } from '@lyceum/shared/errors';
import { translateTo } from '@lyceum/shared/i18n/catalogues';
import { TEACHER_IMPORT_COLUMNS } from '@lyceum/shared/people';
import { desc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, schoolSubscriptions } from '../src/db/schema/index.ts';
import { withSystem } from '../src/db/tenancy.ts';
import { type CompanyWorld, companyWorld } from './company-helpers.ts';
import { markConfirmed, owe, recordBankTransfer } from './factories/payments.ts';
import { as, createSchool, errorOf, login } from './helpers.ts';
import { pdfStreams, pdfText } from './pdf-text.ts';

/** The server in the recipient's language (docs/product.md, "Messages in the user's language"). */
let w: CompanyWorld;
beforeAll(async () => {
  w = await companyWorld();
});
afterAll(() => w.t.close());

const run = (statement: ReturnType<typeof sql>) => withSystem(w.t.app.deps.db, (tx) => tx.execute(statement));
const setAccountLanguage = (email: string, language: string | null) =>
  run(sql`update accounts set language = ${language} where lower(email) = ${email.toLowerCase()}`);
const lastMailTo = async (email: string) =>
  (
    await withSystem(w.t.app.deps.db, (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt)).limit(1),
    )
  )[0];

let unknownAddress = 0;
/** A sign-in that fails the same way every time: an address with no account. */
const badSignIn = (language?: string) =>
  w.t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: language ? { 'accept-language': language } : {},
    payload: { email: `nobody-${++unknownAddress}@example.com`, password: 'not-the-password-1', role: 'teacher' },
  });

describe('error answers', () => {
  it('say the same refusal in Spanish and Arabic with the same code, and English for a language not shipped', async () => {
    const english = await badSignIn();
    expect(errorOf(english)).toEqual({ code: 'auth/invalid-credential', message: MESSAGES.invalidCredential });
    expect(english.headers['content-language']).toBe('en');

    const spanish = await badSignIn('es-MX,es;q=0.9,en;q=0.8');
    expect(spanish.statusCode).toBe(english.statusCode);
    expect(errorOf(spanish)).toEqual({
      code: 'auth/invalid-credential',
      message: 'Correo electrónico o contraseña incorrectos.',
    });
    expect(spanish.headers['content-language']).toBe('es');
    expect(String(spanish.headers.vary)).toMatch(/accept-language/i);

    const arabic = await badSignIn('ar');
    expect(errorOf(arabic)).toEqual({
      code: 'auth/invalid-credential',
      message: 'البريد الإلكتروني أو كلمة المرور غير صحيحة.',
    });

    const french = await badSignIn('fr-FR,fr;q=0.9,de;q=0.5');
    expect(errorOf(french)).toEqual({ code: 'auth/invalid-credential', message: MESSAGES.invalidCredential });
    expect(french.headers['content-language']).toBe('en');
  });

  it('translate field messages and the generic "Invalid data" text, a schema’s own and the plain words of a check without one', async () => {
    const admin = await w.asA('school_admin');
    const create = (payload: Record<string, unknown>, language?: string) =>
      admin({
        method: 'POST',
        url: '/api/v1/subjects',
        payload,
        headers: language ? { 'accept-language': language } : {},
      });
    const english = errorOf(await create({ name: '' }));
    expect(english).toEqual({
      code: 'validation',
      message: 'Invalid data: Subject name is required',
      fields: { name: 'Subject name is required' },
    });
    const spanish = await create({ name: '' }, 'es');
    expect(spanish.statusCode).toBe(400);
    expect(errorOf(spanish)).toEqual({
      code: 'validation',
      message: 'Datos no válidos: El nombre de la asignatura es obligatorio',
      fields: { name: 'El nombre de la asignatura es obligatorio' },
    });
    expect(errorOf(await create({ name: '' }, 'ar')).fields).toEqual({ name: 'اسم المادة مطلوب' });

    // A check with no message of its schema's: our plain words, translated, never zod's.
    const wrongType = errorOf(await create({ name: 42 }, 'es'));
    expect(wrongType).toEqual({
      code: 'validation',
      message: 'Datos no válidos: Debe ser un texto',
      fields: { name: 'Debe ser un texto' },
    });
    expect(errorOf(await create({ name: 42 })).fields).toEqual({ name: 'Must be text' });
    expect(errorOf(await create({ name: 42 }, 'ar')).fields).toEqual({ name: 'يجب أن تكون نصًا' });

    // A list's unreadable cursor, whole in the reader's language (it once came half translated).
    const cursor = (language: string) =>
      admin({ method: 'GET', url: '/api/v1/students?cursor=nope', headers: { 'accept-language': language } });
    expect(errorOf(await cursor('es')).message).toBe('Datos no válidos: el cursor no es válido');
    expect(errorOf(await cursor('ar')).message).toBe('بيانات غير صالحة: المؤشر غير صالح');
  });

  it('isolate someone\'s text in a right-to-left refusal, and only there (docs/product.md, "In the web app")', async () => {
    const admin = await w.asA('school_admin');
    const create = (name: string, language: string) =>
      admin({ method: 'POST', url: '/api/v1/subjects', payload: { name }, headers: { 'accept-language': language } });
    expect((await create('7B Maths (lab)', 'en')).statusCode).toBe(201);
    // A Latin name with digits and brackets, isolated, leaves the Arabic quotes and words where they are.
    const arabic = await create('7B Maths (lab)', 'ar');
    expect(arabic.statusCode).toBe(409);
    expect(errorOf(arabic).message).toBe('المادة "\u20687B Maths (lab)\u2069" موجودة بالفعل');
    expect(errorOf(await create('7B Maths (lab)', 'es')).message).toBe('La asignatura "7B Maths (lab)" ya existe');
  });

  it('follow the signed-in person’s own language without the header, and before it', async () => {
    await setAccountLanguage(w.b.users.school_admin.email, 'es');
    try {
      const admin = await w.asB('school_admin');
      const missing = '01900000-0000-7000-8000-000000000000';
      const plain = await admin({ method: 'PATCH', url: `/api/v1/subjects/${missing}`, payload: { name: 'X' } });
      expect(plain.statusCode).toBe(404);
      expect(errorOf(plain)).toEqual({ code: 'not_found', message: 'Asignatura no encontrada' });
      const askedArabic = await admin({
        method: 'PATCH',
        url: `/api/v1/subjects/${missing}`,
        payload: { name: 'X' },
        headers: { 'accept-language': 'ar' },
      });
      expect(errorOf(askedArabic).message).toBe('Asignatura no encontrada');
    } finally {
      await setAccountLanguage(w.b.users.school_admin.email, null);
    }
  });

  it('word a wrong-role refusal in the person’s own language too, whatever the header asks', async () => {
    await setAccountLanguage(w.b.users.teacher.email, 'es');
    try {
      const teacher = await w.asB('teacher');
      for (const headers of [{ 'accept-language': 'en' }, {}]) {
        const res = await teacher({ method: 'GET', url: '/api/v1/users', headers });
        expect(res.statusCode).toBe(403);
        expect(res.headers['content-language']).toBe('es');
        expect(errorOf(res)).toEqual({ code: 'forbidden', message: translateTo(MESSAGES.forbidden, 'es') });
      }
      expect(translateTo(MESSAGES.forbidden, 'es')).not.toBe(MESSAGES.forbidden);
    } finally {
      await setAccountLanguage(w.b.users.teacher.email, null);
    }
  });
});

describe('e-mails', () => {
  it('are written in the recipient’s language, dates in their school’s time zone', async () => {
    const student = w.a.users.student;
    await setAccountLanguage(student.email, 'ar');
    await run(sql`update schools set time_zone = 'Asia/Riyadh' where id = ${w.a.id}`);
    try {
      const admin = await w.asA('school_admin');
      const res = await admin({
        method: 'POST',
        url: `/api/v1/users/${student.id}/reset-password`,
        payload: { mode: 'email' },
      });
      expect(res.statusCode).toBe(200);
      const mail = await lastMailTo(student.email);
      expect(mail?.subject).toBe('عيّن كلمة مرور جديدة لـ \u2068Lyceum\u2069');
      expect(mail?.text).toContain('طلب أحد مديري \u2068Alpha School\u2069');
      const zone = new Intl.DateTimeFormat('ar', { timeZone: 'Asia/Riyadh', timeZoneName: 'short' })
        .formatToParts(new Date())
        .find((part) => part.type === 'timeZoneName')?.value;
      expect(mail?.text).toContain(zone);
    } finally {
      await setAccountLanguage(student.email, null);
      await run(sql`update schools set time_zone = 'UTC' where id = ${w.a.id}`);
    }
  });

  it('fall back to the school’s language when the person chose none', async () => {
    const teacher = w.b.users.teacher;
    await run(sql`update schools set language = 'es' where id = ${w.b.id}`);
    try {
      const res = await w.t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        // The answer is in the requester's language; the mail in the recipient's.
        headers: { 'accept-language': 'ar' },
        payload: { email: teacher.email },
      });
      expect(res.statusCode).toBe(202);
      expect(res.json().message).toBe(
        'إذا كان هناك حساب بهذا العنوان، فقد أرسلنا إليه رابطًا لإعادة تعيين كلمة المرور.',
      );
      await w.t.app.deps.afterReply.settled();
      const mail = await lastMailTo(teacher.email);
      expect(mail?.subject).toBe('Restablezca su contraseña de Lyceum');
      expect(mail?.text).toContain('Elija una contraseña nueva aquí');
    } finally {
      await run(sql`update schools set language = 'en' where id = ${w.b.id}`);
    }
  });

  it('confirm a sign-up’s address in the language the school signed up with', async () => {
    const plans = (await w.t.app.inject({ method: 'GET', url: '/api/v1/plans' })).json() as {
      id: string;
      trialAllowed: boolean;
    }[];
    const signUp = (language: string, email: string) =>
      w.t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup/school-admin',
        headers: { 'accept-language': language },
        payload: {
          schoolName: 'مدرسة النور',
          name: 'سعاد الإدريسي',
          email,
          password: 'Madrasa-2026-long',
          planId: plans.find((p) => p.trialAllowed)?.id,
          language,
        },
      });
    const ar = await signUp('ar', 'souad@annour-i18n.test');
    expect(ar.statusCode, ar.body).toBe(201);
    const arabic = await lastMailTo('souad@annour-i18n.test');
    expect(arabic?.subject).toBe('أكّد عنوان بريدك الإلكتروني لـ \u2068Lyceum\u2069');
    expect(arabic?.text).toContain('أكّد أن هذا هو عنوانك');
    expect(arabic?.text).toContain('/verify-email?token=');
    expect((await signUp('es', 'ana@escuela-i18n.test')).statusCode).toBe(201);
    expect((await lastMailTo('ana@escuela-i18n.test'))?.subject).toBe(
      'Confirme su dirección de correo electrónico para Lyceum',
    );
  });
});

describe('CSV headers', () => {
  it('export and template headers in the requester’s language; imports read them back', async () => {
    const admin = await w.asA('school_admin');
    const get = (url: string, language?: string) =>
      admin({ method: 'GET', url, headers: language ? { 'accept-language': language } : {} });
    // Every download starts with the UTF-8 byte-order mark (Excel reads accents and Arabic right).
    const firstLine = (res: LightMyRequestResponse) => {
      expect(res.body.startsWith('\uFEFF')).toBe(true);
      return res.body.slice(1).split('\n')[0];
    };

    expect(firstLine(await get('/api/v1/students/export'))).toBe(
      'name,email,phone,className,section,rollNumber,academicYear,parents,status',
    );
    const spanish = await get('/api/v1/students/export', 'es');
    expect(spanish.headers['content-language']).toBe('es');
    expect(firstLine(spanish)).toBe('nombre,correo,teléfono,clase,sección,número de lista,año académico,padres,estado');
    expect(firstLine(await get('/api/v1/teachers/export', 'ar'))).toContain('المؤهل');

    const template = await get('/api/v1/teachers/import/template', 'es');
    expect(firstLine(template)).toBe('nombre,correo,teléfono,titulación,experiencia,asignaturas');
    const preview = await admin({
      method: 'POST',
      url: '/api/v1/teachers/import/preview',
      headers: { 'accept-language': 'es' },
      // The template's own first line, byte-order mark included: a downloaded template uploads as it is.
      payload: {
        csv: `${template.body.split('\n')[0]},sin traducir\nAda,ada-i18n@example.com,,,,\n`,
        sendInvitation: false,
      },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().columns).toEqual([...TEACHER_IMPORT_COLUMNS, 'sin traducir']);
    expect(preview.json().errors).toContainEqual({
      line: 1,
      column: 'sin traducir',
      message: 'Columna desconocida "sin traducir"',
    });
  });
});

/**
 * The runs a PDF shows in an embedded font (pdfkit writes each glyph as a 4-digit code), in drawing order,
 * decoded through the font's ToUnicode map.
 */
function pdfRunsOfEmbeddedFont(pdf: Buffer): string[] {
  const contents = pdfStreams(pdf);
  const unicode = new Map<number, string>();
  for (const cmap of contents.filter((c) => c.includes('beginbfrange'))) {
    for (const range of cmap.matchAll(/<([0-9a-f]{4})> <[0-9a-f]{4}> \[([^\]]*)\]/gi)) {
      const entries = [...(range[2] ?? '').matchAll(/<([0-9a-f ]*)>/gi)];
      entries.forEach((entry, i) => {
        const units = (entry[1] ?? '').split(' ').map((unit) => Number.parseInt(unit, 16));
        unicode.set(Number.parseInt(range[1] ?? '0', 16) + i, String.fromCharCode(...units));
      });
    }
  }
  const runs: string[] = [];
  for (const content of contents) {
    for (const shown of content.matchAll(/\[(.*?)\] TJ/g)) {
      const hex = [...(shown[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1] ?? '').join('');
      const codes = hex.match(/.{4}/g) ?? [];
      runs.push(codes.map((code) => unicode.get(Number.parseInt(code, 16)) ?? '').join(''));
    }
  }
  return runs;
}

describe('receipts', () => {
  it('come as a PDF in the requester’s language', async () => {
    const admin = await w.asB('school_admin');
    const paid = await recordBankTransfer(w.t.app, admin, w.b.id, {
      reference: 'TRX-I18N',
      amountMinor: 12_345,
      key: 'pay-i18n-0001',
      confirmed: true,
    });
    const url = `/api/v1/payments/${paid}/receipt.pdf`;

    const spanish = await admin({ method: 'GET', url, headers: { 'accept-language': 'es' } });
    expect(spanish.statusCode).toBe(200);
    expect(spanish.headers['content-language']).toBe('es');
    const text = pdfText(spanish.rawPayload);
    expect(text).toContain('Número de recibo');
    expect(text).toContain('Transferencia bancaria');
    expect(text).toContain('Pagado');
    expect(text).toContain(new Intl.NumberFormat('es', { style: 'currency', currency: 'USD' }).format(123.45));

    const english = pdfText((await admin({ method: 'GET', url })).rawPayload);
    expect(english).toContain('Receipt number');
    expect(english).toContain('Bank transfer');

    const arabic = await admin({ method: 'GET', url, headers: { 'accept-language': 'ar' } });
    expect(arabic.statusCode).toBe(200);
    expect(arabic.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('write a school’s own text in another script with a font that has it, whatever the receipt’s language', async () => {
    const school = await createSchool(w.t.app, { name: 'مدرسة النور' });
    const admin = as(w.t.app, await login(w.t.app, school.users.school_admin.email, 'school_admin'));
    const paid = await recordBankTransfer(w.t.app, admin, school.id, {
      reference: 'TRX-NOOR',
      amountMinor: 5_000,
      key: 'pay-noor-0001',
      confirmed: true,
    });
    const url = `/api/v1/payments/${paid}/receipt.pdf`;
    for (const language of ['en', 'es', 'ar']) {
      const pdf = await admin({ method: 'GET', url, headers: { 'accept-language': language } });
      expect(pdf.statusCode).toBe(200);
      // Drawn with the embedded font (read back through its Unicode map), right to left as a run of its own.
      const runs = pdfRunsOfEmbeddedFont(pdf.rawPayload);
      const read = runs.flatMap((run) => [run, [...run].reverse().join('')]);
      expect(
        read.some((run) => run.includes('مدرسة النور')),
        language,
      ).toBe(true);
    }
    // Words of a right-to-left run keep their order: the receipt's "رقم الإيصال:" never reads "الإيصال: رقم".
    const arabic = await admin({ method: 'GET', url, headers: { 'accept-language': 'ar' } });
    const read = pdfRunsOfEmbeddedFont(arabic.rawPayload).map((run) => [...run].reverse().join(''));
    // (A ligature's letters are mapped as one glyph, so "الإ" reads back with its two letters swapped.)
    expect(read.some((run) => run.startsWith('رقم ') && run.endsWith('يصال:'))).toBe(true);
    expect(read).toContain('مدفوع');
  });

  it('word what the payment is for in the requester’s language, the plan’s name as typed', async () => {
    const admin = await w.asA('school_admin');
    const [sub] = await withSystem(w.t.app.deps.db, (tx) =>
      tx.select().from(schoolSubscriptions).where(eq(schoolSubscriptions.schoolId, w.a.id)),
    );
    await owe(w.t.app, w.a.id, 5_000);
    const paid = await admin({
      method: 'POST',
      url: '/api/v1/payments',
      payload: {
        subscriptionId: sub?.id,
        method: 'cash',
        reference: 'TRX-I18N-LINE',
        amountMinor: 5_000,
        idempotencyKey: 'pay-i18n-line-0001',
      },
    });
    expect(paid.json()).toMatchObject({ description: 'Standard plan (monthly)', planName: 'Standard' });
    await markConfirmed(w.t.app, paid.json().id);
    const url = `/api/v1/payments/${paid.json().id}/receipt.pdf`;

    expect(pdfText((await admin({ method: 'GET', url })).rawPayload)).toContain('Standard plan (monthly)');
    const spanish = pdfText((await admin({ method: 'GET', url, headers: { 'accept-language': 'es' } })).rawPayload);
    expect(spanish).toContain('Plan Standard (mensual)');
    expect(spanish).not.toContain('plan (monthly)');

    // Arabic is drawn with the server's Arabic font (CI installs one: .ci/run): its glyphs are read back through
    // the font's Unicode map. Each run is laid out right to left, so its letters come out in reverse.
    const arabic = await admin({ method: 'GET', url, headers: { 'accept-language': 'ar' } });
    expect(arabic.headers['content-language']).toBe('ar');
    const runs = pdfRunsOfEmbeddedFont(arabic.rawPayload);
    const read = runs.map((run) => [...run].reverse().join(''));
    expect(read).toContain('خطة');
    expect(read).toContain('الشهرية:');
    // The plan's name is a run of its own, left to right, not reversed into the Arabic words.
    expect(runs).toContain('Standard');
    expect(runs.join('\n')).not.toMatch(/plan|monthly/);
  });
});

describe('the dashboards', () => {
  it("label their figures in the reader's language and keep a school's own name", async () => {
    const admin = await w.asA('school_admin');
    const english = await admin({ method: 'GET', url: '/api/v1/dashboard' });
    const arabic = await admin({ method: 'GET', url: '/api/v1/dashboard', headers: { 'accept-language': 'ar' } });
    expect(arabic.statusCode).toBe(200);
    const labels = (res: typeof english) =>
      Object.fromEntries(res.json().stats.map((s: { key: string; label: string }) => [s.key, s.label]));
    expect(labels(english).students).toBe('Students');
    expect(labels(arabic).students).toBe('الطلاب');
    expect(labels(arabic).staff).toBe('المديرون ونظّار المدارس');
    expect(arabic.json().title).toBe(english.json().title);
    expect(arabic.headers['content-language']).toBe('ar');

    const company = await w.companyAdmin({
      method: 'GET',
      url: '/api/v1/dashboard',
      headers: { 'accept-language': 'es' },
    });
    expect(company.json().title).toBe('Resumen de la plataforma');
    const schools = company.json().stats.find((s: { key: string }) => s.key === 'schools');
    expect(schools.label).toBe('Escuelas');
    expect(schools.hint).toMatch(/^\d+ desactivadas$/);
  });
});
