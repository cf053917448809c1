import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Announcement } from '@lyceum/shared/announcements';
import { MESSAGES } from '@lyceum/shared/errors';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MESSAGES,
  ATTACHMENT_NAME_MAX,
  type Attachment,
  UNATTACHED_UPLOADS_MAX,
} from '@lyceum/shared/files';
import type { ConversationList, Message, MessageList } from '@lyceum/shared/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans, schoolSubscriptions } from '../src/db/schema/index.ts';
import { withSystem } from '../src/db/tenancy.ts';
import { newId } from '../src/lib/ids.ts';
import { sweepOrphanObjects } from '../src/modules/files/sweep.ts';
import { type Caller, type SchoolWorld, schoolWorld } from './fixtures/school-world.ts';
import { errorOf, type Session } from './helpers.ts';

/** Attachments of announcements and messages: upload by content, attach, serve to readers only, limits, sweep. */
let w: SchoolWorld;
let teacher: Caller;
let parent: Caller;
let principal: Caller;
let parentB: Caller;
let teacherSession: Session;
let parentSession: Session;
let studentSession: Session;
let parentBSession: Session;
let staffSession: Session;

const M = ATTACHMENT_MESSAGES;

beforeAll(async () => {
  w = await schoolWorld();
  teacherSession = await w.a.signIn('teacher');
  parentSession = await w.a.signIn('parent');
  studentSession = await w.a.signIn('student');
  parentBSession = await w.b.signIn('parent');
  staffSession = await w.staff('company_admin');
  teacher = await w.a.as('teacher');
  parent = await w.a.as('parent');
  principal = await w.a.as('principal');
  parentB = await w.b.as('parent');
});
afterAll(() => w.t.close());

// ---- inputs -------------------------------------------------------------------------------------------

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
const zip = (entries: string) => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from(entries, 'latin1')]);
const DOCX = zip('\u0014\u0000[Content_Types].xml<Types/>word/document.xml');
const HTML = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

interface Part {
  name?: string;
  data: Buffer;
}

function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----lyceum${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${p.name ?? 'file.pdf'}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      p.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(session: Session, parts: Part | Part[], headers: Record<string, string> = {}) {
  const { payload, contentType } = multipart(Array.isArray(parts) ? parts : [parts]);
  return w.t.app.inject({
    method: 'POST',
    url: '/api/v1/attachments',
    payload,
    headers: { 'content-type': contentType, 'x-requested-with': 'XMLHttpRequest', cookie: session.cookie, ...headers },
  });
}

async function uploaded(session: Session, part: Part): Promise<Attachment> {
  const res = await upload(session, part);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Attachment;
}

const download = (session: Session, id: string) =>
  w.t.app.inject({ method: 'GET', url: `/api/v1/attachments/${id}`, headers: { cookie: session.cookie } });

const objectOf = async (id: string) => {
  const [row] = (
    await w.t.app.deps.db.execute(sql`select object_path as "objectPath", deleted_at as "deletedAt"
      from stored_files where id = ${id}`)
  ).rows as { objectPath: string; deletedAt: Date | null }[];
  // Undefined once the file is gone: no row is kept for it.
  return row as { objectPath: string; deletedAt: Date | null };
};
const onDisk = (objectPath: string) => existsSync(path.join(w.t.config.dataDir, 'files', objectPath));
const count = async (query: ReturnType<typeof sql>) =>
  Number(((await w.t.app.deps.db.execute(query)).rows[0] as { n: number }).n);

function publish(caller: Caller, attachmentIds: string[], audience = ['parent']) {
  return caller({
    method: 'POST',
    url: '/api/v1/announcements',
    payload: { title: 'Trip forms', body: 'Please read the forms.', audience, classIds: [w.a.classId], attachmentIds },
  });
}

let conversationId: string;
async function send(caller: Caller, payload: Record<string, unknown>) {
  return caller({ method: 'POST', url: `/api/v1/messages/conversations/${conversationId}/messages`, payload });
}

// ---- upload --------------------------------------------------------------------------------------------

describe('uploading an attachment', () => {
  it('stores an allowed file by its content, under the school, with a safe name', async () => {
    const pdf = await uploaded(teacherSession, { name: 'Trip form.pdf', data: PDF });
    expect(pdf).toMatchObject({ name: 'Trip form.pdf', type: 'application/pdf', size: PDF.length });
    expect(pdf.url).toBe(`/api/v1/attachments/${pdf.id}`);
    const stored = await objectOf(pdf.id);
    expect(stored.objectPath).toMatch(new RegExp(`^schools/${w.a.id}/attachments/[0-9a-f]{32}\\.pdf$`));
    expect(onDisk(stored.objectPath)).toBe(true);

    const docx = await uploaded(teacherSession, { name: 'Minutes.docx', data: DOCX });
    expect(docx.type).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const text = await uploaded(teacherSession, { name: 'notes.txt', data: Buffer.from('Bring a hat.\nسلام\n') });
    expect(text.type).toBe('text/plain');
    // The bytes decide the type; the name is only made to fit it.
    const renamed = await uploaded(teacherSession, { name: 'report.html', data: PDF });
    expect(renamed).toMatchObject({ name: 'report.html.pdf', type: 'application/pdf' });
    const png = await uploaded(teacherSession, { name: 'photo', data: PNG });
    expect(png).toMatchObject({ name: 'photo.png', type: 'image/png' });
    // Path, control and direction characters never reach the stored name; it stays bounded.
    const climbing = await uploaded(teacherSession, { name: '../../etc/pass\u202ewd<x>:?.pdf', data: PDF });
    expect(climbing.name).toBe('passwd_x___.pdf');
    const long = await uploaded(teacherSession, { name: `${'a'.repeat(300)}.pdf`, data: PDF });
    expect([...long.name].length).toBe(ATTACHMENT_NAME_MAX);
    expect(long.name.endsWith('.pdf')).toBe(true);
    for (const a of [docx, text, renamed, png, climbing, long, pdf]) {
      expect((await teacher({ method: 'DELETE', url: `/api/v1/attachments/${a.id}` })).statusCode).toBe(204);
    }
  });

  it('refuses what is not an allowed type by content, whatever its name says', async () => {
    const before = await count(sql`select count(*)::int as n from stored_files where kind = 'attachment'`);
    for (const part of [
      { name: 'trip.pdf', data: HTML },
      { name: 'logo.png', data: SVG },
      { name: 'minutes.docx', data: zip('just-a-zip.bin') },
      { name: 'sheet.xlsx', data: Buffer.from('not a zip at all') },
      { name: 'notes.txt', data: Buffer.from([0x00, 0x01, 0x02, 0x41]) },
      { name: 'run.exe', data: Buffer.from('MZ\u0090\u0000') },
    ]) {
      const res = await upload(teacherSession, part);
      expect(res.statusCode, part.name).toBe(415);
      expect(errorOf(res).message).toBe(M.wrongType);
    }
    expect(await count(sql`select count(*)::int as n from stored_files where kind = 'attachment'`)).toBe(before);
  });

  it('refuses too large, several files, no file, no CSRF header, not multipart, and company staff', async () => {
    const big = await upload(teacherSession, { data: Buffer.concat([PDF, Buffer.alloc(ATTACHMENT_MAX_BYTES)]) });
    expect(big.statusCode).toBe(413);
    expect(errorOf(big).message).toBe(M.tooLarge);
    const two = await upload(teacherSession, [{ data: PDF }, { data: PDF }]);
    expect(two.statusCode).toBe(400);
    expect(errorOf(two).message).toBe(M.oneFile);
    const empty = await upload(teacherSession, { data: Buffer.alloc(0) });
    expect(errorOf(empty).message).toBe(M.noFile);
    const noHeader = await upload(teacherSession, { data: PDF }, { 'x-requested-with': '' });
    expect(noHeader.statusCode).toBe(403);
    const json = await teacher({ method: 'POST', url: '/api/v1/attachments', payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(errorOf(json).message).toBe(M.notMultipart);
    const staff = await upload(staffSession, { data: PDF });
    expect(staff.statusCode).toBe(403);
    expect(
      await count(sql`select count(*)::int as n from stored_files where kind = 'attachment' and deleted_at is null`),
    ).toBe(0);
  });
});

// ---- announcements -------------------------------------------------------------------------------------

describe('attachments of an announcement', () => {
  let announcement: Announcement;
  let pdf: Attachment;
  let png: Attachment;

  it('are attached on publishing and listed with it for its readers', async () => {
    pdf = await uploaded(teacherSession, { name: 'Trip form.pdf', data: PDF });
    png = await uploaded(teacherSession, { name: 'map.png', data: PNG });
    const res = await publish(teacher, [pdf.id, png.id]);
    expect(res.statusCode, res.body).toBe(201);
    announcement = res.json() as Announcement;
    expect(announcement.attachments).toEqual([pdf, png]);
    const seen = await parent({ method: 'GET', url: `/api/v1/announcements/${announcement.id}` });
    expect((seen.json() as Announcement).attachments.map((a) => a.name)).toEqual(['Trip form.pdf', 'map.png']);
    const list = await parent({ method: 'GET', url: '/api/v1/announcements' });
    const listed = (list.json() as { items: Announcement[] }).items.find((i) => i.id === announcement.id);
    expect(listed?.attachments).toHaveLength(2);
  });

  it('are served to the audience with safe headers, and to nobody else (404)', async () => {
    const res = await download(parentSession, pdf.id);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Trip form.pdf"; filename*=UTF-8''Trip%20form.pdf`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/^sandbox;/);
    expect(res.headers['cache-control']).toMatch(/^private/);
    const picture = await download(parentSession, png.id);
    expect(picture.headers['content-disposition']).toMatch(/^inline;/);
    expect((await download(teacherSession, pdf.id)).statusCode).toBe(200);
    // The class's student is not in a parents-only audience; another school's parent knows nothing of it.
    for (const outsider of [studentSession, parentBSession]) {
      const refused = await download(outsider, pdf.id);
      expect(refused.statusCode).toBe(404);
      expect(errorOf(refused).message).toBe(M.notFound);
    }
    expect((await download(parentSession, newId())).statusCode).toBe(404);
    expect((await download(staffSession, pdf.id)).statusCode).toBe(403);
  });

  it('follow the announcement: archived, only its author and managers still get them', async () => {
    const archive = await teacher({
      method: 'PATCH',
      url: `/api/v1/announcements/${announcement.id}`,
      payload: { status: 'archived' },
    });
    expect(archive.statusCode).toBe(200);
    expect((await download(parentSession, pdf.id)).statusCode).toBe(404);
    expect((await download(teacherSession, pdf.id)).statusCode).toBe(200);
    await teacher({ method: 'PATCH', url: `/api/v1/announcements/${announcement.id}`, payload: { status: 'active' } });
    expect((await download(parentSession, pdf.id)).statusCode).toBe(200);
  });

  it('are replaced on an edit: kept ones stay, new uploads join, dropped ones are deleted', async () => {
    const extra = await uploaded(teacherSession, { name: 'extra.txt', data: Buffer.from('more') });
    const dropped = await objectOf(png.id);
    const res = await teacher({
      method: 'PATCH',
      url: `/api/v1/announcements/${announcement.id}`,
      payload: { attachmentIds: [pdf.id, extra.id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Announcement).attachments.map((a) => a.id)).toEqual([pdf.id, extra.id]);
    // No row is kept for it (docs/security.md, "Rows of files that are gone").
    expect(await objectOf(png.id)).toBeUndefined();
    expect(onDisk(dropped.objectPath)).toBe(false);
    expect((await download(teacherSession, png.id)).statusCode).toBe(404);
  });

  it('refuses bad ids and writes nothing: unknown, another user’s, another school’s, attached, too many', async () => {
    const before = await count(sql`select count(*)::int as n from announcements`);
    const parentsUpload = await uploaded(parentSession, { name: 'mine.pdf', data: PDF });
    const schoolBUpload = await uploaded(parentBSession, { name: 'b.pdf', data: PDF });
    for (const id of [newId(), parentsUpload.id, schoolBUpload.id]) {
      const res = await publish(teacher, [id]);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).message).toBe(M.notFound);
    }
    const attached = await publish(teacher, [pdf.id]);
    expect(attached.statusCode).toBe(400);
    expect(errorOf(attached).message).toBe(M.alreadyAttached);
    const six = await publish(
      teacher,
      Array.from({ length: 6 }, () => newId()),
    );
    expect(six.statusCode).toBe(400);
    expect(errorOf(six).fields?.attachmentIds).toBe(M.tooMany);
    const notIds = await publish(teacher, ['not-an-id']);
    expect(errorOf(notIds).fields?.['attachmentIds.0']).toBe(M.invalidId);
    const twice = await uploaded(teacherSession, { name: 'twice.pdf', data: PDF });
    const duplicate = await publish(teacher, [twice.id, twice.id]);
    expect(errorOf(duplicate).fields?.attachmentIds).toBe(M.invalidId);
    // A refused write leaves the upload unattached, ready for the next try.
    expect((await publish(teacher, [twice.id, newId()])).statusCode).toBe(404);
    expect((await publish(teacher, [twice.id])).statusCode).toBe(201);
    expect(await count(sql`select count(*)::int as n from announcements`)).toBe(before + 1);
    // The uploader may take back an unsent upload; nobody else, and not once it is attached.
    expect((await teacher({ method: 'DELETE', url: `/api/v1/attachments/${parentsUpload.id}` })).statusCode).toBe(404);
    expect((await parent({ method: 'DELETE', url: `/api/v1/attachments/${parentsUpload.id}` })).statusCode).toBe(204);
    const taken = await teacher({ method: 'DELETE', url: `/api/v1/attachments/${twice.id}` });
    expect(taken.statusCode).toBe(400);
    expect(errorOf(taken).message).toBe(M.alreadyAttached);
    expect((await parentB({ method: 'DELETE', url: `/api/v1/attachments/${schoolBUpload.id}` })).statusCode).toBe(204);
  });
});

// ---- messages ------------------------------------------------------------------------------------------

describe('attachments of a message', () => {
  let sent: Message;
  let photo: Attachment;

  it('are sent with the message (text optional) and read with it by the members', async () => {
    const start = await parent({
      method: 'POST',
      url: '/api/v1/messages/conversations',
      payload: { userId: w.a.users.teacher.id },
    });
    expect(start.statusCode, start.body).toBeLessThan(300);
    conversationId = (start.json() as { id: string }).id;
    photo = await uploaded(parentSession, { name: 'homework.png', data: PNG });
    // Before it is sent only its uploader may open it.
    expect((await download(parentSession, photo.id)).statusCode).toBe(200);
    expect((await download(teacherSession, photo.id)).statusCode).toBe(404);
    const res = await send(parent, { attachmentIds: [photo.id] });
    expect(res.statusCode, res.body).toBe(201);
    sent = res.json() as Message;
    expect(sent).toMatchObject({ body: '', attachments: [photo] });
    const list = await teacher({ method: 'GET', url: `/api/v1/messages/conversations/${conversationId}/messages` });
    expect((list.json() as MessageList).items[0]?.attachments).toEqual([photo]);
    // The conversation list shows it as the last message, attachment and all.
    const conversations = await teacher({ method: 'GET', url: '/api/v1/messages/conversations' });
    expect(conversations.statusCode).toBe(200);
    const row = (conversations.json() as ConversationList).items.find((c) => c.id === conversationId);
    expect(row?.lastMessage).toMatchObject({ id: sent.id, attachments: [photo] });
    const got = await download(teacherSession, photo.id);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PNG)).toBe(true);
  });

  it('are served to members only: another member of the school or another school gets 404', async () => {
    expect((await download(studentSession, photo.id)).statusCode).toBe(404);
    expect((await download(parentBSession, photo.id)).statusCode).toBe(404);
  });

  it('refuse bad ids and write no message', async () => {
    const teachersUpload = await uploaded(teacherSession, { name: 't.pdf', data: PDF });
    const cases: [Record<string, unknown>, number, string, string?][] = [
      [{ body: 'let me in', attachmentIds: [teachersUpload.id] }, 404, M.notFound],
      [{ body: 'let me in', attachmentIds: [photo.id] }, 400, M.alreadyAttached],
      [{ body: 'let me in', attachmentIds: [newId()] }, 404, M.notFound],
      [{ body: 'let me in', attachmentIds: Array.from({ length: 6 }, () => newId()) }, 400, M.tooMany, 'attachmentIds'],
      [{ attachmentIds: [] }, 400, 'Write a message', 'body'],
    ];
    for (const [payload, status, message, field] of cases) {
      const res = await send(parent, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(field ? errorOf(res).fields?.[field] : errorOf(res).message).toBe(message);
    }
    expect(await count(sql`select count(*)::int as n from messages where body = 'let me in'`)).toBe(0);
    await teacher({ method: 'DELETE', url: `/api/v1/attachments/${teachersUpload.id}` });
  });
});

// ---- limits and the sweep ------------------------------------------------------------------------------

describe('limits', () => {
  it(`holds at most ${UNATTACHED_UPLOADS_MAX} unsent uploads per person, and the sweep retires them after a day`, async () => {
    const principalSession = await w.a.signIn('principal');
    const held: Attachment[] = [];
    for (let i = 0; i < UNATTACHED_UPLOADS_MAX; i++) {
      held.push(await uploaded(principalSession, { name: `n${i}.txt`, data: Buffer.from(`note ${i}`) }));
    }
    const over = await upload(principalSession, { name: 'one-more.txt', data: Buffer.from('x') });
    expect(over.statusCode).toBe(422);
    expect(errorOf(over).message).toBe(M.tooManyWaiting);
    // Someone else is not held back by it.
    await teacher({
      method: 'DELETE',
      url: `/api/v1/attachments/${(await uploaded(teacherSession, { data: PDF })).id}`,
    });

    const first = await objectOf(held[0]?.id as string);
    const attachedPdf = (await objectOf((await announcementAttachment()) as string)).objectPath;
    const removed = await sweepOrphanObjects(
      w.t.app.deps.db,
      w.t.app.deps.storage,
      undefined,
      Date.now() + 25 * 3600_000,
    );
    expect(removed).toBeGreaterThanOrEqual(UNATTACHED_UPLOADS_MAX);
    expect(await objectOf(held[0]?.id as string)).toBeUndefined();
    expect(onDisk(first.objectPath)).toBe(false);
    expect(onDisk(attachedPdf)).toBe(true);
    expect((await principal({ method: 'GET', url: '/api/v1/announcements' })).statusCode).toBe(200);
    expect((await upload(principalSession, { name: 'again.txt', data: Buffer.from('x') })).statusCode).toBe(201);
  });

  it("counts every upload against the school's storage ('Storage limit exceeded')", async () => {
    await withSystem(w.t.app.deps.db, async (tx) => {
      const planId = newId();
      await tx
        .insert(plans)
        .values({ id: planId, name: `No storage ${planId}`, priceMinor: 100, limits: { storageGB: 0 } });
      await tx.update(schoolSubscriptions).set({ planId }).where(eq(schoolSubscriptions.schoolId, w.b.id));
    });
    const res = await upload(parentBSession, { data: PDF });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).message).toBe(MESSAGES.storageLimitExceeded);
    expect(
      await count(sql`select count(*)::int as n from stored_files where school_id = ${w.b.id} and deleted_at is null`),
    ).toBe(0);
  });
});

/** An attachment still on a live announcement (the trip form of the announcements block). */
async function announcementAttachment(): Promise<string | undefined> {
  const rows = await w.t.app.deps.db.execute(sql`select a.id from attachments a join stored_files f
    on f.school_id = a.school_id and f.id = a.id where a.announcement_id is not null and f.deleted_at is null limit 1`);
  return (rows.rows[0] as { id: string } | undefined)?.id;
}
