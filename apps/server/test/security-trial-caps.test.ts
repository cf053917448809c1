import { translateTo } from '@lyceum/shared/i18n/catalogues';
import {
  TRIAL_CAP_MESSAGES,
  TRIAL_CAPS,
  TRIAL_CHANGES_MESSAGES,
  TRIAL_CHANGES_PER_DAY,
  type TrialCapped,
} from '@lyceum/shared/trial-caps';
import { TRIAL_PROMOTION_CHANGES_PER_DAY, YEAR_MESSAGES } from '@lyceum/shared/years';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../src/db/tenancy.ts';
import {
  as,
  createCompanyUser,
  createSchool,
  createTestApp,
  errorOf,
  login,
  type SchoolFixture,
  type Session,
  sessionCookie,
  type TestApp,
} from './helpers.ts';

/**
 * A school on a trial stores at most TRIAL_CAPS of what its people write (docs/product.md, "Trials";
 * docs/security.md, "What a freshly signed-up school can cost"): the (N+1)th is refused with its message and
 * writes nothing, creates racing at the edge do not pass it, each school counts its own rows, and a paying
 * school has no such cap.
 */
let t: TestApp;
let plans: { id: string; name: string }[];
let paid: SchoolFixture;

beforeAll(async () => {
  t = await createTestApp();
  plans = (await t.app.inject({ method: 'GET', url: '/api/v1/plans' })).json();
  paid = await createSchool(t.app);
});
afterAll(() => t.close());

/** A school as public sign-up makes it (on a trial of Basic), with a teacher to write to. */
interface TrialSchool {
  id: string;
  adminId: string;
  call: ReturnType<typeof as>;
  teacherId: string;
  conversationId: string;
}

let n = 0;
async function trialSchool(): Promise<TrialSchool> {
  n += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup/school-admin',
    remoteAddress: `203.0.113.${n}`,
    payload: {
      schoolName: `Capped School ${n}`,
      name: 'Head Teacher',
      email: `head${n}@capped${n}.test`,
      password: 'a-good-long-password',
      planId: plans.find((p) => p.name === 'Basic')?.id,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const session: Session = { cookie: sessionCookie(res), body: res.json() };
  return withTeacher(session);
}

async function withTeacher(session: Session): Promise<TrialSchool> {
  const call = as(t.app, session);
  const teacher = await call({
    method: 'POST',
    url: '/api/v1/teachers',
    payload: { name: 'A Teacher', email: `teacher-${session.body.user.schoolId}@capped.test`, sendInvitation: false },
  });
  expect(teacher.statusCode, teacher.body).toBe(201);
  const teacherUserId: string = teacher.json().teacher.id;
  const conversation = await call({
    method: 'POST',
    url: '/api/v1/messages/conversations',
    payload: { userId: teacherUserId },
  });
  expect(conversation.statusCode, conversation.body).toBeLessThan(300);
  return {
    id: session.body.user.schoolId as string,
    adminId: session.body.user.id,
    call,
    teacherId: teacherUserId,
    conversationId: conversation.json().id,
  };
}

/** The school moves to a paid Basic subscription, as company staff assign one: no longer on a trial. */
async function putOnPaidBasic(schoolId: string): Promise<void> {
  const staff = await createCompanyUser(t.app, 'company_admin');
  const company = as(t.app, await login(t.app, staff.email, 'company_admin'));
  const plan = await company({
    method: 'POST',
    url: `/api/v1/company/schools/${schoolId}/subscriptions`,
    payload: { planId: plans.find((p) => p.name === 'Basic')?.id },
  });
  expect(plan.statusCode, plan.body).toBe(201);
  expect(plan.json().isTrial).toBe(false);
}

/** Collections of one row a create; attendance (records a sheet) has its own tests below. */
type RowCapped = Exclude<TrialCapped, 'attendance'>;

const count = async (what: TrialCapped, schoolId: string) => {
  const table = {
    announcements: 'announcements',
    messages: 'messages',
    groups: 'chat_groups',
    classes: 'classes',
    subjects: 'subjects',
    periods: 'periods',
    academicYears: 'academic_years',
    attendance: 'attendance',
    people: 'users',
  }[what];
  const kind = what === 'groups' ? sql` and kind = 'group'` : sql``;
  const rows = await withSystem(t.app.deps.db, (tx) =>
    tx.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.raw(table)} where school_id = ${schoolId}${kind}`,
    ),
  );
  return rows.rows[0]?.n ?? 0;
};

/** `howMany` rows of `what` written straight to the database, as if the school had made them earlier. */
async function madeEarlier(school: TrialSchool, what: RowCapped, howMany: number) {
  const s = school.id;
  const rows = sql`generate_series(1, ${howMany}) g`;
  const statement = {
    announcements: sql`insert into announcements (school_id, id, author_id, title, body, audience)
      select ${s}, gen_random_uuid(), ${school.adminId}, 'Earlier ' || g, 'Earlier', '{all}' from ${rows}`,
    messages: sql`insert into messages (school_id, id, group_id, sender_id, body)
      select ${s}, gen_random_uuid(), ${school.conversationId}, ${school.adminId}, 'Earlier ' || g from ${rows}`,
    groups: sql`insert into chat_groups (school_id, id, kind, name, created_by)
      select ${s}, gen_random_uuid(), 'group', 'Earlier ' || g, ${school.adminId} from ${rows}`,
    classes: sql`insert into classes (school_id, id, name, section, academic_year)
      select ${s}, gen_random_uuid(), 'Earlier ' || g, '', '2020-2021' from ${rows}`,
    subjects: sql`insert into subjects (school_id, id, name) select ${s}, gen_random_uuid(), 'Earlier ' || g from ${rows}`,
    periods: sql`insert into periods (school_id, id, name, start_time, end_time)
      select ${s}, gen_random_uuid(), 'Earlier ' || g, time '00:00' + g * interval '1 minute',
        time '00:00' + g * interval '1 minute' + interval '30 seconds' from ${rows}`,
    // Years long past (and none overlapping the school's own), within reach of today.
    academicYears: sql`insert into academic_years (school_id, id, name, start_date, end_date)
      select ${s}, gen_random_uuid(), (${EARLIER_YEAR} + g) || '-' || (${EARLIER_YEAR} + g + 1),
        make_date(${EARLIER_YEAR} + g, 9, 1), make_date(${EARLIER_YEAR} + g + 1, 8, 31) from ${rows}`,
    // Deactivated parents: stored, but no longer counted by the plan's limits on people.
    people: sql`with a as (insert into accounts (id, email)
        select gen_random_uuid(), 'earlier-' || gen_random_uuid() || '@capped.test' from ${rows} returning id, email),
      u as (insert into users (school_id, id, account_id, name, email, role, is_active)
        select ${s}, gen_random_uuid(), a.id, 'Earlier', a.email, 'parent', false from a returning school_id, id)
      insert into parents (school_id, id, status) select school_id, id, 'inactive' from u`,
  }[what];
  await withSystem(t.app.deps.db, (tx) => tx.execute(statement));
}

/** Before this, `madeEarlier` fills academic years; after it, `create` makes one (both far from the current year). */
const EARLIER_YEAR = new Date().getUTCFullYear() - 40;

/** One create of `what` through the API, made distinct by `i`. */
function create(school: TrialSchool, what: RowCapped, i: number) {
  const requests = {
    announcements: {
      url: '/api/v1/announcements',
      payload: { title: `Notice ${i}`, body: 'Hello', audience: ['all'] },
    },
    messages: { url: `/api/v1/messages/conversations/${school.conversationId}/messages`, payload: { body: `Hi ${i}` } },
    groups: { url: '/api/v1/messages/groups', payload: { name: `Group ${i}`, memberIds: [school.teacherId] } },
    classes: { url: '/api/v1/classes', payload: { name: `Grade ${i}`, section: 'A' } },
    subjects: { url: '/api/v1/subjects', payload: { name: `Subject ${i}` } },
    periods: {
      url: '/api/v1/timetable/periods',
      payload: {
        name: `Lesson ${i}`,
        startTime: `${String(10 + i).padStart(2, '0')}:00`,
        endTime: `${String(10 + i).padStart(2, '0')}:40`,
      },
    },
    academicYears: {
      url: '/api/v1/academic-years',
      payload: {
        name: `${EARLIER_YEAR - i}-${EARLIER_YEAR - i + 1}`,
        startDate: `${EARLIER_YEAR - i}-09-01`,
        endDate: `${EARLIER_YEAR - i + 1}-08-31`,
      },
    },
    people: {
      url: '/api/v1/parents',
      payload: { name: `Parent ${i}`, email: `parent${i}-${school.id}@capped.test`, sendInvitation: false },
    },
  }[what];
  return school.call({ method: 'POST', ...requests });
}

const COLLECTIONS = (Object.keys(TRIAL_CAPS) as TrialCapped[]).filter((w): w is RowCapped => w !== 'attendance');

describe('a trial school stores at most TRIAL_CAPS of what its people write', () => {
  let school: TrialSchool;
  beforeAll(async () => {
    school = await trialSchool();
  });

  it.each(
    COLLECTIONS,
  )('%s: the last one allowed is made, the next answers 422 with its message and writes nothing', async (what) => {
    await madeEarlier(school, what, TRIAL_CAPS[what] - 1 - (await count(what, school.id)));
    const last = await create(school, what, 1);
    expect(last.statusCode, last.body).toBeLessThan(300);
    expect(await count(what, school.id)).toBe(TRIAL_CAPS[what]);
    const over = await create(school, what, 2);
    expect(over.statusCode, over.body).toBe(422);
    expect(errorOf(over)).toMatchObject({ code: 'plan_limit', message: TRIAL_CAP_MESSAGES[what] });
    expect(await count(what, school.id)).toBe(TRIAL_CAPS[what]);
  });

  it('the message names the cap, in the person’s language too', async () => {
    expect(TRIAL_CAP_MESSAGES.messages).toBe(
      'Trial limit reached: a school on a trial can have at most 10,000 messages. Choose a plan to add more.',
    );
    const over = await school.call({
      method: 'POST',
      url: '/api/v1/subjects',
      headers: { 'accept-language': 'es' },
      payload: { name: 'Otra' },
    });
    expect(over.statusCode).toBe(422);
    expect(errorOf(over).message).toContain('como máximo 200 asignaturas');
  });
});

describe('creates racing at the edge', () => {
  it.each([
    'subjects',
    'messages',
    'people',
  ] as const)('%s: never more than the cap, however many arrive at once', async (what) => {
    const school = await trialSchool();
    await madeEarlier(school, what, TRIAL_CAPS[what] - 2 - (await count(what, school.id)));
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => create(school, what, i)));
    expect(answers.filter((a) => a.statusCode < 300)).toHaveLength(2);
    for (const refused of answers.filter((a) => a.statusCode >= 300)) {
      expect(refused.statusCode, refused.body).toBe(422);
      expect(errorOf(refused).message).toBe(TRIAL_CAP_MESSAGES[what]);
    }
    expect(await count(what, school.id)).toBe(TRIAL_CAPS[what]);
  });
});

describe('who the caps do not touch', () => {
  it('each school counts its own rows: one trial school at its cap does not stop another', async () => {
    const full = await trialSchool();
    const other = await trialSchool();
    await madeEarlier(full, 'subjects', TRIAL_CAPS.subjects);
    expect((await create(full, 'subjects', 1)).statusCode).toBe(422);
    await madeEarlier(other, 'subjects', TRIAL_CAPS.subjects - 1);
    expect((await create(other, 'subjects', 1)).statusCode).toBe(201);
    expect(await count('subjects', other.id)).toBe(TRIAL_CAPS.subjects);
  });

  it('a school on a paid subscription has no cap', async () => {
    const admin = await login(t.app, paid.users.school_admin.email, 'school_admin');
    const school = await withTeacher(admin);
    for (const what of COLLECTIONS) {
      await madeEarlier(school, what, TRIAL_CAPS[what] - (await count(what, school.id)));
      const res = await create(school, what, 3);
      expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(300);
      expect(await count(what, school.id)).toBe(TRIAL_CAPS[what] + 1);
    }
  });
});

describe('attendance: a trial school stores at most TRIAL_CAPS.attendance records', () => {
  /** A class of `size` students (temporary passwords: an unverified school sends no mail). */
  async function classOf(school: TrialSchool, size: number) {
    const cls = await school.call({ method: 'POST', url: '/api/v1/classes', payload: { name: `Class ${size}` } });
    expect(cls.statusCode, cls.body).toBe(201);
    const classId: string = cls.json().id;
    const studentIds: string[] = [];
    for (let i = 0; i < size; i++) {
      const res = await school.call({
        method: 'POST',
        url: '/api/v1/students',
        payload: { name: `Pupil ${size}-${i}`, email: `pupil${size}-${i}-${classId}@capped.test`, classId },
      });
      expect(res.statusCode, res.body).toBe(201);
      studentIds.push(res.json().student.id);
    }
    return { classId, studentIds };
  }

  /** Records straight to the database until the school has `total`, one student's, on days long past (before any it has). */
  async function recordsUpTo(schoolId: string, cls: { classId: string; studentIds: string[] }, total: number) {
    const had = await count('attendance', schoolId);
    await withSystem(t.app.deps.db, (tx) =>
      tx.execute(sql`insert into attendance (school_id, id, class_id, student_id, date, status, is_present,
          marked_by_id, marked_by_name, marked_at, submitted_at, academic_year)
        select ${schoolId}, gen_random_uuid(), ${cls.classId}, ${cls.studentIds[0]}, date '1990-01-01' - (${had} + g),
          'present', true, ${cls.studentIds[0]}, 'Earlier', now(), now(), '1989-1990'
        from generate_series(1, ${total - had}) g`),
    );
  }

  const sheet = (cls: { classId: string; studentIds: string[] }, note?: string) => ({
    classId: cls.classId,
    records: cls.studentIds.map((studentId) => ({ studentId, isPresent: false, ...(note ? { note } : {}) })),
  });

  /**
   * One school filled to just below the cap, shared by both tests: filling one takes most of this file's time.
   * It is on its trial for the first test and on a plan the company assigns for the second.
   */
  let school: TrialSchool;
  let three: { classId: string; studentIds: string[] };
  let one: { classId: string; studentIds: string[] };
  beforeAll(async () => {
    school = await trialSchool();
    three = await classOf(school, 3);
    one = await classOf(school, 1);
    await recordsUpTo(school.id, three, TRIAL_CAPS.attendance - 3);
  });

  it('the sheet that reaches the cap is taken, a resubmission still is, the next new one is refused and writes nothing', async () => {
    const last = await school.call({ method: 'POST', url: '/api/v1/attendance', payload: sheet(three) });
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json()).toMatchObject({ created: 3 });
    expect(await count('attendance', school.id)).toBe(TRIAL_CAPS.attendance);
    const again = await school.call({ method: 'POST', url: '/api/v1/attendance', payload: sheet(three, 'Corrected') });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ created: 0, updated: 3 });

    const over = await school.call({ method: 'POST', url: '/api/v1/attendance', payload: sheet(one) });
    expect(over.statusCode, over.body).toBe(422);
    expect(errorOf(over)).toMatchObject({ code: 'plan_limit', message: TRIAL_CAP_MESSAGES.attendance });
    expect(TRIAL_CAP_MESSAGES.attendance).toBe(
      'Trial limit reached: a school on a trial can have at most 50,000 attendance records. Choose a plan to add more.',
    );
    expect(await count('attendance', school.id)).toBe(TRIAL_CAPS.attendance);
    const ofOne = await withSystem(t.app.deps.db, (tx) =>
      tx.execute<{ n: number }>(sql`select count(*)::int as n from attendance where class_id = ${one.classId}`),
    );
    expect(ofOne.rows[0]?.n).toBe(0);
    const spanish = await school.call({
      method: 'POST',
      url: '/api/v1/attendance',
      headers: { 'accept-language': 'es' },
      payload: sheet(one),
    });
    expect(errorOf(spanish).message).toContain('como máximo 50.000 registros de asistencia');
  });

  it('a school on a paid subscription has no cap', async () => {
    // At the cap (the test above leaves it there; alone, it gets there here), then on a paid plan, as the
    // company assigns one: the sheet the trial refused is taken.
    await recordsUpTo(school.id, three, TRIAL_CAPS.attendance);
    await putOnPaidBasic(school.id);
    const res = await school.call({ method: 'POST', url: '/api/v1/attendance', payload: sheet(one) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await count('attendance', school.id)).toBe(TRIAL_CAPS.attendance + 1);
  });
});

/** What a promotion needs: the school's current year, the next one (made here) and a class (made here) of the current. */
async function promotable(school: TrialSchool, cls: { name: string; section?: string }) {
  const years = (await school.call({ method: 'GET', url: '/api/v1/academic-years' })).json().items as {
    id: string;
    endDate: string;
    isCurrent: boolean;
  }[];
  const thisYear = years.find((y) => y.isCurrent) as { id: string; endDate: string };
  const start = Number(thisYear.endDate.slice(0, 4));
  const next = await school.call({
    method: 'POST',
    url: '/api/v1/academic-years',
    payload: {
      name: `${start}-${start + 1}`,
      startDate: `${start}-09-01`,
      endDate: `${start + 1}-08-31`,
      terms: [],
      holidays: [],
    },
  });
  expect(next.statusCode, next.body).toBe(201);
  const made = await school.call({ method: 'POST', url: '/api/v1/classes', payload: cls });
  expect(made.statusCode, made.body).toBe(201);
  return { thisYear, next: next.json() as { id: string }, classId: made.json().id as string };
}

describe('people: a trial school stores at most TRIAL_CAPS.people, deactivated ones included', () => {
  const csvOf = (header: string, rows: string[]) => `${header}\n${rows.join('\n')}\n`;
  const kids = (tag: string, howMany: number) =>
    Array.from({ length: howMany }, (_, i) => `Kid ${tag}${i},kid-${tag}${i}-${n}@capped.test`);

  it('graduates still count: import, graduate, import again is refused whole at the cap, nothing written', async () => {
    const school = await trialSchool();
    const { thisYear, next, classId } = await promotable(school, { name: 'Grade 1', section: 'A' });
    // Room for 150 more people: a class of 100 imported and graduated, then the next 100 do not fit.
    await madeEarlier(school, 'people', TRIAL_CAPS.people - 150 - (await count('people', school.id)));
    const first = await school.call({
      method: 'POST',
      url: '/api/v1/students/import',
      payload: { csv: csvOf('name,email', kids('a', 100)), classId, sendInvitation: false },
    });
    expect(first.statusCode, first.body).toBe(200);
    const graduated = await school.call({
      method: 'POST',
      url: '/api/v1/promotions',
      payload: { fromYearId: thisYear.id, toYearId: next.id, classes: [{ classId, action: 'graduate' }] },
    });
    expect(graduated.statusCode, graduated.body).toBe(201);
    expect(graduated.json().totals).toMatchObject({ graduated: 100 });
    // The plan's 100 students are free again; the stored people are not.
    const again = { csv: csvOf('name,email', kids('b', 100)), classId, sendInvitation: false };
    const preview = await school.call({ method: 'POST', url: '/api/v1/students/import/preview', payload: again });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().errors).toEqual([{ line: null, column: null, message: TRIAL_CAP_MESSAGES.people }]);
    const before = await count('people', school.id);
    const refused = await school.call({ method: 'POST', url: '/api/v1/students/import', payload: again });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(errorOf(refused)).toMatchObject({
      message: 'The file has 1 error. Nothing was imported.',
      fields: { 'file:_': TRIAL_CAP_MESSAGES.people },
    });
    expect(await count('people', school.id)).toBe(before);
    // What is left fits, to the last place.
    const rest = await school.call({
      method: 'POST',
      url: '/api/v1/students/import',
      payload: { csv: csvOf('name,email', kids('c', 50)), classId, sendInvitation: false },
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(await count('people', school.id)).toBe(TRIAL_CAPS.people);
    expect(TRIAL_CAP_MESSAGES.people).toBe(
      'Trial limit reached: a school on a trial can have at most 5,000 people, deactivated ones included. Choose a plan to add more.',
    );
  });

  it('every way of adding a person is refused at the cap, in the person’s language too; a reactivation is not', async () => {
    const school = await trialSchool();
    const cls = await school.call({ method: 'POST', url: '/api/v1/classes', payload: { name: 'Grade 2' } });
    const classId: string = cls.json().id;
    await madeEarlier(school, 'people', TRIAL_CAPS.people - 1 - (await count('people', school.id)));
    const mail = (who: string) => `${who}-${school.id}@capped.test`;
    // One place left: a student with a new parent would take two.
    const withParent = await school.call({
      method: 'POST',
      url: '/api/v1/students',
      payload: {
        name: 'Two Places',
        email: mail('two'),
        classId,
        newParents: [{ name: 'Their Parent', email: mail('two-parent'), relationship: 'mother' }],
      },
    });
    expect(withParent.statusCode, withParent.body).toBe(422);
    expect(errorOf(withParent)).toMatchObject({ code: 'plan_limit', message: TRIAL_CAP_MESSAGES.people });
    const last = await school.call({
      method: 'POST',
      url: '/api/v1/students',
      payload: { name: 'Last Place', email: mail('last'), classId },
    });
    expect(last.statusCode, last.body).toBe(201);
    expect(await count('people', school.id)).toBe(TRIAL_CAPS.people);

    const creates = [
      { url: '/api/v1/students', payload: { name: 'A Student', email: mail('student'), classId } },
      { url: '/api/v1/teachers', payload: { name: 'A Teacher', email: mail('teacher') } },
      { url: '/api/v1/parents', payload: { name: 'A Parent', email: mail('parent') } },
      { url: '/api/v1/users', payload: { name: 'A Principal', email: mail('principal'), role: 'principal' } },
      { url: '/api/v1/users', payload: { name: 'An Admin', email: mail('admin'), role: 'school_admin' } },
    ];
    for (const { url, payload } of creates) {
      const res = await school.call({ method: 'POST', url, payload: { ...payload, sendInvitation: false } });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(422);
      expect(errorOf(res)).toMatchObject({ code: 'plan_limit', message: TRIAL_CAP_MESSAGES.people });
    }
    for (const [kind, header] of [
      ['students', 'name,email'],
      ['teachers', 'name,email'],
      ['parents', 'name,email'],
    ] as const) {
      const res = await school.call({
        method: 'POST',
        url: `/api/v1/${kind}/import`,
        payload: { csv: csvOf(header, [`One More,${mail(`import-${kind}`)}`]), classId, sendInvitation: false },
      });
      expect(res.statusCode, `${kind}: ${res.body}`).toBe(422);
      expect(errorOf(res).fields).toEqual({ 'file:_': TRIAL_CAP_MESSAGES.people });
    }
    const spanish = await school.call({
      method: 'POST',
      url: '/api/v1/parents',
      headers: { 'accept-language': 'es' },
      payload: { name: 'Otro', email: mail('otro'), sendInvitation: false },
    });
    expect(spanish.statusCode).toBe(422);
    expect(errorOf(spanish).message).toContain('como máximo 5000 personas, contando las desactivadas');
    expect(await count('people', school.id)).toBe(TRIAL_CAPS.people);

    // Taking a person back stores no one new: only the plan's limits on active people apply.
    const off = await school.call({ method: 'POST', url: `/api/v1/teachers/${school.teacherId}/deactivate` });
    expect(off.statusCode, off.body).toBe(200);
    const on = await school.call({ method: 'POST', url: `/api/v1/teachers/${school.teacherId}/reactivate` });
    expect(on.statusCode, on.body).toBe(200);
    expect(await count('people', school.id)).toBe(TRIAL_CAPS.people);
  });
});

describe('promotions: a trial school applies or undoes at most TRIAL_PROMOTION_CHANGES_PER_DAY a day', () => {
  it('the next apply or undo past the bound is refused (422, nothing changed) until a day has passed; a paying school is not bound', async () => {
    const school = await trialSchool();
    const { thisYear, next, classId } = await promotable(school, { name: 'Grade 3' });
    const student = await school.call({
      method: 'POST',
      url: '/api/v1/students',
      payload: { name: 'Repeating Kid', email: `repeat-${school.id}@capped.test`, classId, sendInvitation: false },
    });
    expect(student.statusCode, student.body).toBe(201);
    const apply = () =>
      school.call({
        method: 'POST',
        url: '/api/v1/promotions',
        payload: { fromYearId: thisYear.id, toYearId: next.id, classes: [{ classId, action: 'repeat' }] },
      });
    const undo = (id: string) => school.call({ method: 'POST', url: `/api/v1/promotions/${id}/undo` });
    const promotions = async () =>
      (
        await withSystem(t.app.deps.db, (tx) =>
          tx.execute<{ n: number; undone: number }>(
            sql`select count(*)::int as n, count(undone_at)::int as undone from promotions where school_id = ${school.id}`,
          ),
        )
      ).rows[0];
    /** Applies and undoes are counted together: apply, undo, apply, … to the bound. */
    let latest = '';
    for (let i = 0; i < TRIAL_PROMOTION_CHANGES_PER_DAY; i += 1) {
      const res = i % 2 === 0 ? await apply() : await undo(latest);
      expect(res.statusCode, res.body).toBe(i % 2 === 0 ? 201 : 200);
      latest = res.json().id;
    }
    const before = await promotions();
    const refused = await apply();
    expect(refused.statusCode, refused.body).toBe(422);
    expect(errorOf(refused)).toMatchObject({ code: 'rule', message: YEAR_MESSAGES.trialChangesPerDay });
    expect(YEAR_MESSAGES.trialChangesPerDay).toBe(
      'A trial school can apply or undo at most 10 promotions a day. Try again tomorrow, or choose a plan.',
    );
    expect(translateTo(YEAR_MESSAGES.trialChangesPerDay, 'es')).toBe(
      'Una escuela en periodo de prueba puede aplicar o deshacer como máximo 10 promociones al día. Vuelva a intentarlo mañana o elija un plan.',
    );
    expect(await promotions()).toEqual(before);

    // A day after the first apply, one place is free again: an apply takes it, and the undo after it is refused.
    await withSystem(t.app.deps.db, (tx) =>
      tx.execute(sql`update promotions set applied_at = applied_at - interval '25 hours'
        where school_id = ${school.id} and applied_at = (select min(applied_at) from promotions where school_id = ${school.id})`),
    );
    const again = await apply();
    expect(again.statusCode, again.body).toBe(201);
    const undoRefused = await undo(again.json().id);
    expect(undoRefused.statusCode, undoRefused.body).toBe(422);
    expect(errorOf(undoRefused).message).toBe(YEAR_MESSAGES.trialChangesPerDay);
    expect((await promotions())?.undone).toBe(before?.undone);

    // Once the school pays, it is not bound.
    await putOnPaidBasic(school.id);
    const paidUndo = await undo(again.json().id);
    expect(paidUndo.statusCode, paidUndo.body).toBe(200);
  });
});

describe('changes: a trial school makes at most TRIAL_CHANGES_PER_DAY changes a day, all its people together', () => {
  /** Takes all but `left` of the school's places today (its set-up made some), as that many changes would have. */
  const spend = (schoolId: string, left: number) => {
    const taken: (() => void)[] = [];
    for (let i = 0; i <= TRIAL_CHANGES_PER_DAY; i += 1) {
      const place = t.app.deps.trialChanges.take(schoolId);
      if (!place.allowed) break;
      taken.push(place.giveBack);
    }
    for (const giveBack of taken.slice(-left)) giveBack();
  };

  it('past the bound a change is refused (429, Retry-After until the day turns) in the person’s language; reads, choosing a plan and other schools go on; a paying school is not bound', async () => {
    const school = await trialSchool();
    const other = await trialSchool();
    spend(school.id, 2);
    const readAll = (call: TrialSchool['call']) => call({ method: 'POST', url: '/api/v1/notifications/read-all' });
    expect((await readAll(school.call)).statusCode).toBe(204);
    // What a school needs to choose a plan (and its language, to read why) is not counted nor refused.
    const spanish = await school.call({ method: 'PUT', url: '/api/v1/profile/language', payload: { language: 'es' } });
    expect(spanish.statusCode, spanish.body).toBeLessThan(300);
    expect((await readAll(school.call)).statusCode).toBe(204);

    const over = await readAll(school.call);
    expect(over.statusCode).toBe(429);
    expect(errorOf(over)).toMatchObject({
      code: 'rate_limited',
      message: translateTo(TRIAL_CHANGES_MESSAGES.perDay, 'es'),
    });
    expect(translateTo(TRIAL_CHANGES_MESSAGES.perDay, 'es')).toBe(
      'Una escuela en periodo de prueba puede hacer como máximo 10.000 cambios al día. Inténtelo de nuevo mañana o elija un plan.',
    );
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    // Nothing the refused request would have made: a new class is refused too and not stored.
    const refused = await school.call({
      method: 'POST',
      url: '/api/v1/classes',
      payload: { name: 'Over', section: 'A' },
    });
    expect(refused.statusCode).toBe(429);
    const [stored] = await withSystem(t.app.deps.db, (tx) =>
      tx.execute<{ n: number }>(sql`select count(*)::int as n from classes where school_id = ${school.id}`),
    ).then((r) => r.rows);
    expect(stored?.n).toBe(0);

    expect((await school.call({ method: 'GET', url: '/api/v1/notifications' })).statusCode).toBe(200);
    expect((await readAll(other.call)).statusCode).toBe(204);

    // A paying school's changes are not counted at all.
    const held = t.app.deps.trialChanges.size;
    const paidAdmin = as(t.app, await login(t.app, paid.users.school_admin.email, 'school_admin'));
    expect((await readAll(paidAdmin)).statusCode).toBe(204);
    expect(t.app.deps.trialChanges.size).toBe(held);

    // Once company staff put the school on a plan, its changes go on the same day.
    await putOnPaidBasic(school.id);
    expect((await readAll(school.call)).statusCode).toBe(204);
  });
});
