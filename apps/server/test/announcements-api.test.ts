import {
  ANNOUNCEMENT_MESSAGES as M,
  type Announcement,
  type Audience,
  BODY_MAX,
  BODY_STORED_MAX,
} from '@lyceum/shared/announcements';
import { ATTACHMENT_MESSAGES } from '@lyceum/shared/files';
import { notPlainTextMessage } from '@lyceum/shared/plain-text';
import { SCHOOL_ROLES, type SchoolRole } from '@lyceum/shared/roles';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignTeacher, createClass, createParent, createStudent, createTeacher } from './factories/people.ts';
import { type Caller, type SchoolWorld, schoolWorld } from './fixtures/school-world.ts';
import { as, errorOf, login, type Session } from './helpers.ts';
import { listenUrl, openStream, type SseStream } from './sse-client.ts';

/** Announcements: publishing rules, who sees what (role × audience, classes), reads and readers, notifications. */
let w: SchoolWorld;
const callers = {} as Record<SchoolRole, Caller>;
let otherClassId: string;

const publish = (caller: Caller, payload: Record<string, unknown>) =>
  caller({ method: 'POST', url: '/api/v1/announcements', payload: { title: 'Hello', body: 'Text', ...payload } });

async function published(caller: Caller, payload: Record<string, unknown>): Promise<Announcement> {
  const res = await publish(caller, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const listIds = async (caller: Caller, query = '') =>
  (
    (await caller({ method: 'GET', url: `/api/v1/announcements?limit=100${query}` })).json().items as Announcement[]
  ).map((a) => a.id);

beforeAll(async () => {
  w = await schoolWorld();
  for (const role of SCHOOL_ROLES) callers[role] = await w.a.as(role);
  otherClassId = (await createClass(w.t.app, await w.a.signIn('school_admin'))).id;
});
const streams: SseStream[] = [];
let listening: Promise<string> | undefined;
/** The app's address for live streams: it listens once, for every test that opens one. */
const streamBase = () => {
  listening ??= listenUrl(w.t.app);
  return listening;
};
afterAll(async () => {
  for (const s of streams) s.close();
  await w.t.close();
});

/** One PDF uploaded by `session`, not attached yet. */
async function upload(session: Session, data: Buffer): Promise<{ id: string }> {
  const boundary = 'lyceum-announcement-file';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="trip.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/api/v1/attachments',
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'x-requested-with': 'XMLHttpRequest',
      cookie: session.cookie,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('publishing', () => {
  it('a manager publishes to roles; the body keeps only the safe subset', async () => {
    const made = await published(callers.principal, {
      title: 'Sports day',
      body: '<p onclick="x()">Bring <strong>shoes</strong></p><script>alert(1)</script><a href="javascript:alert(1)">x</a><ul><li>water</li></ul><a href="https://example.org/a">map</a>',
      audience: ['teacher', 'parent'],
      pinned: true,
    });
    expect(made.body).toBe(
      '<p>Bring <strong>shoes</strong></p><a>x</a><ul><li>water</li></ul><a href="https://example.org/a" rel="noopener noreferrer nofollow">map</a>',
    );
    expect(made).toMatchObject({ audience: ['teacher', 'parent'], pinned: true, status: 'active', canManage: true });
    expect(made.author.id).toBe(w.a.users.principal.id);
    // Plain text becomes paragraphs, lists and links.
    const plain = await published(callers.school_admin, {
      body: 'First line\nsecond\n\n- one\n- two\n\nSee https://example.org/x.',
      audience: ['all'],
    });
    expect(plain.body).toBe(
      '<p>First line<br>second</p><ul><li>one</li><li>two</li></ul><p>See <a href="https://example.org/x" rel="noopener noreferrer nofollow">https://example.org/x</a>.</p>',
    );
  });

  it('list lines after, before or between text lines of one paragraph make a list (docs/product.md, "Announcements")', async () => {
    const cases: [string, string][] = [
      [
        'Dear families,\n\nSchool starts at 08:00.\n- Bring a pencil\n- Bring lunch',
        '<p>Dear families,</p><p>School starts at 08:00.</p><ul><li>Bring a pencil</li><li>Bring lunch</li></ul>',
      ],
      [
        '- Bring a pencil\n- Bring lunch\nSee you Monday.',
        '<ul><li>Bring a pencil</li><li>Bring lunch</li></ul><p>See you Monday.</p>',
      ],
      [
        'Please bring:\n- a pencil\n- lunch\nThank you.\nThe office',
        '<p>Please bring:</p><ul><li>a pencil</li><li>lunch</li></ul><p>Thank you.<br>The office</p>',
      ],
    ];
    for (const [body, html] of cases) {
      expect((await published(callers.school_admin, { body, audience: ['all'] })).body).toBe(html);
    }
  });

  it('answers bad input with the field and its message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '' }, 'title', M.titleRequired],
      [{ title: 'x'.repeat(201) }, 'title', M.titleTooLong],
      // A title is every reader's notification title: no bells, line breaks or direction overrides.
      [{ title: 'Pay fees \u202egnp.exe' }, 'title', notPlainTextMessage('Title')],
      [{ title: 'Pay fees\u0007' }, 'title', notPlainTextMessage('Title')],
      [{ title: 'Pay fees\r\nBcc: x@y.test' }, 'title', notPlainTextMessage('Title')],
      [{ body: '   ' }, 'body', M.bodyRequired],
      [{ body: '<script>only code</script>' }, 'body', M.bodyRequired],
      [{ audience: [] }, 'audience', M.audienceRequired],
      [{ audience: ['janitor'] }, 'audience.0', M.audienceUnknown],
      [{ audience: ['all'], expiresAt: 'tomorrow' }, 'expiresAt', M.expiryFormat],
      [{ audience: ['all'], expiresAt: '0000-01-01T00:00:00Z' }, 'expiresAt', M.expiryFormat],
      [{ audience: ['all'], expiresAt: '2000-01-01T00:00:00Z' }, 'expiresAt', M.expiryPast],
      [{ audience: ['all'], classIds: ['00000000-0000-4000-8000-000000000000'] }, 'classIds', M.unknownClass],
    ];
    for (const [payload, field, message] of cases) {
      const res = await publish(callers.school_admin, { audience: ['all'], ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res).fields?.[field], JSON.stringify(payload)).toBe(message);
      // Checked by the schema or by the server (an expiry against the clock, a body once cleaned), the
      // refusal reads as every request-validation failure does (docs/product.md, "The error body").
      if (field !== 'classIds') expect(errorOf(res).message, JSON.stringify(payload)).toBe(`Invalid data: ${message}`);
    }
    const made = await published(callers.school_admin, { audience: ['all'] });
    const retitled = await callers.school_admin({
      method: 'PATCH',
      url: `/api/v1/announcements/${made.id}`,
      payload: { title: 'Hello\u2066' },
    });
    expect(retitled.statusCode).toBe(400);
    expect(errorOf(retitled).fields?.title).toBe(notPlainTextMessage('Title'));
  });

  it('bounds the message as stored too: one that escaping would make more than twice the limit is refused', async () => {
    const count = async () =>
      Number(
        (
          (await w.t.app.deps.db.execute(sql`select count(*)::int as n from announcements where school_id = ${w.a.id}`))
            .rows[0] as { n: number }
        ).n,
      );
    const before = await count();
    // 20 000 characters sent, 100 000 once each `&` is stored as `&amp;`.
    const amplified = `<${'&'.repeat(BODY_MAX - 1)}`;
    const res = await publish(callers.school_admin, { audience: ['all'], body: amplified });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields?.body).toBe(M.bodyTooLong);
    expect(await count()).toBe(before);
    // Real text at the limit, with a line break every few words, is stored.
    const long = await published(callers.school_admin, { audience: ['all'], body: 'Bring water\n'.repeat(1666) });
    expect(long.body.length).toBeGreaterThan(BODY_MAX);
    expect(long.body.length).toBeLessThanOrEqual(BODY_STORED_MAX);
    // Editing is held to the same bound and changes nothing when refused.
    const patch = await callers.school_admin({
      method: 'PATCH',
      url: `/api/v1/announcements/${long.id}`,
      payload: { body: amplified },
    });
    expect(patch.statusCode).toBe(400);
    expect(errorOf(patch).fields?.body).toBe(M.bodyTooLong);
    const kept = (await callers.school_admin({ method: 'GET', url: `/api/v1/announcements/${long.id}` })).json();
    expect(kept.body).toBe(long.body);
  });

  it('teachers address only students and parents of their own classes', async () => {
    const ok = await published(callers.teacher, { audience: ['student', 'parent'], classIds: [w.a.classId] });
    expect(ok.classes).toEqual([{ id: w.a.classId, name: expect.any(String) }]);
    const wide = await publish(callers.teacher, { audience: ['all'], classIds: [w.a.classId] });
    expect(errorOf(wide).fields?.audience).toBe(M.teacherAudience);
    const noClass = await publish(callers.teacher, { audience: ['parent'] });
    expect(errorOf(noClass).fields?.classIds).toBe(M.teacherClassRequired);
    const another = await publish(callers.teacher, { audience: ['parent'], classIds: [otherClassId] });
    expect(another.statusCode).toBe(403);
    expect(errorOf(another).message).toBe(M.notYourClass);
  });

  it('students and parents cannot publish, edit or see readers', async () => {
    const made = await published(callers.school_admin, { audience: ['all'] });
    for (const role of ['student', 'parent'] as const) {
      expect((await publish(callers[role], { audience: ['all'] })).statusCode).toBe(403);
      const patch = await callers[role]({
        method: 'PATCH',
        url: `/api/v1/announcements/${made.id}`,
        payload: { pinned: true },
      });
      expect(patch.statusCode).toBe(403);
      expect((await callers[role]({ method: 'GET', url: `/api/v1/announcements/${made.id}/readers` })).statusCode).toBe(
        403,
      );
      expect((await callers[role]({ method: 'GET', url: '/api/v1/announcements/options' })).statusCode).toBe(403);
    }
    // A teacher may not manage someone else's announcement.
    const teacherPatch = await callers.teacher({
      method: 'PATCH',
      url: `/api/v1/announcements/${made.id}`,
      payload: { pinned: true },
    });
    expect(teacherPatch.statusCode).toBe(403);
  });

  it('options: every audience and class for managers, a teacher their classes', async () => {
    const staff = (await callers.principal({ method: 'GET', url: '/api/v1/announcements/options' })).json();
    expect(staff.audiences).toContain('all');
    expect(staff.classes.map((c: { id: string }) => c.id).sort()).toEqual([w.a.classId, otherClassId].sort());
    const teacher = (await callers.teacher({ method: 'GET', url: '/api/v1/announcements/options' })).json();
    expect(teacher).toEqual({
      audiences: ['student', 'parent'],
      classes: [{ id: w.a.classId, label: expect.any(String) }],
      classRequired: true,
    });
  });
});

describe('visibility', () => {
  it('each role sees an announcement when its audience holds the role or all (every role × audience)', async () => {
    const audiences: Audience[] = ['all', ...SCHOOL_ROLES];
    const made = new Map<Audience, string>();
    for (const audience of audiences) {
      made.set(audience, (await published(callers.school_admin, { title: `to ${audience}`, audience: [audience] })).id);
    }
    for (const role of SCHOOL_ROLES) {
      const seen = new Set(await listIds(callers[role]));
      for (const audience of audiences) {
        const expected = role === 'school_admin' || role === 'principal' || audience === 'all' || audience === role;
        expect(seen.has(made.get(audience) as string), `${role} sees an announcement to ${audience}`).toBe(expected);
        const one = await callers[role]({ method: 'GET', url: `/api/v1/announcements/${made.get(audience)}` });
        expect(one.statusCode, `${role} reads one to ${audience}`).toBe(expected ? 200 : 404);
      }
    }
  });

  it('narrowed to a class: its student, their parent and its teacher see it; others do not', async () => {
    const mine = await published(callers.school_admin, { audience: ['all'], classIds: [w.a.classId] });
    const other = await published(callers.school_admin, { audience: ['all'], classIds: [otherClassId] });
    for (const role of ['teacher', 'student', 'parent'] as const) {
      const seen = new Set(await listIds(callers[role]));
      expect(seen.has(mine.id), role).toBe(true);
      expect(seen.has(other.id), role).toBe(false);
    }
    for (const role of ['school_admin', 'principal'] as const) {
      expect(new Set(await listIds(callers[role])).has(other.id), role).toBe(true);
    }
  });

  it("a withdrawn student and their parents leave the class's announcements at once; a moved one's follow the new class", async () => {
    const app = w.t.app;
    const adminSession = await w.a.signIn('school_admin');
    const cls = await createClass(app, adminSession);
    const dad = await createParent(app, adminSession, { sendInvitation: false });
    const mum = await createParent(app, adminSession, { sendInvitation: false });
    const kid = await createStudent(app, adminSession, {
      classId: cls.id,
      parents: [{ parentId: dad.parent.id, relationship: 'Father' }],
    });
    const mover = await createStudent(app, adminSession, {
      classId: cls.id,
      parents: [{ parentId: mum.parent.id, relationship: 'Mother' }],
    });
    const sessionOf = (made: typeof dad) => login(app, made.parent.email, 'parent', made.temporaryPassword as string);
    const fatherSession = await sessionOf(dad);
    const [father, mother] = [as(app, fatherSession), as(app, await sessionOf(mum))];
    const file = await upload(adminSession, Buffer.from('%PDF-1.4\n%%EOF\n'));
    const toClass = async (classId: string, title: string, attachmentIds: string[] = []) =>
      published(callers.school_admin, { title, audience: ['student', 'parent'], classIds: [classId], attachmentIds });
    const before = await toClass(cls.id, 'Class trip', [file.id]);
    const reads = (caller: Caller) =>
      Promise.all([
        caller({ method: 'GET', url: `/api/v1/announcements/${before.id}` }),
        caller({ method: 'GET', url: `/api/v1/attachments/${file.id}` }),
        caller({ method: 'POST', url: `/api/v1/announcements/${before.id}/read` }),
      ]);
    expect(await listIds(father)).toContain(before.id);
    expect((await reads(father)).map((r) => r.statusCode)).toEqual([200, 200, 204]);
    expect(before.audienceCount).toBe(4);

    const withdrawn = await callers.school_admin({
      method: 'DELETE',
      url: `/api/v1/classes/${cls.id}/students/${kid.student.id}`,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const moved = await callers.school_admin({
      method: 'POST',
      url: `/api/v1/classes/${otherClassId}/students`,
      payload: { studentId: mover.student.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);

    // Not the class's audience any more: not listed, not read, its file not served, as for anyone outside it.
    for (const caller of [father, mother]) {
      expect(await listIds(caller)).not.toContain(before.id);
      const [one, attachment, mark] = await reads(caller);
      for (const res of [one, mark]) {
        expect(res.statusCode, res.body).toBe(404);
        expect(errorOf(res).message).toBe(M.notFound);
      }
      expect(attachment.statusCode, attachment.body).toBe(404);
      expect(errorOf(attachment).message).toBe(ATTACHMENT_MESSAGES.notFound);
    }
    // Nor counted, nor among its readers (the father had read it), the withdrawn student neither.
    const figures = (await callers.school_admin({ method: 'GET', url: `/api/v1/announcements/${before.id}` })).json();
    expect(figures).toMatchObject({ audienceCount: 0, readCount: 0 });
    for (const state of ['read', 'unread']) {
      const readers = await callers.school_admin({
        method: 'GET',
        url: `/api/v1/announcements/${before.id}/readers?state=${state}`,
      });
      expect(readers.json().items).toEqual([]);
    }

    // A new one to the old class tells neither parent, in the bell or live; the moved child's new class does.
    const bell = async (caller: Caller) =>
      (
        (await caller({ method: 'GET', url: '/api/v1/notifications?type=announcement&limit=100' })).json().items as {
          title: string;
        }[]
      ).map((n) => n.title);
    const live = await openStream(await streamBase(), fatherSession.cookie);
    streams.push(live);
    const after = await toClass(cls.id, 'Sports day');
    const elsewhere = await toClass(otherClassId, 'Museum visit');
    const toParents = await published(callers.school_admin, { title: 'Parents evening', audience: ['parent'] });
    // Events reach a stream in the order they were sent: the first one the father gets is the one to every parent.
    expect(JSON.parse((await live.next('announcement')).data)).toMatchObject({ id: toParents.id });
    expect(await bell(father)).not.toContain('New announcement: Sports day');
    expect(await bell(mother)).not.toContain('New announcement: Sports day');
    expect(await bell(mother)).toContain('New announcement: Museum visit');
    expect(await listIds(father)).not.toContain(after.id);
    expect(await listIds(mother)).toEqual(expect.arrayContaining([elsewhere.id]));
    expect(await listIds(mother)).not.toContain(after.id);
    expect(after.audienceCount).toBe(0);
  });

  it("a parent who leaves a class's audience loses its announcements' notifications: list, unread count and opening; a parent still in it keeps them", async () => {
    const app = w.t.app;
    const adminSession = await w.a.signIn('school_admin');
    const cls = await createClass(app, adminSession);
    const newParent = () => createParent(app, adminSession, { sendInvitation: false });
    const [dad, mum, aunt] = [await newParent(), await newParent(), await newParent()];
    const kid = await createStudent(app, adminSession, {
      classId: cls.id,
      parents: [{ parentId: dad.parent.id, relationship: 'Father' }],
    });
    const stayer = await createStudent(app, adminSession, {
      classId: cls.id,
      parents: [
        { parentId: mum.parent.id, relationship: 'Mother' },
        { parentId: aunt.parent.id, relationship: 'Guardian' },
      ],
    });
    const callerOf = async (made: typeof dad) =>
      as(app, await login(app, made.parent.email, 'parent', made.temporaryPassword as string));
    const [father, mother, guardian] = [await callerOf(dad), await callerOf(mum), await callerOf(aunt)];
    const note = await published(callers.school_admin, {
      title: 'Class picnic',
      audience: ['parent'],
      classIds: [cls.id],
    });
    const bell = async (caller: Caller) => {
      const page = (await caller({ method: 'GET', url: '/api/v1/notifications?limit=100' })).json() as {
        items: { id: string; title: string }[];
        unread: number;
      };
      const unread = (await caller({ method: 'GET', url: '/api/v1/notifications?read=unread&limit=100' })).json();
      return {
        ...page,
        mine: page.items.find((n) => n.title === 'New announcement: Class picnic'),
        unreadTotal: unread.total,
      };
    };
    const before = { father: await bell(father), guardian: await bell(guardian) };
    for (const b of Object.values(before)) expect(b.mine).toBeDefined();

    // Withdrawn: the father's bell drops it, and its unread count with it; opening (reading, deleting) it is a clean 404.
    const withdrawn = await callers.school_admin({
      method: 'DELETE',
      url: `/api/v1/classes/${cls.id}/students/${kid.student.id}`,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const after = await bell(father);
    expect(after.mine).toBeUndefined();
    expect(after.unread).toBe(before.father.unread - 1);
    expect(after.unreadTotal).toBe(after.unread);
    for (const res of [
      await father({ method: 'POST', url: `/api/v1/notifications/${before.father.mine?.id}/read` }),
      await father({ method: 'DELETE', url: `/api/v1/notifications/${before.father.mine?.id}` }),
      await father({ method: 'GET', url: `/api/v1/announcements/${note.id}` }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
    // A parent of a child still in the class keeps it, unread.
    expect((await bell(mother)).mine).toBeDefined();
    // Unlinked from the child who stays, a parent leaves the audience too; the child's other parent does not.
    const unlinked = await callers.school_admin({
      method: 'DELETE',
      url: `/api/v1/students/${stayer.student.id}/parents/${aunt.parent.id}`,
    });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect((await bell(guardian)).mine).toBeUndefined();
    expect((await bell(guardian)).unread).toBe(before.guardian.unread - 1);
    expect((await bell(mother)).mine).toBeDefined();
    // Moved to another class: the mother's goes as well.
    const moved = await callers.school_admin({
      method: 'POST',
      url: `/api/v1/classes/${otherClassId}/students`,
      payload: { studentId: stayer.student.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await bell(mother)).mine).toBeUndefined();
  });

  it('archived and expired ones leave the readers’ list; the author and managers still see them', async () => {
    const made = await published(callers.teacher, { audience: ['student'], classIds: [w.a.classId] });
    expect(await listIds(callers.student)).toContain(made.id);
    const archived = await callers.teacher({
      method: 'PATCH',
      url: `/api/v1/announcements/${made.id}`,
      payload: { status: 'archived' },
    });
    expect(archived.json().status).toBe('archived');
    expect(await listIds(callers.student, '&status=all')).not.toContain(made.id);
    expect(await listIds(callers.teacher, '&status=archived')).toContain(made.id);
    expect(await listIds(callers.principal, '&status=archived')).toContain(made.id);
    expect(await listIds(callers.principal)).not.toContain(made.id);

    const soon = await published(callers.school_admin, {
      audience: ['student'],
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    await w.t.app.deps.db.execute(
      sql`update announcements set expires_at = now() - interval '1 minute' where id = ${soon.id}`,
    );
    expect(await listIds(callers.student)).not.toContain(soon.id);
    expect(await listIds(callers.school_admin)).toContain(soon.id);
  });

  it('pinned ones come first, then newest first, paged by cursor', async () => {
    const first = await callers.parent({ method: 'GET', url: '/api/v1/announcements?limit=2' });
    const page = first.json();
    expect(page.items).toHaveLength(2);
    expect(page.nextCursor).toEqual(expect.any(String));
    const next = (
      await callers.parent({ method: 'GET', url: `/api/v1/announcements?limit=100&cursor=${page.nextCursor}` })
    ).json();
    const all = [...page.items, ...next.items] as Announcement[];
    expect(new Set(all.map((a) => a.id)).size).toBe(page.total);
    const pinnedIndex = all.findIndex((a) => !a.pinned);
    expect(all.slice(pinnedIndex).every((a) => !a.pinned)).toBe(true);
    const bad = await callers.parent({ method: 'GET', url: '/api/v1/announcements?status=deleted' });
    expect(bad.statusCode).toBe(400);
  });

  it('another school sees none of them and cannot read, mark or manage one (404)', async () => {
    const made = await published(callers.school_admin, { audience: ['all'] });
    const other = await w.b.as('school_admin');
    expect(await listIds(other)).not.toContain(made.id);
    expect((await other({ method: 'GET', url: `/api/v1/announcements/${made.id}` })).statusCode).toBe(404);
    expect((await other({ method: 'POST', url: `/api/v1/announcements/${made.id}/read` })).statusCode).toBe(404);
    expect(
      (await other({ method: 'PATCH', url: `/api/v1/announcements/${made.id}`, payload: { pinned: true } })).statusCode,
    ).toBe(404);
    expect((await other({ method: 'GET', url: `/api/v1/announcements/${made.id}/readers` })).statusCode).toBe(404);
    const crossClass = await publish(other, { audience: ['all'], classIds: [w.a.classId] });
    expect(errorOf(crossClass).fields?.classIds).toBe(M.unknownClass);
    const staff = await w.staff('company_admin');
    expect(
      (await w.t.app.inject({ method: 'GET', url: '/api/v1/announcements', headers: { cookie: staff.cookie } }))
        .statusCode,
    ).toBe(403);
  });
});

describe('reads, readers and the audience’s notification', () => {
  it('records each reader once; the author sees counts and who has not read', async () => {
    const made = await published(callers.teacher, { audience: ['student', 'parent'], classIds: [w.a.classId] });
    expect(made).toMatchObject({ readCount: 0, audienceCount: 2 });
    expect((await callers.parent({ method: 'POST', url: `/api/v1/announcements/${made.id}/read` })).statusCode).toBe(
      204,
    );
    expect((await callers.parent({ method: 'POST', url: `/api/v1/announcements/${made.id}/read` })).statusCode).toBe(
      204,
    );
    const asParent = (await callers.parent({ method: 'GET', url: `/api/v1/announcements/${made.id}` })).json();
    expect(asParent).toMatchObject({ read: true, readCount: null, audienceCount: null, canManage: false });
    const asAuthor = (await callers.teacher({ method: 'GET', url: `/api/v1/announcements/${made.id}` })).json();
    expect(asAuthor).toMatchObject({ readCount: 1, audienceCount: 2 });
    const unread = (await callers.teacher({ method: 'GET', url: `/api/v1/announcements/${made.id}/readers` })).json();
    expect(unread.items.map((r: { id: string }) => r.id)).toEqual([w.a.users.student.id]);
    const read = (
      await callers.principal({ method: 'GET', url: `/api/v1/announcements/${made.id}/readers?state=read&limit=1` })
    ).json();
    expect(read).toMatchObject({
      total: 1,
      items: [{ id: w.a.users.parent.id, role: 'parent', readAt: expect.any(String) }],
    });
    const bad = await callers.teacher({ method: 'GET', url: `/api/v1/announcements/${made.id}/readers?state=maybe` });
    expect(bad.statusCode).toBe(400);
  });

  it('notifies the audience: one role-wide row for whole roles, one per person when narrowed to classes', async () => {
    const count = async () =>
      Number(
        (
          (await w.t.app.deps.db.execute(sql`select count(*)::int as n from notifications where school_id = ${w.a.id}`))
            .rows[0] as { n: number }
        ).n,
      );
    const before = await count();
    const wide = await published(callers.school_admin, { title: 'Fair', audience: ['parent', 'teacher'] });
    expect(await count()).toBe(before + 1);
    const bell = async (role: SchoolRole) =>
      (await callers[role]({ method: 'GET', url: '/api/v1/notifications?type=announcement' })).json().items as {
        title: string;
        body: string;
      }[];
    expect((await bell('parent'))[0]).toMatchObject({ title: 'New announcement: Fair' });
    expect((await bell('student')).some((n) => n.title === 'New announcement: Fair')).toBe(false);
    expect(wide.id).toBeTruthy();

    await published(callers.teacher, { title: 'Trip', audience: ['parent'], classIds: [w.a.classId] });
    expect(await count()).toBe(before + 2);
    expect((await bell('parent'))[0]).toMatchObject({ title: 'New announcement: Trip' });
  });

  it('a title is shown as written in every language, even when it reads like one of our messages', async () => {
    // "Title" is also the form label, which Spanish and Arabic translate: the announcement's title is not it.
    const language = (value: string | null) =>
      callers.parent({ method: 'PUT', url: '/api/v1/profile/language', payload: { language: value } });
    expect((await language('es')).statusCode).toBe(200);
    try {
      await published(callers.principal, { title: 'Title', audience: ['parent'], classIds: [w.a.classId] });
      const [note] = (await callers.parent({ method: 'GET', url: '/api/v1/notifications?limit=1' })).json().items;
      expect(note).toMatchObject({
        title: 'Nuevo anuncio: Title',
        body: `principal ${w.a.name.replace('School ', '')} publicó un anuncio.`,
      });
      expect((await language('ar')).statusCode).toBe(200);
      const [inArabic] = (await callers.parent({ method: 'GET', url: '/api/v1/notifications?limit=1' })).json().items;
      // Isolated (U+2068 … U+2069) in the right-to-left sentence, so its direction cannot reorder the Arabic.
      expect(inArabic.title).toBe('إعلان جديد: \u2068Title\u2069');
    } finally {
      await language(null);
    }
  });

  it('the author is not told of their own announcement; the rest of its audience is', async () => {
    const inbox = async (role: SchoolRole) =>
      (await callers[role]({ method: 'GET', url: '/api/v1/notifications?limit=100' })).json() as {
        items: { title: string }[];
        unread: number;
      };
    const unreadBefore = (await inbox('principal')).unread;
    const adminUnreadBefore = (await inbox('school_admin')).unread;
    await published(callers.principal, { title: 'Staff meeting', audience: ['school_admin', 'principal'] });
    await published(callers.principal, { title: 'Everyone', audience: ['all'] });
    const mine = await inbox('principal');
    expect(mine.items.map((n) => n.title)).not.toContain('New announcement: Staff meeting');
    expect(mine.items.map((n) => n.title)).not.toContain('New announcement: Everyone');
    expect(mine.unread).toBe(unreadBefore);
    const admin = await inbox('school_admin');
    expect(admin.items.map((n) => n.title)).toEqual(
      expect.arrayContaining(['New announcement: Staff meeting', 'New announcement: Everyone']),
    );
    expect(admin.unread).toBe(adminUnreadBefore + 2);
  });
});

describe('reading an announcement clears its bell line', () => {
  type Inbox = { items: { id: string; title: string; read: boolean }[]; unread: number };
  const inbox = async (caller: Caller) =>
    (await caller({ method: 'GET', url: '/api/v1/notifications?limit=100' })).json() as Inbox;
  const markRead = (caller: Caller, id: string) => caller({ method: 'POST', url: `/api/v1/announcements/${id}/read` });
  const noteOf = async (caller: Caller, title: string) =>
    (await inbox(caller)).items.find((n) => n.title === `New announcement: ${title}`);

  it("marks the reader's own notification read, role-wide or narrowed to a class; open bells hear it and the badge falls", async () => {
    const wide = await published(callers.principal, { title: 'Read wide', audience: ['parent', 'teacher'] });
    const narrow = await published(callers.teacher, {
      title: 'Read narrow',
      audience: ['parent'],
      classIds: [w.a.classId],
    });
    const before = { parent: await inbox(callers.parent), teacher: await inbox(callers.teacher) };
    const wideNote = await noteOf(callers.parent, 'Read wide');
    expect(wideNote?.read).toBe(false);
    const live = await openStream(await streamBase(), (await w.a.signIn('parent')).cookie);
    streams.push(live);
    await live.next('unread');

    expect((await markRead(callers.parent, wide.id)).statusCode).toBe(204);
    expect((await noteOf(callers.parent, 'Read wide'))?.read).toBe(true);
    expect((await inbox(callers.parent)).unread).toBe(before.parent.unread - 1);
    // Each reader's own: the teacher has not read it, so theirs stays unread.
    expect((await noteOf(callers.teacher, 'Read wide'))?.read).toBe(false);
    expect((await inbox(callers.teacher)).unread).toBe(before.teacher.unread);
    // The parent's open bell replaces the line, now read, then takes the count.
    expect(JSON.parse((await live.next('notification')).data)).toMatchObject({ id: wideNote?.id, read: true });
    expect(JSON.parse((await live.next('unread')).data)).toMatchObject({ notifications: before.parent.unread - 1 });

    // Narrowed to a class: the parent's own row.
    expect((await markRead(callers.parent, narrow.id)).statusCode).toBe(204);
    expect((await noteOf(callers.parent, 'Read narrow'))?.read).toBe(true);
    expect((await inbox(callers.parent)).unread).toBe(before.parent.unread - 2);
    // Reading again changes nothing, and tells no bell again.
    expect((await markRead(callers.parent, narrow.id)).statusCode).toBe(204);
    expect((await inbox(callers.parent)).unread).toBe(before.parent.unread - 2);
  });

  it('bad input, another school or an announcement not theirs marks nothing read', async () => {
    const made = await published(callers.principal, { title: 'Read guarded', audience: ['parent'] });
    const unread = (await inbox(callers.parent)).unread;
    expect((await markRead(callers.parent, 'not-an-id')).statusCode).toBe(400);
    // Another school's reader, and a student it is not addressed to: 404, and the parent's line stays unread.
    expect((await markRead(await w.b.as('parent'), made.id)).statusCode).toBe(404);
    expect((await markRead(callers.student, made.id)).statusCode).toBe(404);
    expect((await noteOf(callers.parent, 'Read guarded'))?.read).toBe(false);
    expect((await inbox(callers.parent)).unread).toBe(unread);
    // Marking the bell line read is not reading the announcement.
    const note = await noteOf(callers.parent, 'Read guarded');
    expect((await callers.parent({ method: 'POST', url: `/api/v1/notifications/${note?.id}/read` })).statusCode).toBe(
      204,
    );
    expect((await callers.parent({ method: 'GET', url: `/api/v1/announcements/${made.id}` })).json().read).toBe(false);
  });
});

describe('withdrawing an announcement', () => {
  type Inbox = { items: { id: string; title: string; read: boolean }[]; unread: number; total: number };
  const inbox = async (role: SchoolRole) =>
    (await callers[role]({ method: 'GET', url: '/api/v1/notifications?limit=100' })).json() as Inbox;
  const archive = (caller: Caller, id: string, status = 'archived') =>
    caller({ method: 'PATCH', url: `/api/v1/announcements/${id}`, payload: { status } });

  it('takes its notifications out of every bell, and the unread counts fall with them', async () => {
    const before = { parent: await inbox('parent'), teacher: await inbox('teacher') };
    // Role-wide (one row for all parents and teachers) and narrowed to a class (one row per person).
    const wide = await published(callers.principal, { title: 'Wide, withdrawn', audience: ['parent', 'teacher'] });
    const narrow = await published(callers.teacher, {
      title: 'Narrow, withdrawn',
      audience: ['parent'],
      classIds: [w.a.classId],
    });
    const kept = await published(callers.school_admin, { title: 'Kept', audience: ['parent'] });
    const parent = await inbox('parent');
    expect(parent.unread).toBe(before.parent.unread + 3);
    // The teacher has read the role-wide one: their state of it goes with it.
    const wideNote = (await inbox('teacher')).items.find((n) => n.title === 'New announcement: Wide, withdrawn');
    expect(
      (await callers.teacher({ method: 'POST', url: `/api/v1/notifications/${wideNote?.id}/read` })).statusCode,
    ).toBe(204);

    expect((await archive(callers.principal, wide.id)).statusCode).toBe(200);
    expect((await archive(callers.teacher, narrow.id)).statusCode).toBe(200);

    const after = await inbox('parent');
    expect(after.items.map((n) => n.title)).not.toContain('New announcement: Wide, withdrawn');
    expect(after.items.map((n) => n.title)).not.toContain('New announcement: Narrow, withdrawn');
    expect(after.items.map((n) => n.title)).toContain('New announcement: Kept');
    expect(after).toMatchObject({ unread: before.parent.unread + 1, total: before.parent.total + 1 });
    const teacher = await inbox('teacher');
    expect(teacher.items.map((n) => n.title)).not.toContain('New announcement: Wide, withdrawn');
    expect(teacher).toMatchObject({ unread: before.teacher.unread, total: before.teacher.total });
    const rows = async (query: ReturnType<typeof sql>) => (await w.t.app.deps.db.execute(query)).rows.length;
    expect(await rows(sql`select 1 from notifications where announcement_id in ${[wide.id, narrow.id]}`)).toBe(0);
    expect(await rows(sql`select 1 from notification_reads where notification_id = ${wideNote?.id}`)).toBe(0);
    expect(await rows(sql`select 1 from notifications where announcement_id = ${kept.id}`)).toBe(1);

    // Restoring it notifies no one again.
    expect((await archive(callers.principal, wide.id, 'active')).statusCode).toBe(200);
    expect(await inbox('parent')).toMatchObject({ unread: after.unread, total: after.total });
  });
});

describe('editing an announcement', () => {
  const edit = (caller: Caller, id: string, payload: Record<string, unknown>) =>
    caller({ method: 'PATCH', url: `/api/v1/announcements/${id}`, payload });
  const read = async (caller: Caller, id: string) =>
    (await caller({ method: 'GET', url: `/api/v1/announcements/${id}` })).json() as Announcement;
  const notes = async () =>
    (
      await w.t.app.deps.db.execute(
        sql`select title from notifications where school_id = ${w.a.id} and type = 'announcement' order by title`,
      )
    ).rows;

  it('the author corrects its title, message, expiry and files; its audience sees them, and no one is notified again', async () => {
    const teacher = await w.a.signIn('teacher');
    const [first, second] = [
      await upload(teacher, Buffer.from('%PDF-1.4\n%%EOF\n')),
      await upload(teacher, Buffer.from('%PDF-1.4\n%%EOF\n')),
    ];
    const made = await published(callers.teacher, {
      title: 'Trip on Frday',
      body: 'Bring lunch',
      audience: ['parent'],
      classIds: [w.a.classId],
      attachmentIds: [first?.id],
    });
    const before = await notes();
    const expiresAt = new Date(w.t.app.deps.clock().getTime() + 86_400_000).toISOString();
    const res = await edit(callers.teacher, made.id, {
      title: 'Trip on Friday',
      body: 'Bring lunch\n\n- and water',
      expiresAt,
      attachmentIds: [second?.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const seen = await read(callers.parent, made.id);
    expect(seen).toMatchObject({
      title: 'Trip on Friday',
      body: '<p>Bring lunch</p><ul><li>and water</li></ul>',
      expiresAt,
      audience: ['parent'],
      classes: [{ id: w.a.classId }],
      createdAt: made.createdAt,
    });
    expect(seen.attachments.map((a) => a.id)).toEqual([second?.id]);
    expect((await callers.parent({ method: 'GET', url: `/api/v1/attachments/${first?.id}` })).statusCode).toBe(404);
    // No new notification: the ones sent follow the corrected title (docs/product.md, "Notifications").
    expect(before).toContainEqual({ title: 'New announcement: Trip on Frday' });
    const titles = (rows: Record<string, unknown>[]) => rows.map((n) => String(n.title)).sort();
    const corrected = titles(before).map((t) =>
      t === 'New announcement: Trip on Frday' ? 'New announcement: Trip on Friday' : t,
    );
    expect(titles(await notes())).toEqual(corrected.sort());
    // A manager may correct it too; the expiry can be taken off.
    expect((await edit(callers.principal, made.id, { expiresAt: null })).statusCode).toBe(200);
    expect((await read(callers.parent, made.id)).expiresAt).toBeNull();
  });

  it("retitles its notifications in every bell, in each reader's language, keeping read state; open bells replace the line", async () => {
    type Inbox = { items: { id: string; title: string; read: boolean }[]; unread: number; total: number };
    const inbox = async (caller: Caller) =>
      (await caller({ method: 'GET', url: '/api/v1/notifications?limit=100' })).json() as Inbox;
    const made = await published(callers.principal, { title: 'Fair on Munday', audience: ['parent', 'teacher'] });
    const noteOf = async (caller: Caller) => (await inbox(caller)).items.find((n) => n.title.includes('Fair on'));
    const parentNote = await noteOf(callers.parent);
    expect(parentNote?.title).toBe('New announcement: Fair on Munday');
    // The parent has read it, the teacher has not; the author was never told.
    expect(
      (await callers.parent({ method: 'POST', url: `/api/v1/notifications/${parentNote?.id}/read` })).statusCode,
    ).toBe(204);
    const before = { parent: await inbox(callers.parent), teacher: await inbox(callers.teacher) };
    const live = await openStream(await streamBase(), (await w.a.signIn('teacher')).cookie);
    streams.push(live);
    await live.next('unread');

    expect((await edit(callers.principal, made.id, { title: 'Fair on Monday' })).statusCode).toBe(200);

    // The same line, retitled, nothing new and nothing unread again.
    for (const [caller, was] of [
      [callers.parent, before.parent],
      [callers.teacher, before.teacher],
    ] as const) {
      const now = await inbox(caller);
      expect(now).toMatchObject({ unread: was.unread, total: was.total });
      const note = now.items.find((n) => n.id === parentNote?.id);
      expect(note).toMatchObject({ title: 'New announcement: Fair on Monday' });
      expect(note?.read).toBe(was.items.find((n) => n.id === parentNote?.id)?.read);
    }
    expect((await noteOf(callers.parent))?.read).toBe(true);
    expect(await noteOf(callers.principal)).toBeUndefined();
    // Open bells hear it as rewritten in place, then the unread count as it is.
    const heard = JSON.parse((await live.next('notification')).data);
    expect(heard).toMatchObject({ id: parentNote?.id, title: 'New announcement: Fair on Monday', read: false });
    expect(JSON.parse((await live.next('unread')).data)).toMatchObject({ notifications: before.teacher.unread });
    // Our wording in the reader's language, the new title as written.
    const es = await callers.parent({ method: 'PUT', url: '/api/v1/profile/language', payload: { language: 'es' } });
    expect(es.statusCode, es.body).toBeLessThan(300);
    expect((await inbox(callers.parent)).items.find((n) => n.id === parentNote?.id)?.title).toBe(
      'Nuevo anuncio: Fair on Monday',
    );
    const back = await callers.parent({ method: 'PUT', url: '/api/v1/profile/language', payload: { language: null } });
    expect(back.statusCode, back.body).toBeLessThan(300);

    // Refused edits (bad input, wrong role, another school) leave the notification's title as it is.
    expect((await edit(callers.principal, made.id, { title: '' })).statusCode).toBe(400);
    expect((await edit(callers.teacher, made.id, { title: 'Hijacked' })).statusCode).toBe(403);
    expect((await edit(await w.b.as('school_admin'), made.id, { title: 'Hijacked' })).statusCode).toBe(404);
    const rows = await w.t.app.deps.db.execute(
      sql`select title, message->'title'->'params' as params from notifications where announcement_id = ${made.id}`,
    );
    expect(rows.rows).toEqual([{ title: 'New announcement: Fair on Monday', params: ['Fair on Monday'] }]);
  });

  it('refuses bad input with the field and its message, changing nothing', async () => {
    const made = await published(callers.school_admin, { title: 'Kept', body: 'As it was', audience: ['all'] });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '' }, 'title', M.titleRequired],
      [{ title: 'Fine', body: '   ' }, 'body', M.bodyRequired],
      [{ title: 'Fine', expiresAt: '2000-01-01T00:00:00Z' }, 'expiresAt', M.expiryPast],
      [{ title: 'Fine', expiresAt: 'soon' }, 'expiresAt', M.expiryFormat],
      [{ title: 'Fine', attachmentIds: ['nope'] }, 'attachmentIds.0', ATTACHMENT_MESSAGES.invalidId],
      [{ audience: ['teacher'] }, '', ''],
    ];
    for (const [payload, field, message] of cases) {
      const res = await edit(callers.school_admin, made.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (field) expect(errorOf(res).fields?.[field], JSON.stringify(payload)).toBe(message);
    }
    expect(await read(callers.school_admin, made.id)).toEqual(made);
  });

  it('is the author’s and the managers’ only; another school’s answers 404; neither changes anything', async () => {
    const made = await published(callers.principal, { title: 'Staff only', audience: ['all'] });
    for (const role of ['teacher', 'student', 'parent'] as const) {
      expect((await edit(callers[role], made.id, { title: 'Hijacked' })).statusCode, role).toBe(403);
    }
    const other = await w.b.as('school_admin');
    expect((await edit(other, made.id, { title: 'Hijacked' })).statusCode).toBe(404);
    expect((await read(callers.principal, made.id)).title).toBe('Staff only');
  });

  it('marks it Edited when its title, message or files change, at that time; pinning, expiry, archiving and reading leave the mark', async () => {
    const admin = await w.a.signIn('school_admin');
    const file = await upload(admin, Buffer.from('%PDF-1.4\n%%EOF\n'));
    const made = await published(callers.school_admin, { title: 'Mark', body: 'Same', audience: ['parent'] });
    expect(made.editedAt).toBeNull();
    const later = new Date(w.t.app.deps.clock().getTime() + 86_400_000).toISOString();
    // Sending what it already says, pinning, an expiry, reading: none is an edit of what readers read.
    for (const payload of [
      { title: 'Mark' },
      { body: 'Same' },
      { pinned: true },
      { expiresAt: later },
      { attachmentIds: [] },
    ]) {
      expect((await edit(callers.school_admin, made.id, payload)).statusCode, JSON.stringify(payload)).toBe(200);
    }
    expect((await callers.parent({ method: 'POST', url: `/api/v1/announcements/${made.id}/read` })).statusCode).toBe(
      204,
    );
    expect((await read(callers.parent, made.id)).editedAt).toBeNull();
    // Each of title, message and files marks it, with the time of that edit, for every reader and in the list.
    let last: string | null = null;
    for (const payload of [{ title: 'Mark, corrected' }, { body: 'Changed' }, { attachmentIds: [file.id] }]) {
      const res = await edit(callers.school_admin, made.id, payload);
      expect(res.statusCode, res.body).toBe(200);
      const editedAt = (res.json() as Announcement).editedAt;
      expect(editedAt, JSON.stringify(payload)).not.toBeNull();
      if (last) expect(new Date(editedAt as string).getTime()).toBeGreaterThanOrEqual(new Date(last).getTime());
      last = editedAt;
    }
    const listed = (
      (await callers.parent({ method: 'GET', url: '/api/v1/announcements?limit=100' })).json().items as Announcement[]
    ).find((a) => a.id === made.id);
    expect(listed?.editedAt).toBe(last);
    // Archiving and restoring keep the mark as it was.
    expect((await edit(callers.school_admin, made.id, { status: 'archived' })).statusCode).toBe(200);
    expect((await edit(callers.school_admin, made.id, { status: 'active' })).json().editedAt).toBe(last);
  });

  it('refuses to correct an archived one (422) and changes nothing; restoring, pinning and archiving still work; one past its expiry is corrected and extended', async () => {
    const archived = await published(callers.teacher, {
      title: 'Taken down',
      body: 'As it was',
      audience: ['parent'],
      classIds: [w.a.classId],
    });
    expect((await edit(callers.teacher, archived.id, { status: 'archived' })).statusCode).toBe(200);
    const taken = await read(callers.teacher, archived.id);
    for (const payload of [
      { title: 'Changed' },
      { body: 'Changed' },
      { expiresAt: null },
      { attachmentIds: [] },
      { status: 'active', title: 'Changed' },
    ]) {
      const res = await edit(callers.teacher, archived.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(errorOf(res)).toMatchObject({ code: 'rule', message: M.archivedNotEditable });
    }
    expect(await read(callers.teacher, archived.id)).toEqual(taken);
    // Still refused to another school (404) and to a role that may not manage it (403), before anything else.
    expect((await edit(await w.b.as('school_admin'), archived.id, { title: 'Changed' })).statusCode).toBe(404);
    expect((await edit(callers.parent, archived.id, { title: 'Changed' })).statusCode).toBe(403);
    expect((await edit(callers.teacher, archived.id, { pinned: true })).statusCode).toBe(200);
    expect((await edit(callers.teacher, archived.id, { status: 'active' })).json()).toMatchObject({
      status: 'active',
      title: 'Taken down',
    });

    const expired = await published(callers.principal, {
      title: 'Past it',
      audience: ['parent'],
      expiresAt: new Date(w.t.app.deps.clock().getTime() + 60_000).toISOString(),
    });
    await w.t.app.deps.db.execute(
      sql`update announcements set expires_at = now() - interval '1 minute' where id = ${expired.id}`,
    );
    // Past its expiry its readers no longer see it; its text may still be corrected, and a later expiry
    // brings it back to them.
    const later = new Date(w.t.app.deps.clock().getTime() + 86_400_000).toISOString();
    expect((await edit(callers.principal, expired.id, { title: 'Past it, corrected' })).statusCode).toBe(200);
    const extended = await edit(callers.principal, expired.id, { expiresAt: later });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(extended.json()).toMatchObject({ title: 'Past it, corrected', expiresAt: later });
    const seen = (await callers.parent({ method: 'GET', url: '/api/v1/announcements' })).json();
    expect(seen.items.map((a: { id: string }) => a.id)).toContain(expired.id);
    expect((await edit(callers.principal, expired.id, { status: 'archived' })).statusCode).toBe(200);
  });
});

describe('read figures (audienceCount and readCount) for a whole page', () => {
  type Person = { id: string; role: SchoolRole; active: boolean };
  const q = async <T>(query: ReturnType<typeof sql>) => (await w.t.app.deps.db.execute(query)).rows as T[];

  /** The audience rule recomputed from the tables, independently of the server's SQL (one snapshot per call). */
  async function recompute() {
    const people = await q<Person>(
      sql`select id, role, (is_active and deleted_at is null) as active from users where school_id = ${w.a.id}`,
    );
    const students = await q<{ id: string; class_id: string }>(
      sql`select id, class_id from students where school_id = ${w.a.id}`,
    );
    const links = await q<{ parent_id: string; student_id: string }>(
      sql`select parent_id, student_id from student_parents where school_id = ${w.a.id}`,
    );
    const teaching = await q<{ teacher_id: string; class_id: string }>(
      sql`select teacher_id, class_id from class_teachers where school_id = ${w.a.id}`,
    );
    const reads = await q<{ announcement_id: string; user_id: string }>(
      sql`select announcement_id, user_id from announcement_reads where school_id = ${w.a.id}`,
    );
    // A class's roster is its active students: a withdrawn (inactive) one brings their parents into none.
    const active = new Set(people.filter((p) => p.active).map((p) => p.id));
    const classOf = new Map(students.filter((s) => active.has(s.id)).map((s) => [s.id, s.class_id]));
    return (a: Announcement) => {
      const classes = new Set(a.classes.map((c) => c.id));
      const inClass = (p: Person) => {
        if (classes.size === 0 || p.role === 'school_admin' || p.role === 'principal') return true;
        if (p.role === 'student') return classes.has(classOf.get(p.id) ?? '');
        if (p.role === 'parent') {
          return links.some((l) => l.parent_id === p.id && classes.has(classOf.get(l.student_id) ?? ''));
        }
        return teaching.some((t) => t.teacher_id === p.id && classes.has(t.class_id));
      };
      const members = people.filter(
        (p) =>
          p.active && p.id !== a.author.id && (a.audience.includes('all') || a.audience.includes(p.role)) && inClass(p),
      );
      const readers = new Set(reads.filter((r) => r.announcement_id === a.id).map((r) => r.user_id));
      return { readCount: members.filter((m) => readers.has(m.id)).length, audienceCount: members.length };
    };
  }

  it('equal a recomputation for roles, classes, the author excluded, inactive and deleted people excluded', async () => {
    const admin = await w.a.signIn('school_admin');
    const app = w.t.app;
    // Class X (the world's) and Y: a second teacher in Y, a parent with a child in each, a student in both
    // classes, one inactive (withdrawn) student with a parent of their own and one deleted parent.
    const teacher2 = (await createTeacher(app, admin)).teacher;
    await assignTeacher(app, admin, otherClassId, { teacherId: teacher2.id });
    const twoChildren = (await createParent(app, admin)).parent;
    const deletedParent = (await createParent(app, admin)).parent;
    const inY = await createStudent(app, admin, {
      classId: otherClassId,
      parents: [{ parentId: twoChildren.id, relationship: 'Mother' }],
    });
    await createStudent(app, admin, {
      classId: w.a.classId,
      parents: [
        { parentId: twoChildren.id, relationship: 'Mother' },
        { parentId: deletedParent.id, relationship: 'Father' },
      ],
    });
    const withdrawnsParent = (await createParent(app, admin)).parent;
    const inactive = await createStudent(app, admin, {
      classId: w.a.classId,
      parents: [{ parentId: withdrawnsParent.id, relationship: 'Father' }],
    });
    await app.deps.db.execute(sql`update users set is_active = false where id = ${inactive.student.id}`);
    await app.deps.db.execute(sql`update users set deleted_at = now() where id = ${deletedParent.id}`);

    const made = [
      await published(callers.school_admin, { title: 'F all', audience: ['all'] }),
      await published(callers.principal, { title: 'F families', audience: ['student', 'parent'] }),
      await published(callers.school_admin, { title: 'F staff', audience: ['teacher', 'school_admin'] }),
      await published(callers.school_admin, { title: 'F all of X', audience: ['all'], classIds: [w.a.classId] }),
      await published(callers.school_admin, {
        title: 'F parents of X and Y',
        audience: ['parent'],
        classIds: [w.a.classId, otherClassId],
      }),
      await published(callers.teacher, {
        title: 'F teacher',
        audience: ['student', 'parent'],
        classIds: [w.a.classId],
      }),
      await published(callers.principal, {
        title: 'F managers and teachers of Y',
        audience: ['principal', 'school_admin', 'teacher'],
        classIds: [otherClassId],
      }),
    ];
    // Every other person of the school has read every one (the author, inactive and deleted ones included).
    await app.deps.db.execute(sql`insert into announcement_reads (school_id, id, announcement_id, user_id, read_at)
      select u.school_id, gen_random_uuid(), a.id, u.id, now()
      from (select id, school_id, row_number() over (order by id) as k from users where school_id = ${w.a.id}) u
      cross join announcements a
      where a.school_id = ${w.a.id} and a.title like 'F %' and (u.k % 2 = 0 or u.id = a.author_id
        or u.id in (${inactive.student.id}, ${deletedParent.id}, ${withdrawnsParent.id}))
      on conflict do nothing`);
    // A student who moves class leaves the audiences of the old one, reads included.
    await app.deps.db.execute(
      sql`update students set class_id = ${w.a.classId}, roll_number = 999 where id = ${inY.student.id}`,
    );

    const page = (await callers.principal({ method: 'GET', url: '/api/v1/announcements?limit=100' })).json()
      .items as Announcement[];
    const mine = page.filter((a) => made.some((m) => m.id === a.id));
    expect(mine).toHaveLength(made.length);
    const expectedFigures = await recompute();
    for (const a of page) {
      expect({ readCount: a.readCount, audienceCount: a.audienceCount }, a.title).toEqual(expectedFigures(a));
    }
    expect(mine.some((a) => (a.readCount ?? 0) > 0 && (a.audienceCount ?? 0) > (a.readCount ?? 0))).toBe(true);

    // The author sees the figures of their own; a reader sees none; the single read answers the same.
    const teacherPage = (await callers.teacher({ method: 'GET', url: '/api/v1/announcements?limit=100' })).json()
      .items as Announcement[];
    for (const a of teacherPage) {
      if (a.author.id === w.a.users.teacher.id) {
        expect({ readCount: a.readCount, audienceCount: a.audienceCount }, a.title).toEqual(expectedFigures(a));
      } else {
        expect({ readCount: a.readCount, audienceCount: a.audienceCount }, a.title).toEqual({
          readCount: null,
          audienceCount: null,
        });
      }
    }
    for (const a of mine) {
      const one = (await callers.school_admin({ method: 'GET', url: `/api/v1/announcements/${a.id}` })).json();
      expect(one).toMatchObject({ readCount: a.readCount, audienceCount: a.audienceCount, classes: a.classes });
    }
    const parentPage = (await callers.parent({ method: 'GET', url: '/api/v1/announcements?limit=100' })).json()
      .items as Announcement[];
    expect(parentPage.every((a) => a.readCount === null && a.audienceCount === null)).toBe(true);
    expect(parentPage.find((a) => a.title === 'F parents of X and Y')?.classes.map((c) => c.id)).toEqual([
      w.a.classId,
      otherClassId,
    ]);
  });
});
