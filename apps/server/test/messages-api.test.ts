import type { ContactList, ConversationDetail, ConversationList, Message } from '@lyceum/shared/messages';
import { translateTo } from '@lyceum/shared/i18n/catalogues';
import { MESSAGE_BODY_MAX, MESSAGE_MESSAGES } from '@lyceum/shared/messages';
import type { SchoolRole } from '@lyceum/shared/roles';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount, insertSchoolUser } from '../src/db/accounts.ts';
import { withSystem } from '../src/db/tenancy.ts';
import { assignTeacher, createClass, createParent, createStudent, createTeacher } from './factories/people.ts';
import { type Caller, type SchoolWorld, schoolWorld } from './fixtures/school-world.ts';
import { as, errorOf, login } from './helpers.ts';
import { listenUrl, openStream, type SseStream } from './sse-client.ts';

/** Messages: who may talk with whom, conversations, class groups from the roster, reads, search, reports, live. */
let w: SchoolWorld;
const A: Partial<Record<SchoolRole, Caller>> = {};
const callA = (role: SchoolRole) => A[role] as Caller;
/** People of school A outside the world's class: a teacher of no class, a student of another class and their parent. */
let other: { teacher: string; student: string; parent: string; classId: string };
const open: SseStream[] = [];

const M = MESSAGE_MESSAGES;

async function start(role: SchoolRole, userId: string) {
  return callA(role)({ method: 'POST', url: '/api/v1/messages/conversations', payload: { userId } });
}
async function send(caller: Caller, conversationId: string, body: string) {
  return caller({
    method: 'POST',
    url: `/api/v1/messages/conversations/${conversationId}/messages`,
    payload: { body },
  });
}

/** Gives the caller a profile picture; answers its URL. */
async function uploadPicture(caller: Caller): Promise<string> {
  const picture = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  const boundary = 'lyceum-picture';
  const upload = await caller({
    method: 'POST',
    url: '/api/v1/profile/picture',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-requested-with': 'XMLHttpRequest' },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      picture,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(upload.statusCode, upload.body).toBe(200);
  const url = (upload.json() as { user: { profileImage: string } }).user.profileImage;
  expect(url).toMatch(/^\/api\/v1\/files\/schools\//);
  return url;
}

beforeAll(async () => {
  w = await schoolWorld({ config: { eventHeartbeatMs: 60_000 } });
  for (const role of ['school_admin', 'principal', 'teacher', 'student', 'parent'] as const)
    A[role] = await w.a.as(role);
  const admin = await w.a.signIn('school_admin');
  const otherClass = await createClass(w.t.app, admin);
  const teacher = await createTeacher(w.t.app, admin);
  const student = await createStudent(w.t.app, admin, { classId: otherClass.id });
  const parent = await createParent(w.t.app, admin);
  const link = await callA('school_admin')({
    method: 'PUT',
    url: `/api/v1/students/${student.student.id}/parents/${parent.parent.id}`,
    payload: { relationship: 'Father' },
  });
  expect(link.statusCode, link.body).toBeLessThan(300);
  other = {
    teacher: teacher.teacher.id,
    student: student.student.id,
    parent: parent.parent.id,
    classId: otherClass.id,
  };
});
/** The app listens once, for every test here that holds a live stream. */
let base: Promise<string> | undefined;
const listening = () => {
  base ??= listenUrl(w.t.app);
  return base;
};
afterAll(async () => {
  for (const s of open) s.close();
  await w.t.close();
});

describe('who may start a conversation with whom (role × role, one school)', () => {
  type Target = SchoolRole | 'otherTeacher' | 'otherStudent' | 'otherParent';
  const targets: Target[] = [
    'school_admin',
    'principal',
    'teacher',
    'student',
    'parent',
    'otherTeacher',
    'otherStudent',
    'otherParent',
  ];
  // "teacher", "student" and "parent" are the world's class: the teacher leads it, the student is in it, the parent is theirs.
  const allowed: Record<SchoolRole, Target[]> = {
    school_admin: ['principal', 'teacher', 'student', 'parent', 'otherTeacher', 'otherStudent', 'otherParent'],
    principal: ['school_admin', 'teacher', 'student', 'parent', 'otherTeacher', 'otherStudent', 'otherParent'],
    teacher: ['student', 'parent'],
    parent: ['school_admin', 'principal', 'teacher'],
    student: ['teacher'],
  };
  const idOf = (t: Target): string =>
    t === 'otherTeacher'
      ? other.teacher
      : t === 'otherStudent'
        ? other.student
        : t === 'otherParent'
          ? other.parent
          : w.a.users[t].id;

  for (const role of Object.keys(allowed) as SchoolRole[]) {
    it(`${role}: starts exactly the allowed conversations; the contact picker offers exactly them`, async () => {
      const picker = await callA(role)({ method: 'GET', url: '/api/v1/messages/contacts' });
      expect(picker.statusCode).toBe(200);
      const offered = new Set((picker.json() as { items: { id: string }[] }).items.map((c) => c.id));
      for (const target of targets) {
        if (target === role) continue;
        const res = await start(role, idOf(target));
        const expected = allowed[role].includes(target);
        // 200: the pair's conversation was opened already, from the other side.
        expect(expected ? [200, 201] : [403], `${role} → ${target}: ${res.body}`).toContain(res.statusCode);
        if (!expected) expect(errorOf(res).message).toBe(M.notAllowed);
        expect(offered.has(idOf(target)), `${role} picker offers ${target}`).toBe(expected);
      }
      // Another school's people are never reachable, whoever asks.
      const across = await start(role, w.b.users[role === 'parent' ? 'teacher' : 'parent'].id);
      expect(across.statusCode).toBe(404);
      // Their own id in capitals too: ids are compared lower-cased (auth.ts, uuidSchema).
      for (const id of [w.a.users[role].id, w.a.users[role].id.toUpperCase()]) {
        const self = await start(role, id);
        expect(self.statusCode).toBe(400);
        expect(errorOf(self).message).toBe(M.notYourself);
      }
    });
  }

  it('opening a conversation again answers the same one (200), for either side', async () => {
    const first = await start('teacher', w.a.users.parent.id);
    const again = await start('parent', w.a.users.teacher.id);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect((again.json() as ConversationDetail).id).toBe((first.json() as ConversationDetail).id);
    expect((first.json() as ConversationDetail).title).toBe(`parent ${w.a.name.replace('School ', '')}`);
  });

  it("the picker refuses a search over 100 characters with the message search's words", async () => {
    const long = await callA('school_admin')({
      method: 'GET',
      url: `/api/v1/messages/contacts?search=${'a'.repeat(101)}`,
    });
    expect(long.statusCode).toBe(400);
    expect(errorOf(long)).toMatchObject({
      message: `Invalid data: ${M.searchTooLong(100)}`,
      fields: { search: M.searchTooLong(100) },
    });
    const fits = await callA('school_admin')({
      method: 'GET',
      url: `/api/v1/messages/contacts?search=${'a'.repeat(100)}`,
    });
    expect(fits.statusCode).toBe(200);
  });

  it('the picker narrows by name and escapes LIKE wildcards', async () => {
    const res = await callA('school_admin')({ method: 'GET', url: '/api/v1/messages/contacts?search=%25' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { items: unknown[] }).items).toEqual([]);
    const teacher = await callA('school_admin')({ method: 'GET', url: '/api/v1/messages/contacts?search=teacher' });
    expect((teacher.json() as { items: { role: string }[] }).items.every((c) => c.role === 'teacher')).toBe(true);
  });

  it('the picker finds a name whatever its accents, as the people lists do', async () => {
    const admin = await w.a.signIn('school_admin');
    const chloe = await createParent(w.t.app, admin, { name: 'Chloé Müller' });
    const found = async (search: string) => {
      const res = await callA('school_admin')({
        method: 'GET',
        url: `/api/v1/messages/contacts?search=${encodeURIComponent(search)}`,
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as { items: { id: string }[] }).items.map((c) => c.id);
    };
    for (const search of ['Chloe', 'chloé', 'CHLOE MULLER', 'muller', 'Müll'])
      expect(await found(search), search).toContain(chloe.parent.id);
    expect(await found('Chloex')).not.toContain(chloe.parent.id);
  });
});

describe('sending, reading, unread counts and receipts', () => {
  let direct: string;
  beforeAll(async () => {
    direct = ((await start('teacher', w.a.users.parent.id)).json() as ConversationDetail).id;
  });

  it('a sent message lists newest first, counts as unread for the other side until read, then shows as seen', async () => {
    const before = (await callA('parent')({ method: 'GET', url: '/api/v1/messages/unread' })).json() as {
      count: number;
    };
    const one = await send(callA('teacher'), direct, '  Hello, about homework  ');
    expect(one.statusCode, one.body).toBe(201);
    const sent = one.json() as Message;
    expect(sent).toMatchObject({ body: 'Hello, about homework', mine: true, conversationId: direct });
    await send(callA('teacher'), direct, 'Second line\nwith a newline');

    const unread = (await callA('parent')({ method: 'GET', url: '/api/v1/messages/unread' })).json() as {
      count: number;
    };
    expect(unread.count).toBe(before.count + 2);
    // The session read carries the same count, so a fresh page needs no request of its own for the badge.
    const session = (await callA('parent')({ method: 'GET', url: '/api/v1/auth/me' })).json() as {
      unreadMessages: number | null;
    };
    expect(session.unreadMessages).toBe(unread.count);
    const teacherUnread = (await callA('teacher')({ method: 'GET', url: '/api/v1/messages/unread' })).json() as {
      count: number;
    };
    expect(teacherUnread.count).toBe(0);

    const list = (
      await callA('parent')({ method: 'GET', url: '/api/v1/messages/conversations' })
    ).json() as ConversationList;
    const row = list.items.find((c) => c.id === direct);
    expect(row?.unread).toBe(2);
    expect(row?.lastMessage?.body).toBe('Second line\nwith a newline');
    expect(row?.lastMessage?.mine).toBe(false);
    expect(list.items[0]?.id).toBe(direct);

    const page1 = await callA('parent')({
      method: 'GET',
      url: `/api/v1/messages/conversations/${direct}/messages?limit=1`,
    });
    const p1 = page1.json() as { items: Message[]; nextCursor: string | null; total: number };
    expect(p1.items.map((m) => m.body)).toEqual(['Second line\nwith a newline']);
    expect(p1.total).toBe(2);
    const page2 = await callA('parent')({
      method: 'GET',
      url: `/api/v1/messages/conversations/${direct}/messages?limit=1&cursor=${p1.nextCursor}`,
    });
    expect((page2.json() as { items: Message[] }).items.map((m) => m.id)).toEqual([sent.id]);

    const teacherView = async () =>
      (
        (
          await callA('teacher')({ method: 'GET', url: `/api/v1/messages/conversations/${direct}/messages` })
        ).json() as {
          othersReadAt: string | null;
        }
      ).othersReadAt;
    expect(await teacherView()).toBeNull();
    const read = await callA('parent')({ method: 'POST', url: `/api/v1/messages/conversations/${direct}/read` });
    expect(read.statusCode).toBe(204);
    expect(new Date((await teacherView()) as string) >= new Date(sent.createdAt)).toBe(true);
    expect(
      ((await callA('parent')({ method: 'GET', url: '/api/v1/messages/unread' })).json() as { count: number }).count,
    ).toBe(before.count);
    const detail = (
      await callA('teacher')({ method: 'GET', url: `/api/v1/messages/conversations/${direct}` })
    ).json() as ConversationDetail;
    const parentMember = detail.members.find((m) => m.id === w.a.users.parent.id);
    expect(parentMember?.lastReadAt).not.toBeNull();
    expect(new Date(parentMember?.lastReadAt as string) >= new Date(sent.createdAt)).toBe(true);
  });

  it("shows the other person's picture where their name is: the conversation (list and by id) and the picker", async () => {
    const url = await uploadPicture(callA('teacher'));

    const list = (
      await callA('parent')({ method: 'GET', url: '/api/v1/messages/conversations' })
    ).json() as ConversationList;
    expect(list.items.find((c) => c.id === direct)?.image).toBe(url);
    // A class group is no one's face; the teacher's own side shows the parent's (none).
    for (const c of list.items.filter((c) => c.kind !== 'direct')) expect(c.image).toBeNull();
    const one = (
      await callA('parent')({ method: 'GET', url: `/api/v1/messages/conversations/${direct}` })
    ).json() as ConversationDetail;
    expect(one.image).toBe(url);
    const mine = (
      await callA('teacher')({ method: 'GET', url: `/api/v1/messages/conversations/${direct}` })
    ).json() as ConversationDetail;
    expect(mine.image).toBeNull();
    const contacts = (await callA('parent')({ method: 'GET', url: '/api/v1/messages/contacts' })).json() as ContactList;
    expect(contacts.items.find((c) => c.id === w.a.users.teacher.id)?.profileImage).toBe(url);
    // Beside each of the teacher's messages too: in the thread, the list's last message and what the live stream sends.
    const sent = await send(callA('teacher'), direct, 'With my picture');
    expect((sent.json() as Message).senderImage).toBe(url);
    const thread = (
      await callA('parent')({ method: 'GET', url: `/api/v1/messages/conversations/${direct}/messages` })
    ).json() as { items: Message[] };
    expect(thread.items[0]?.senderImage).toBe(url);
    expect(thread.items.filter((m) => m.senderId === w.a.users.parent.id).every((m) => m.senderImage === null)).toBe(
      true,
    );
    const relisted = (
      await callA('parent')({ method: 'GET', url: '/api/v1/messages/conversations' })
    ).json() as ConversationList;
    expect(relisted.items.find((c) => c.id === direct)?.lastMessage?.senderImage).toBe(url);
    // The picture itself is served to the parent, as everywhere in the school.
    expect((await callA('parent')({ method: 'GET', url })).statusCode).toBe(200);

    const removed = await callA('teacher')({ method: 'DELETE', url: '/api/v1/profile/picture' });
    expect(removed.statusCode).toBe(200);
    const after = (
      await callA('parent')({ method: 'GET', url: `/api/v1/messages/conversations/${direct}` })
    ).json() as ConversationDetail;
    expect(after.image).toBeNull();
  });

  it('one conversation by id is its list row (with members), wherever it sits in the list; a bad id is 400, company staff 403', async () => {
    // The page opens a linked conversation with this read when it is beyond the list's loaded pages.
    const all = (
      await callA('parent')({ method: 'GET', url: '/api/v1/messages/conversations' })
    ).json() as ConversationList;
    expect(all.items.length).toBeGreaterThan(1);
    const last = all.items.at(-1) as ConversationList['items'][number];
    const first = (
      await callA('parent')({ method: 'GET', url: '/api/v1/messages/conversations?limit=1' })
    ).json() as ConversationList;
    expect(first.items.map((c) => c.id)).not.toContain(last.id);
    const one = await callA('parent')({ method: 'GET', url: `/api/v1/messages/conversations/${last.id}` });
    expect(one.statusCode, one.body).toBe(200);
    const detail = one.json() as ConversationDetail;
    expect(detail).toMatchObject(last);
    expect(detail.members.map((m) => m.id)).toContain(w.a.users.parent.id);

    const bad = await callA('parent')({ method: 'GET', url: '/api/v1/messages/conversations/not-an-id' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).code).toBe('validation');
    const staff = await w.staff('company_admin');
    const refused = await w.t.app.inject({
      method: 'GET',
      url: `/api/v1/messages/conversations/${last.id}`,
      headers: { cookie: staff.cookie },
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('forbidden');
  });

  it('bad input: every message of the body', async () => {
    const cases: [unknown, string][] = [
      [{}, M.bodyRequired],
      [{ body: '   ' }, M.bodyRequired],
      [{ body: 'x'.repeat(MESSAGE_BODY_MAX + 1) }, M.bodyTooLong(MESSAGE_BODY_MAX)],
      [{ body: 'a\u0000b' }, M.bodyNotText],
      [{ body: '\u202eevil' }, M.bodyNotText],
    ];
    for (const [payload, message] of cases) {
      const res = await callA('teacher')({
        method: 'POST',
        url: `/api/v1/messages/conversations/${direct}/messages`,
        payload: payload as Record<string, unknown>,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res).fields?.body).toBe(message);
    }
    // The answer's sentence and its field's say the same in the reader's language: the label's template
    // (`{0} cannot contain…`) once swallowed `Invalid data:` as if it were the label, in English words.
    const spanish = await callA('teacher')({
      method: 'POST',
      url: `/api/v1/messages/conversations/${direct}/messages`,
      headers: { 'accept-language': 'es' },
      payload: { body: '\u202eevil' },
    });
    expect(errorOf(spanish).message).toBe(
      'Datos no válidos: Un mensaje no puede contener caracteres de control ni de dirección del texto',
    );
    for (const language of ['es', 'ar'] as const) {
      const res = await callA('teacher')({
        method: 'POST',
        url: `/api/v1/messages/conversations/${direct}/messages`,
        headers: { 'accept-language': language },
        payload: { body: 'a\u0000b' },
      });
      const field = translateTo(M.bodyNotText, language);
      expect(errorOf(res).fields?.body).toBe(field);
      expect(errorOf(res).message).toBe(translateTo('Invalid data: {0}', language).replace('{0}', field));
    }
    // A body far past the limit is refused unread, in the reader's language too.
    for (const [language, message] of [
      ['en', 'The request is too large.'],
      ['ar', 'الطلب كبير جدًا.'],
    ] as const) {
      const huge = await callA('teacher')({
        method: 'POST',
        url: `/api/v1/messages/conversations/${direct}/messages`,
        headers: { 'accept-language': language, 'content-type': 'application/json' },
        payload: JSON.stringify({ body: 'x'.repeat(2_000_000) }),
      });
      expect(huge.statusCode).toBe(413);
      expect(errorOf(huge)).toMatchObject({ code: 'too_large', message });
    }
    const badId = await callA('teacher')({ method: 'GET', url: '/api/v1/messages/conversations/nope' });
    expect(badId.statusCode).toBe(400);
  });

  it('a conversation one is not in is 404 for every read and write; another school sees nothing of it', async () => {
    const outsiders: Caller[] = [
      callA('student'),
      callA('school_admin'),
      await w.b.as('teacher'),
      await w.b.as('school_admin'),
    ];
    for (const caller of outsiders) {
      for (const [method, url] of [
        ['GET', `/api/v1/messages/conversations/${direct}`],
        ['GET', `/api/v1/messages/conversations/${direct}/messages`],
        ['POST', `/api/v1/messages/conversations/${direct}/read`],
      ] as const) {
        const res = await caller({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(errorOf(res).message).toBe(M.conversationNotFound);
      }
      const res = await send(caller, direct, 'let me in');
      expect(res.statusCode).toBe(404);
    }
    const count = await w.t.app.deps.db.execute(sql`select count(*)::int as n from messages where body = 'let me in'`);
    expect(Number((count.rows[0] as { n: number }).n)).toBe(0);
  });

  it('company staff are refused by the role table', async () => {
    const staff = await w.staff('company_admin');
    const res = await w.t.app.inject({
      method: 'GET',
      url: '/api/v1/messages/unread',
      headers: { cookie: staff.cookie },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('class groups follow the roster', () => {
  it("the class's teachers and its students' parents are its members, and only they read it", async () => {
    const list = (
      await callA('teacher')({ method: 'GET', url: '/api/v1/messages/conversations' })
    ).json() as ConversationList;
    const group = list.items.find((c) => c.kind === 'class' && c.classId === w.a.classId);
    expect(group).toBeDefined();
    const id = (group as { id: string }).id;
    const detail = (
      await callA('parent')({ method: 'GET', url: `/api/v1/messages/conversations/${id}` })
    ).json() as ConversationDetail;
    expect(detail.members.map((m) => m.id).sort()).toEqual([w.a.users.teacher.id, w.a.users.parent.id].sort());
    for (const role of ['student', 'principal'] as const) {
      const res = await callA(role)({ method: 'GET', url: `/api/v1/messages/conversations/${id}` });
      expect(res.statusCode).toBe(404);
    }

    // Enrolling a student with a parent adds the parent at once; moving the student out removes them.
    const admin = await w.a.signIn('school_admin');
    const kid = await createStudent(w.t.app, admin, { classId: w.a.classId });
    const link = await callA('school_admin')({
      method: 'PUT',
      url: `/api/v1/students/${kid.student.id}/parents/${other.parent}`,
      payload: { relationship: 'Father' },
    });
    expect(link.statusCode).toBeLessThan(300);
    const withNew = (
      await callA('teacher')({ method: 'GET', url: `/api/v1/messages/conversations/${id}` })
    ).json() as ConversationDetail;
    expect(withNew.members.map((m) => m.id)).toContain(other.parent);
    const elsewhere = await createClass(w.t.app, admin);
    const moved = await callA('school_admin')({
      method: 'POST',
      url: `/api/v1/students/${kid.student.id}/move`,
      payload: { classId: elsewhere.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = (
      await callA('teacher')({ method: 'GET', url: `/api/v1/messages/conversations/${id}` })
    ).json() as ConversationDetail;
    expect(after.members.map((m) => m.id)).not.toContain(other.parent);

    const sent = await send(callA('parent'), id, 'Class trip question');
    expect(sent.statusCode).toBe(201);
  });

  it("a withdrawn student's parent leaves the class group and its teachers' contacts at once, the class deactivated too", async () => {
    const admin = await w.a.signIn('school_admin');
    const cls = await createClass(w.t.app, admin);
    const made = await createTeacher(w.t.app, admin, { sendInvitation: false });
    await assignTeacher(w.t.app, admin, cls.id, { teacherId: made.teacher.id });
    const kid = await createStudent(w.t.app, admin, { classId: cls.id });
    const dad = await createParent(w.t.app, admin, { sendInvitation: false });
    const link = await callA('school_admin')({
      method: 'PUT',
      url: `/api/v1/students/${kid.student.id}/parents/${dad.parent.id}`,
      payload: { relationship: 'Father' },
    });
    expect(link.statusCode, link.body).toBeLessThan(300);
    const teacher = as(w.t.app, await login(w.t.app, made.teacher.email, 'teacher', made.temporaryPassword as string));
    const parent = as(w.t.app, await login(w.t.app, dad.parent.email, 'parent', dad.temporaryPassword as string));
    const classGroupOf = async (caller: Caller) =>
      ((await caller({ method: 'GET', url: '/api/v1/messages/conversations' })).json() as ConversationList).items.find(
        (c) => c.kind === 'class' && c.classId === cls.id,
      );
    const group = (await classGroupOf(teacher)) as { id: string };
    expect(await classGroupOf(parent)).toMatchObject({ id: group.id });
    const contacts = async (caller: Caller) =>
      (
        (await caller({ method: 'GET', url: '/api/v1/messages/contacts' })).json() as { items: { id: string }[] }
      ).items.map((c) => c.id);
    expect(await contacts(parent)).toContain(made.teacher.id);

    const withdrawn = await callA('school_admin')({
      method: 'DELETE',
      url: `/api/v1/classes/${cls.id}/students/${kid.student.id}`,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const refusedNow = async () => {
      expect(await classGroupOf(parent)).toBeUndefined();
      for (const res of [
        await parent({ method: 'GET', url: `/api/v1/messages/conversations/${group.id}` }),
        await parent({ method: 'GET', url: `/api/v1/messages/conversations/${group.id}/messages` }),
        await send(parent, group.id, 'still here'),
      ]) {
        expect(res.statusCode, res.body).toBe(404);
        expect(errorOf(res).message).toBe(M.conversationNotFound);
      }
      const detail = (
        await teacher({ method: 'GET', url: `/api/v1/messages/conversations/${group.id}` })
      ).json() as ConversationDetail;
      expect(detail.members.map((m) => m.id)).toEqual([made.teacher.id]);
      // No new conversation through the child, from either side; the school office is still there.
      const started = await parent({
        method: 'POST',
        url: '/api/v1/messages/conversations',
        payload: { userId: made.teacher.id },
      });
      expect(started.statusCode, started.body).toBe(403);
      expect(errorOf(started).message).toBe(M.notAllowed);
      expect(await contacts(parent)).not.toContain(made.teacher.id);
      expect(await contacts(parent)).toContain(w.a.users.school_admin.id);
      const back = await teacher({
        method: 'POST',
        url: '/api/v1/messages/conversations',
        payload: { userId: dad.parent.id },
      });
      expect(back.statusCode, back.body).toBe(403);
    };
    await refusedNow();
    expect((await send(teacher, group.id, 'Class trip tomorrow')).statusCode).toBe(201);
    // Once the class itself is deactivated, nothing comes back.
    const off = await callA('school_admin')({ method: 'POST', url: `/api/v1/classes/${cls.id}/deactivate` });
    expect(off.statusCode, off.body).toBe(200);
    await refusedNow();
  });

  it("a deactivated class's group is read-only to its teachers (422, nothing written) until the class is reactivated", async () => {
    const admin = await w.a.signIn('school_admin');
    const cls = await createClass(w.t.app, admin);
    const made = await createTeacher(w.t.app, admin, { sendInvitation: false });
    await assignTeacher(w.t.app, admin, cls.id, { teacherId: made.teacher.id });
    const teacher = as(w.t.app, await login(w.t.app, made.teacher.email, 'teacher', made.temporaryPassword as string));
    const classGroup = async () =>
      ((await teacher({ method: 'GET', url: '/api/v1/messages/conversations' })).json() as ConversationList).items.find(
        (c) => c.kind === 'class' && c.classId === cls.id,
      ) as ConversationList['items'][number];
    const group = await classGroup();
    expect(group.readOnly).toBe(false);
    expect((await send(teacher, group.id, 'Before the class closed')).statusCode).toBe(201);
    const stored = async () =>
      Number(
        (
          await withSystem(w.t.app.deps.db, (tx) =>
            tx.execute<{ n: number }>(sql`select count(*)::int as n from messages where group_id = ${group.id}`),
          )
        ).rows[0]?.n,
      );

    const setActive = async (step: 'deactivate' | 'reactivate') => {
      const res = await callA('school_admin')({ method: 'POST', url: `/api/v1/classes/${cls.id}/${step}` });
      expect(res.statusCode, res.body).toBe(200);
    };
    await setActive('deactivate');
    // Still listed and readable, with its history, but marked read-only, in the list and on its own.
    expect(await classGroup()).toMatchObject({ id: group.id, readOnly: true });
    const detail = (
      await teacher({ method: 'GET', url: `/api/v1/messages/conversations/${group.id}` })
    ).json() as ConversationDetail;
    expect(detail.readOnly).toBe(true);
    const history = (
      await teacher({ method: 'GET', url: `/api/v1/messages/conversations/${group.id}/messages` })
    ).json() as { items: Message[] };
    expect(history.items.map((m) => m.body)).toEqual(['Before the class closed']);
    const refused = await send(teacher, group.id, 'After it closed');
    expect(refused.statusCode, refused.body).toBe(422);
    expect(errorOf(refused)).toMatchObject({ code: 'rule', message: M.classGroupClosed });
    expect(translateTo(M.classGroupClosed, 'es')).toBe('Esta clase está inactiva, así que su grupo es solo de lectura');
    expect(await stored()).toBe(1);
    // Reading it still moves the read mark.
    expect((await teacher({ method: 'POST', url: `/api/v1/messages/conversations/${group.id}/read` })).statusCode).toBe(
      204,
    );
    // Someone outside the class, and another school, still find no such conversation (404 before the rule).
    for (const caller of [callA('parent'), await w.b.as('teacher')]) {
      const res = await send(caller, group.id, 'Not mine');
      expect(res.statusCode, res.body).toBe(404);
      expect(errorOf(res).message).toBe(M.conversationNotFound);
    }
    // Other conversations are never read-only.
    const others = (
      (
        await callA('teacher')({ method: 'GET', url: '/api/v1/messages/conversations?limit=100' })
      ).json() as ConversationList
    ).items;
    expect(others.every((c) => c.readOnly === false)).toBe(true);

    await setActive('reactivate');
    expect((await classGroup()).readOnly).toBe(false);
    expect((await send(teacher, group.id, 'Open again')).statusCode).toBe(201);
    expect(await stored()).toBe(2);
  });

  it('a direct conversation with someone whose account was deactivated is read-only (422, nothing written) until they are back', async () => {
    const admin = callA('school_admin');
    const conversation = ((await start('school_admin', other.parent)).json() as ConversationDetail).id;
    expect((await send(admin, conversation, 'About the trip')).statusCode).toBe(201);
    const view = async () =>
      (
        await admin({ method: 'GET', url: `/api/v1/messages/conversations/${conversation}` })
      ).json() as ConversationDetail;
    const total = async () =>
      (
        (await admin({ method: 'GET', url: `/api/v1/messages/conversations/${conversation}/messages` })).json() as {
          total: number;
        }
      ).total;
    expect((await view()).readOnly).toBe(false);

    const off = await admin({ method: 'POST', url: `/api/v1/parents/${other.parent}/deactivate` });
    expect(off.statusCode, off.body).toBe(200);
    const before = await total();
    expect((await view()).readOnly).toBe(true);
    const listed = (await admin({ method: 'GET', url: '/api/v1/messages/conversations' })).json() as ConversationList;
    expect(listed.items.find((c) => c.id === conversation)?.readOnly).toBe(true);
    const refused = await send(admin, conversation, 'Are you there?');
    expect(refused.statusCode, refused.body).toBe(422);
    expect(errorOf(refused).message).toBe(M.directPersonGone);
    const spanish = await admin({
      method: 'POST',
      url: `/api/v1/messages/conversations/${conversation}/messages`,
      headers: { 'accept-language': 'es' },
      payload: { body: 'Hola' },
    });
    expect(errorOf(spanish).message).toBe(translateTo(M.directPersonGone, 'es'));
    expect(await total()).toBe(before);
    // The history stays readable.
    expect(
      (await admin({ method: 'GET', url: `/api/v1/messages/conversations/${conversation}/messages` })).statusCode,
    ).toBe(200);

    const on = await admin({ method: 'POST', url: `/api/v1/parents/${other.parent}/reactivate` });
    expect(on.statusCode, on.body).toBe(200);
    expect((await view()).readOnly).toBe(false);
    expect((await send(admin, conversation, 'Welcome back')).statusCode).toBe(201);
  });

  it('a class has its group from the moment it is made, and again when reactivated without one', async () => {
    const admin = await w.a.signIn('school_admin');
    const groupsOf = (classId: string) =>
      withSystem(w.t.app.deps.db, async (tx) => {
        const res = await tx.execute(sql`select id from chat_groups where kind = 'class' and class_id = ${classId}`);
        return (res.rows as { id: string }[]).map((r) => r.id);
      });
    const fresh = await createClass(w.t.app, admin);
    await assignTeacher(w.t.app, admin, fresh.id, { teacherId: w.a.users.teacher.id });
    const [groupId, ...more] = await groupsOf(fresh.id);
    expect(groupId).toBeDefined();
    expect(more).toEqual([]);
    // Its teacher writes to it before anyone has listed their conversations.
    expect((await send(callA('teacher'), groupId as string, 'Welcome to the new class')).statusCode).toBe(201);

    // A class made before groups came with classes, deactivated since, gets one when reactivated; a class
    // that has its group keeps that one.
    const old = await createClass(w.t.app, admin);
    await withSystem(w.t.app.deps.db, (tx) => tx.execute(sql`delete from chat_groups where class_id = ${old.id}`));
    const cycle = async () => {
      for (const step of ['deactivate', 'reactivate']) {
        const res = await callA('school_admin')({ method: 'POST', url: `/api/v1/classes/${old.id}/${step}` });
        expect(res.statusCode, res.body).toBe(200);
      }
      return groupsOf(old.id);
    };
    const restored = await cycle();
    expect(restored).toHaveLength(1);
    expect(await cycle()).toEqual(restored);
  });
});

describe('groups made by staff', () => {
  it('staff make a group; members read it, others do not; bad input and wrong role are refused', async () => {
    const res = await callA('principal')({
      method: 'POST',
      url: '/api/v1/messages/groups',
      payload: { name: 'Trip helpers', memberIds: [w.a.users.teacher.id, w.a.users.parent.id] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const group = res.json() as ConversationDetail;
    expect(group).toMatchObject({ kind: 'group', title: 'Trip helpers' });
    expect(group.members).toHaveLength(3);
    expect(
      (await callA('parent')({ method: 'GET', url: `/api/v1/messages/conversations/${group.id}` })).statusCode,
    ).toBe(200);
    expect(
      (await callA('student')({ method: 'GET', url: `/api/v1/messages/conversations/${group.id}` })).statusCode,
    ).toBe(404);

    const bad: [unknown, string, string][] = [
      [{ memberIds: [w.a.users.teacher.id] }, 'name', M.groupNameRequired],
      [{ name: ' ', memberIds: [w.a.users.teacher.id] }, 'name', M.groupNameRequired],
      [{ name: 'x'.repeat(81), memberIds: [w.a.users.teacher.id] }, 'name', M.groupNameTooLong(80)],
      [{ name: 'Ok' }, 'memberIds', M.membersRequired],
      [{ name: 'Ok', memberIds: [] }, 'memberIds', M.membersRequired],
      [
        // The list itself is bounded at 101 (100 others and oneself), whatever it repeats.
        { name: 'Ok', memberIds: Array.from({ length: 102 }, () => w.a.users.teacher.id) },
        'memberIds',
        M.tooManyMembers(100),
      ],
    ];
    for (const [payload, field, message] of bad) {
      const r = await callA('principal')({ method: 'POST', url: '/api/v1/messages/groups', payload: payload as never });
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(r).fields?.[field]).toBe(message);
    }
    const across = await callA('principal')({
      method: 'POST',
      url: '/api/v1/messages/groups',
      payload: { name: 'Across', memberIds: [w.b.users.teacher.id] },
    });
    expect(across.statusCode).toBe(404);
    const teacher = await callA('teacher')({
      method: 'POST',
      url: '/api/v1/messages/groups',
      payload: { name: 'Mine', memberIds: [w.a.users.parent.id] },
    });
    expect(teacher.statusCode).toBe(403);
  });

  it("each member carries their own picture (the group's details and every change's answer); another school's never", async () => {
    const url = await uploadPicture(callA('teacher'));
    const b = await w.b.as('principal');
    const bUrl = await uploadPicture(await w.b.as('teacher'));
    try {
      const made = await callA('principal')({
        method: 'POST',
        url: '/api/v1/messages/groups',
        payload: { name: 'Faces', memberIds: [w.a.users.teacher.id, w.a.users.parent.id] },
      });
      expect(made.statusCode, made.body).toBe(201);
      const group = made.json() as ConversationDetail;
      const pictures = (d: ConversationDetail) => Object.fromEntries(d.members.map((m) => [m.id, m.profileImage]));
      const expected = { [w.a.users.principal.id]: null, [w.a.users.teacher.id]: url, [w.a.users.parent.id]: null };
      expect(pictures(group)).toEqual(expected);
      const read = await callA('parent')({ method: 'GET', url: `/api/v1/messages/conversations/${group.id}` });
      expect(pictures(read.json() as ConversationDetail)).toEqual(expected);
      const added = await callA('principal')({
        method: 'POST',
        url: `/api/v1/messages/groups/${group.id}/members`,
        payload: { memberIds: [w.a.users.student.id] },
      });
      expect(pictures(added.json() as ConversationDetail)).toEqual({ ...expected, [w.a.users.student.id]: null });
      // The other school reads nothing of it, picture included; its own group shows its own people's pictures.
      const across = await b({ method: 'GET', url: `/api/v1/messages/conversations/${group.id}` });
      expect(across.statusCode).toBe(404);
      expect(across.body).not.toContain(url);
      const theirs = await b({
        method: 'POST',
        url: '/api/v1/messages/groups',
        payload: { name: 'Faces', memberIds: [w.b.users.teacher.id] },
      });
      expect(theirs.statusCode, theirs.body).toBe(201);
      expect(pictures(theirs.json() as ConversationDetail)).toEqual({
        [w.b.users.principal.id]: null,
        [w.b.users.teacher.id]: bUrl,
      });
      expect(theirs.body).not.toContain(url);
    } finally {
      // The other tests expect nobody's picture.
      await callA('teacher')({ method: 'DELETE', url: '/api/v1/profile/picture' });
      await (await w.b.as('teacher'))({ method: 'DELETE', url: '/api/v1/profile/picture' });
    }
  });
});

describe('changing groups made by staff', () => {
  const group = (id: string) => `/api/v1/messages/groups/${id}`;
  const detail = (res: { json(): unknown }) => res.json() as ConversationDetail;
  const names = (d: ConversationDetail) => d.members.map((m) => m.id).sort();
  let id: string;
  beforeAll(async () => {
    const res = await callA('principal')({
      method: 'POST',
      url: '/api/v1/messages/groups',
      payload: { name: 'Fair', memberIds: [w.a.users.teacher.id, w.a.users.parent.id] },
    });
    id = detail(res).id;
    expect(detail(res).createdBy).toBe(w.a.users.principal.id);
  });

  it('staff members rename it and add and take out people; each change reaches the members live', async () => {
    const teacherStream = await openStream(await listening(), (await w.a.signIn('teacher')).cookie);
    const parentStream = await openStream(await listening(), (await w.a.signIn('parent')).cookie);
    open.push(teacherStream, parentStream);

    const renamed = await callA('principal')({ method: 'PATCH', url: group(id), payload: { name: '  Spring fair ' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(detail(renamed).title).toBe('Spring fair');
    expect(JSON.parse((await teacherStream.next('conversation')).data)).toEqual({ id });
    const list = (await callA('parent')({ method: 'GET', url: '/api/v1/messages/conversations' })).json();
    expect((list as ConversationList).items.find((c) => c.id === id)?.title).toBe('Spring fair');

    const added = await callA('principal')({
      method: 'POST',
      url: `${group(id)}/members`,
      payload: { memberIds: [w.a.users.student.id, other.teacher, w.a.users.teacher.id] },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(names(detail(added))).toEqual(
      [w.a.users.principal.id, w.a.users.teacher.id, w.a.users.parent.id, w.a.users.student.id, other.teacher].sort(),
    );
    expect((await callA('student')({ method: 'GET', url: `/api/v1/messages/conversations/${id}` })).statusCode).toBe(
      200,
    );

    const removed = await callA('principal')({ method: 'DELETE', url: `${group(id)}/members/${w.a.users.parent.id}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(names(detail(removed))).not.toContain(w.a.users.parent.id);
    // The one taken out hears of it (their list drops the group): their third event, after the rename and the
    // additions; and they read it no more.
    for (let i = 0; i < 3; i++) expect(JSON.parse((await parentStream.next('conversation')).data)).toEqual({ id });
    expect((await callA('parent')({ method: 'GET', url: `/api/v1/messages/conversations/${id}` })).statusCode).toBe(
      404,
    );
    const again = await callA('principal')({ method: 'DELETE', url: `${group(id)}/members/${w.a.users.parent.id}` });
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).message).toBe(M.notAMember);
  });

  it("bad input: every message; another school's people, wrong role, non-member, class group, other school", async () => {
    const bad: [string, unknown, string, string][] = [
      ['PATCH', {}, 'name', M.groupNameRequired],
      ['PATCH', { name: ' ' }, 'name', M.groupNameRequired],
      ['PATCH', { name: 'x'.repeat(81) }, 'name', M.groupNameTooLong(80)],
      ['POST', {}, 'memberIds', M.membersRequired],
      ['POST', { memberIds: [] }, 'memberIds', M.membersRequired],
      [
        'POST',
        { memberIds: Array.from({ length: 102 }, () => w.a.users.student.id) },
        'memberIds',
        M.tooManyMembers(100),
      ],
    ];
    for (const [method, payload, field, message] of bad) {
      const url = method === 'PATCH' ? group(id) : `${group(id)}/members`;
      const r = await callA('principal')({ method: method as 'POST', url, payload: payload as never });
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(r).fields?.[field]).toBe(message);
    }
    const across = await callA('principal')({
      method: 'POST',
      url: `${group(id)}/members`,
      payload: { memberIds: [w.b.users.teacher.id] },
    });
    expect(across.statusCode).toBe(404);
    expect(errorOf(across).message).toBe('User not found');

    // A member who is not staff may only leave.
    for (const [method, url, payload] of [
      ['PATCH', group(id), { name: 'Mine' }],
      ['POST', `${group(id)}/members`, { memberIds: [w.a.users.parent.id] }],
      ['DELETE', `${group(id)}/members/${w.a.users.student.id}`, undefined],
      ['DELETE', group(id), undefined],
    ] as const) {
      const r = await callA('teacher')({ method, url, ...(payload ? { payload } : {}) });
      expect(r.statusCode, `${method} ${url}`).toBe(403);
    }
    // Staff who are not in it, the other school's staff, and a class group: 404, whatever the body.
    const classGroup = (
      (await callA('teacher')({ method: 'GET', url: '/api/v1/messages/conversations' })).json() as ConversationList
    ).items.find((c) => c.kind === 'class')?.id as string;
    const b = await w.b.as('principal');
    for (const [caller, target] of [
      [callA('school_admin'), id],
      [b, id],
      [callA('principal'), classGroup],
    ] as const) {
      for (const payload of [{ name: 'Taken' }, {}]) {
        const r = await caller({ method: 'PATCH', url: group(target), payload });
        expect(r.statusCode).toBe(404);
        expect(errorOf(r).message).toBe(M.groupNotFound);
      }
      expect((await caller({ method: 'DELETE', url: group(target) })).statusCode).toBe(404);
    }
    expect((await callA('teacher')({ method: 'POST', url: `${group(classGroup)}/leave` })).statusCode).toBe(404);
  });

  it('a group holds at most 101 people', async () => {
    const made = await withSystem(w.t.app.deps.db, async (tx) => {
      const ids: string[] = [];
      for (let i = 0; i < 99; i++) {
        const email = `crowd.${i}.${Date.now()}@groups.test`;
        const accountId = await insertAccount(tx, email, null);
        ids.push(
          await insertSchoolUser(tx, { schoolId: w.a.id, accountId, name: `Crowd ${i}`, email, role: 'parent' }),
        );
      }
      return ids;
    });
    const crowd = await callA('school_admin')({
      method: 'POST',
      url: '/api/v1/messages/groups',
      payload: { name: 'Crowd', memberIds: made.slice(0, 98) },
    });
    expect(detail(crowd).members).toHaveLength(99);
    const url = `${group(detail(crowd).id)}/members`;
    const full = await callA('school_admin')({
      method: 'POST',
      url,
      payload: { memberIds: [made[98], w.a.users.teacher.id, w.a.users.parent.id] },
    });
    expect(full.statusCode).toBe(400);
    expect(errorOf(full).fields?.memberIds).toBe(M.groupFull(101));
    const fits = await callA('school_admin')({
      method: 'POST',
      url,
      payload: { memberIds: [made[98], w.a.users.teacher.id] },
    });
    expect(detail(fits).members).toHaveLength(101);
  });

  it('1 to 100 members besides the caller: only oneself is refused, 100 others and oneself are not', async () => {
    const others = await withSystem(w.t.app.deps.db, async (tx) => {
      const ids: string[] = [];
      for (let i = 0; i < 101; i++) {
        const email = `many.${i}.${Date.now()}@groups.test`;
        const accountId = await insertAccount(tx, email, null);
        ids.push(await insertSchoolUser(tx, { schoolId: w.a.id, accountId, name: `Many ${i}`, email, role: 'parent' }));
      }
      return ids;
    });
    const me = w.a.users.school_admin.id;
    const make = (name: string, memberIds: string[]) =>
      callA('school_admin')({ method: 'POST', url: '/api/v1/messages/groups', payload: { name, memberIds } });
    for (const memberIds of [[me], [me, me]]) {
      const alone = await make('Only me', memberIds);
      expect(alone.statusCode, alone.body).toBe(400);
      expect(errorOf(alone)).toMatchObject({
        message: `Invalid data: ${M.membersRequired}`,
        fields: { memberIds: M.membersRequired },
      });
    }
    const tooMany = await make('Too many', others);
    expect(tooMany.statusCode, tooMany.body).toBe(400);
    expect(errorOf(tooMany).fields?.memberIds).toBe(M.tooManyMembers(100));
    const made = await w.t.app.deps.db.execute(
      sql`select count(*)::int as n from chat_groups where school_id = ${w.a.id} and name in ('Only me', 'Too many')`,
    );
    expect(made.rows).toEqual([{ n: 0 }]);

    const hundred = await make('Hundred', [...others.slice(0, 100), me]);
    expect(hundred.statusCode, hundred.body).toBe(201);
    expect(detail(hundred).members).toHaveLength(101);

    // Adding: naming only oneself adds no one, and is refused the same way.
    const self = await callA('principal')({
      method: 'POST',
      url: `${group(id)}/members`,
      payload: { memberIds: [w.a.users.principal.id] },
    });
    expect(self.statusCode, self.body).toBe(400);
    expect(errorOf(self).fields?.memberIds).toBe(M.membersRequired);
  });

  it('any member leaves; only the creator or a school admin deletes it, and it leaves every list', async () => {
    const left = await callA('student')({ method: 'POST', url: `${group(id)}/leave` });
    expect(left.statusCode, left.body).toBe(204);
    expect((await callA('student')({ method: 'GET', url: `/api/v1/messages/conversations/${id}` })).statusCode).toBe(
      404,
    );
    expect((await callA('student')({ method: 'POST', url: `${group(id)}/leave` })).statusCode).toBe(404);

    const admins = await callA('school_admin')({
      method: 'POST',
      url: '/api/v1/messages/groups',
      payload: { name: 'Office', memberIds: [w.a.users.principal.id] },
    });
    const office = detail(admins).id;
    const refused = await callA('principal')({ method: 'DELETE', url: group(office) });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(M.cannotDeleteGroup);
    expect((await callA('school_admin')({ method: 'DELETE', url: group(office) })).statusCode).toBe(204);
    // The principal's own group: its creator deletes it.
    await callA('principal')({
      method: 'POST',
      url: `${group(id)}/members`,
      payload: { memberIds: [w.a.users.school_admin.id] },
    });
    expect((await callA('principal')({ method: 'DELETE', url: group(id) })).statusCode).toBe(204);
    for (const role of ['principal', 'school_admin', 'teacher'] as const) {
      const items = (
        (await callA(role)({ method: 'GET', url: '/api/v1/messages/conversations' })).json() as ConversationList
      ).items;
      expect(items.map((c) => c.id)).not.toContain(id);
      expect(items.map((c) => c.id)).not.toContain(office);
    }
    expect((await callA('principal')({ method: 'GET', url: `/api/v1/messages/conversations/${id}` })).statusCode).toBe(
      404,
    );
  });
});

describe('search and report', () => {
  it("finds words in one's own conversations only, with LIKE wildcards taken literally", async () => {
    const conv = ((await start('student', w.a.users.teacher.id)).json() as ConversationDetail).id;
    await send(callA('student'), conv, 'Is 100% of the essay_due tomorrow?');
    const hit = await callA('teacher')({ method: 'GET', url: '/api/v1/messages/search?q=100%25' });
    expect(hit.statusCode).toBe(200);
    const items = (hit.json() as { items: (Message & { conversationTitle: string })[] }).items;
    expect(items.map((m) => m.body)).toEqual(['Is 100% of the essay_due tomorrow?']);
    expect(items[0]?.conversationTitle).toBe(`student ${w.a.name.replace('School ', '')}`);
    const literal = await callA('teacher')({ method: 'GET', url: '/api/v1/messages/search?q=e%25s' });
    expect((literal.json() as { items: unknown[] }).items).toEqual([]);
    for (const caller of [callA('parent'), await w.b.as('teacher')]) {
      const none = await caller({ method: 'GET', url: '/api/v1/messages/search?q=essay' });
      expect((none.json() as { items: unknown[] }).items).toEqual([]);
    }
    const short = await callA('teacher')({ method: 'GET', url: '/api/v1/messages/search?q=a' });
    expect(short.statusCode).toBe(400);
    expect(errorOf(short).fields?.q).toBe(M.searchTooShort(2));
    const long = await callA('teacher')({ method: 'GET', url: `/api/v1/messages/search?q=${'a'.repeat(101)}` });
    expect(errorOf(long).fields?.q).toBe(M.searchTooLong(100));
  });

  it('a report notifies the school admins (in their language) once; outsiders and bad input are refused', async () => {
    const conv = ((await start('student', w.a.users.teacher.id)).json() as ConversationDetail).id;
    const msg = (await send(callA('teacher'), conv, 'Something rude')).json() as Message;
    const admin = callA('school_admin');
    await admin({ method: 'PUT', url: '/api/v1/profile/language', payload: { language: 'es' } });
    const res = await callA('student')({
      method: 'POST',
      url: `/api/v1/messages/${msg.id}/report`,
      payload: { reason: 'Rude' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const notes = (await admin({ method: 'GET', url: '/api/v1/notifications?type=other' })).json().items;
    await admin({ method: 'PUT', url: '/api/v1/profile/language', payload: { language: null } });
    expect(notes).toEqual([
      expect.objectContaining({ title: 'Se denunció un mensaje', body: expect.stringContaining('"Something rude"') }),
    ]);
    // Only the school's admins are told.
    const principal = (await callA('principal')({ method: 'GET', url: '/api/v1/notifications?type=other' })).json();
    expect(principal.items).toEqual([]);
    const again = await callA('student')({ method: 'POST', url: `/api/v1/messages/${msg.id}/report`, payload: {} });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(M.alreadyReported);
    const outsider = await callA('parent')({ method: 'POST', url: `/api/v1/messages/${msg.id}/report`, payload: {} });
    expect(outsider.statusCode).toBe(404);
    expect(errorOf(outsider).message).toBe(M.messageNotFound);
    const crossTenant = await (await w.b.as('school_admin'))({
      method: 'POST',
      url: `/api/v1/messages/${msg.id}/report`,
      payload: {},
    });
    expect(crossTenant.statusCode).toBe(404);
    const long = await callA('teacher')({
      method: 'POST',
      url: `/api/v1/messages/${msg.id}/report`,
      payload: { reason: 'x'.repeat(501) },
    });
    expect(long.statusCode).toBe(400);
    expect(errorOf(long).fields?.reason).toBe(M.reasonTooLong(500));
  });

  it("a report is shown in the admin's language of the moment, not the one they had when it was sent", async () => {
    const conv = ((await start('student', w.a.users.teacher.id)).json() as ConversationDetail).id;
    const msg = (await send(callA('teacher'), conv, 'Said while the admin read English')).json() as Message;
    const admin = callA('school_admin');
    const res = await callA('student')({ method: 'POST', url: `/api/v1/messages/${msg.id}/report`, payload: {} });
    expect(res.statusCode, res.body).toBe(201);
    const tag = w.a.name.replace('School ', '');
    const newest = async () => (await admin({ method: 'GET', url: '/api/v1/notifications?limit=1' })).json().items[0];
    expect(await newest()).toMatchObject({
      title: 'A message was reported',
      body: `student ${tag} reported a message from teacher ${tag}: "Said while the admin read English"`,
    });
    await admin({ method: 'PUT', url: '/api/v1/profile/language', payload: { language: 'es' } });
    try {
      expect(await newest()).toMatchObject({
        title: 'Se denunció un mensaje',
        body: `student ${tag} denunció un mensaje de teacher ${tag}: "Said while the admin read English"`,
      });
    } finally {
      await admin({ method: 'PUT', url: '/api/v1/profile/language', payload: { language: null } });
    }
  });

  it('the quote is the first 80 characters, an emoji at the boundary kept whole', async () => {
    const conv = ((await start('student', w.a.users.teacher.id)).json() as ConversationDetail).id;
    // 79 letters, then an emoji of two UTF-16 units: the 80th character.
    const msg = (await send(callA('teacher'), conv, `${'a'.repeat(79)}😀😀 end`)).json() as Message;
    const res = await callA('student')({ method: 'POST', url: `/api/v1/messages/${msg.id}/report`, payload: {} });
    expect(res.statusCode, res.body).toBe(201);
    const [note] = (await callA('school_admin')({ method: 'GET', url: '/api/v1/notifications?limit=1' })).json().items;
    expect(note.body).toMatch(new RegExp(`: "${'a'.repeat(79)}😀…"$`, 'u'));
    expect(note.body).not.toContain('\uFFFD');
  });

  it('a reported message is quoted as written, even when it reads like one of our messages', async () => {
    const conv = ((await start('student', w.a.users.teacher.id)).json() as ConversationDetail).id;
    // "Unknown status" is also a message of ours, which Spanish translates: the quote is the teacher's words.
    const msg = (await send(callA('teacher'), conv, 'Unknown status')).json() as Message;
    const admin = callA('school_admin');
    await admin({ method: 'PUT', url: '/api/v1/profile/language', payload: { language: 'es' } });
    try {
      const res = await callA('student')({ method: 'POST', url: `/api/v1/messages/${msg.id}/report`, payload: {} });
      expect(res.statusCode, res.body).toBe(201);
      const [note] = (await admin({ method: 'GET', url: '/api/v1/notifications?limit=1' })).json().items;
      const tag = w.a.name.replace('School ', '');
      expect(note).toMatchObject({
        title: 'Se denunció un mensaje',
        body: `student ${tag} denunció un mensaje de teacher ${tag}: "Unknown status"`,
      });
    } finally {
      await admin({ method: 'PUT', url: '/api/v1/profile/language', payload: { language: null } });
    }
  });
});

/** The message events `stream` heard, up to and including message `id`'s. */
async function messagesUntil(stream: Awaited<ReturnType<typeof openStream>>, id: string): Promise<Message[]> {
  const heard: Message[] = [];
  for (;;) {
    const message = JSON.parse((await stream.next('message')).data) as Message;
    heard.push(message);
    if (message.id === id) return heard;
  }
}

describe('live delivery', () => {
  it("a message reaches the conversation's members' streams, and another school hears nothing", async () => {
    const stream = async (school: 'a' | 'b', role: SchoolRole) => {
      const s = await openStream(await listening(), (await w[school].signIn(role)).cookie);
      open.push(s);
      expect(s.status).toBe(200);
      return s;
    };
    const parentA = await stream('a', 'parent');
    const studentA = await stream('a', 'student');
    const parentB = await stream('b', 'parent');
    const teacherB = await stream('b', 'teacher');

    const conv = ((await start('teacher', w.a.users.parent.id)).json() as ConversationDetail).id;
    const sent = (await send(callA('teacher'), conv, 'Live hello')).json() as Message;
    const got = (await messagesUntil(parentA, sent.id)).at(-1);
    expect(got).toMatchObject({ id: sent.id, body: 'Live hello', mine: false, conversationId: conv });

    // School B's pair talks next: the first message event each of their streams gets is their own school's.
    const b = await w.b.as('teacher');
    const convB = (
      (
        await b({ method: 'POST', url: '/api/v1/messages/conversations', payload: { userId: w.b.users.parent.id } })
      ).json() as ConversationDetail
    ).id;
    const sentB = (await send(b, convB, 'B hello')).json() as Message;
    // The student of school A is not in either conversation: they hear their own conversation's message, and
    // before it neither of those (a message of an earlier test may still be on its way to them: NOTIFY travels
    // on its own connection, so it can reach a stream opened just after it was sent).
    const own = ((await start('student', w.a.users.teacher.id)).json() as ConversationDetail).id;
    const toStudent = (await send(callA('teacher'), own, 'For the student')).json() as Message;
    const heard = (await messagesUntil(studentA, toStudent.id)).map((m) => m.id);
    expect(heard).not.toContain(sent.id);
    expect(heard).not.toContain(sentB.id);
    for (const s of [parentB, teacherB]) {
      expect((await messagesUntil(s, sentB.id)).map((m) => m.id)).not.toContain(sent.id);
      expect(
        s.events.filter((e) => e.event === 'message').map((e) => (JSON.parse(e.data) as Message).id),
      ).not.toContain(toStudent.id);
    }
  });
});

/**
 * Each person's conversations and unread counts recomputed from the tables, the plain way: the groups of the
 * classes they teach or lead (class_teachers) or their children attend, and the other conversations they are
 * a member of; not deleted; messages of others after their read mark. Read as the system (no row-level
 * security), so the API's answers, which go under it, are checked against every school's rows.
 */
async function recomputed(schoolId: string, userId: string): Promise<Map<string, number>> {
  return withSystem(w.t.app.deps.db, async (tx) => {
    const rows = async <T>(q: ReturnType<typeof sql>) => (await tx.execute(q)).rows as T[];
    const classes = new Set(
      [
        ...(await rows<{ c: string }>(sql`select class_id as c from class_teachers where teacher_id = ${userId}`)),
        // A parent's children on a roster: withdrawn (inactive) ones are on none.
        ...(await rows<{ c: string }>(sql`select s.class_id as c from students s
          join student_parents sp on sp.school_id = s.school_id and sp.student_id = s.id
          join users su on su.id = s.id where sp.parent_id = ${userId} and su.is_active`)),
      ].map((r) => r.c),
    );
    const memberOf = new Set(
      (await rows<{ g: string }>(sql`select group_id as g from chat_group_members where user_id = ${userId}`)).map(
        (r) => r.g,
      ),
    );
    const groups = await rows<{ id: string; kind: string; classId: string | null; archived: boolean }>(
      sql`select id, kind, class_id as "classId", archived_at is not null as archived from chat_groups where school_id = ${schoolId}`,
    );
    const readAt = new Map(
      (
        await rows<{ g: string; at: string }>(
          sql`select group_id as g, last_read_at::text as at from chat_reads where user_id = ${userId}`,
        )
      ).map((r) => [r.g, r.at]),
    );
    const counts = new Map<string, number>();
    for (const g of groups) {
      const mine = g.kind === 'class' ? classes.has(g.classId as string) : memberOf.has(g.id);
      if (!mine || g.archived) continue;
      const [n] = await rows<{ n: number }>(sql`select count(*)::int as n from messages
        where group_id = ${g.id} and sender_id <> ${userId}
          and created_at > ${readAt.get(g.id) ?? '-infinity'}::timestamptz`);
      counts.set(g.id, Number(n?.n ?? 0));
    }
    return counts;
  });
}

describe('unread counts and conversation lists against a recomputation', () => {
  beforeAll(async () => {
    const admin = await w.a.signIn('school_admin');
    // The teacher also teaches (without leading) a second class, and the parent has a child there too.
    await assignTeacher(w.t.app, admin, other.classId, { teacherId: w.a.users.teacher.id });
    const link = await callA('school_admin')({
      method: 'PUT',
      url: `/api/v1/students/${other.student}/parents/${w.a.users.parent.id}`,
      payload: { relationship: 'Mother' },
    });
    expect(link.statusCode, link.body).toBeLessThan(300);
    const classGroup = async (classId: string) => {
      const list = (
        await callA('teacher')({ method: 'GET', url: '/api/v1/messages/conversations?limit=100' })
      ).json() as ConversationList;
      return (list.items.find((c) => c.kind === 'class' && c.classId === classId) as { id: string }).id;
    };
    for (const role of ['teacher', 'student', 'parent'] as const) {
      const direct = ((await start('principal', w.a.users[role].id)).json() as ConversationDetail).id;
      await send(callA('principal'), direct, `Note for the ${role}`);
      await send(callA('principal'), direct, `Second note for the ${role}`);
      if (role === 'teacher') {
        // Read in the middle: only what came after the mark counts.
        await callA('teacher')({ method: 'POST', url: `/api/v1/messages/conversations/${direct}/read` });
        await send(callA('principal'), direct, 'And a third');
        await send(callA('teacher'), direct, 'Thank you');
      }
    }
    await send(callA('teacher'), await classGroup(other.classId), 'Second class: books for Monday');
    await send(callA('parent'), await classGroup(w.a.classId), 'First class: a question');
    const student = ((await start('student', w.a.users.teacher.id)).json() as ConversationDetail).id;
    await send(callA('student'), student, 'A question about homework');
    // A group the student left and a deleted group, both with news, count for nobody who is out of them.
    const made = async (name: string, memberIds: string[]) =>
      (
        (
          await callA('school_admin')({ method: 'POST', url: '/api/v1/messages/groups', payload: { name, memberIds } })
        ).json() as ConversationDetail
      ).id;
    const left = await made('Trip', [w.a.users.teacher.id, w.a.users.parent.id, w.a.users.student.id]);
    await send(callA('school_admin'), left, 'Trip on Friday');
    await callA('student')({ method: 'POST', url: `/api/v1/messages/groups/${left}/leave` });
    await send(callA('parent'), left, 'We will come');
    const deleted = await made('Old', [w.a.users.teacher.id, w.a.users.parent.id]);
    await send(callA('school_admin'), deleted, 'Never mind');
    await callA('school_admin')({ method: 'DELETE', url: `/api/v1/messages/groups/${deleted}` });
  });

  it('every role of both schools: the badge, the session and the list agree with the tables', async () => {
    const people = [
      ...(['school_admin', 'principal', 'teacher', 'student', 'parent'] as const).map((role) => ({
        school: w.a,
        role,
      })),
      ...(['teacher', 'parent'] as const).map((role) => ({ school: w.b, role })),
    ];
    for (const { school, role } of people) {
      const call = await school.as(role);
      // The list first: opening it makes the groups of the person's classes that have none yet.
      const list = (
        await call({ method: 'GET', url: '/api/v1/messages/conversations?limit=100' })
      ).json() as ConversationList;
      const expected = await recomputed(school.id, school.users[role].id);
      const total = [...expected.values()].reduce((a, b) => a + b, 0);
      if (school === w.a) expect(total, role).toBeGreaterThan(0);
      const badge = (await call({ method: 'GET', url: '/api/v1/messages/unread' })).json() as { count: number };
      expect(badge.count, `${role}: badge`).toBe(total);
      const session = (await call({ method: 'GET', url: '/api/v1/auth/me' })).json() as { unreadMessages: number };
      expect(session.unreadMessages, `${role}: session`).toBe(total);
      expect(list.total, role).toBe(expected.size);
      expect(new Map(list.items.map((c) => [c.id, c.unread])), role).toEqual(expected);
    }
  });
});

describe("the server's clock dates messages and read marks", () => {
  /** The app's clock: the machine's while the world is made, then a set time an hour back. */
  let setTime: Date | null = null;
  let clocked: SchoolWorld;
  beforeAll(async () => {
    clocked = await schoolWorld({ clock: () => setTime ?? new Date() });
  });
  afterAll(() => clocked.t.close());

  it("a message is dated, and a read mark moved, by deps.clock(), not the machine's clock", async () => {
    const teacher = await clocked.a.as('teacher');
    const parent = await clocked.a.as('parent');
    const started = await teacher({
      method: 'POST',
      url: '/api/v1/messages/conversations',
      payload: { userId: clocked.a.users.parent.id },
    });
    const id = (started.json() as ConversationDetail).id;
    const sentAt = new Date(Date.now() - 3_600_000);
    setTime = sentAt;
    const sent = await send(teacher, id, 'Dated by the clock');
    expect(sent.statusCode, sent.body).toBe(201);
    expect((sent.json() as Message).createdAt).toBe(sentAt.toISOString());
    const listed = (await parent({ method: 'GET', url: `/api/v1/messages/conversations/${id}/messages` })).json() as {
      items: Message[];
    };
    expect(listed.items.map((m) => m.createdAt)).toEqual([sentAt.toISOString()]);
    const conversation = (await parent({ method: 'GET', url: `/api/v1/messages/conversations/${id}` })).json();
    expect(conversation).toMatchObject({ unread: 1, lastActivityAt: expect.any(String) });

    const readAt = new Date(sentAt.getTime() + 60_000);
    setTime = readAt;
    expect((await parent({ method: 'POST', url: `/api/v1/messages/conversations/${id}/read` })).statusCode).toBe(204);
    setTime = null;
    const detail = (
      await teacher({ method: 'GET', url: `/api/v1/messages/conversations/${id}` })
    ).json() as ConversationDetail;
    expect(detail.members.find((m) => m.id === clocked.a.users.parent.id)?.lastReadAt).toBe(readAt.toISOString());
    const seen = (await teacher({ method: 'GET', url: `/api/v1/messages/conversations/${id}/messages` })).json() as {
      othersReadAt: string | null;
    };
    expect(seen.othersReadAt).toBe(readAt.toISOString());
  });
});
