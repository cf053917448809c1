import type { AttendanceRecord } from '@lyceum/shared/attendance';
import type { TimetableOptionsResponse } from '@lyceum/shared/timetable';
import { NAME_MARKS } from '@lyceum/shared/name-order';
import { sql } from 'drizzle-orm';
import type { Tx } from '../src/db/client.ts';
import { selectRows } from '../src/db/select-rows.ts';
import { nameKey } from '../src/lib/search.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClass, createStudent, createTeacher, uniqueEmail } from './factories/people.ts';
import { type Caller, type SchoolWorld, schoolWorld } from './fixtures/school-world.ts';

/**
 * docs/product.md, "Sorting by name": a name sorts by its letters with accents, strokes and case set aside, then
 * as written, then by id; the same on PGlite (whose collation is C, code point order) as on any PostgreSQL.
 * In code point order the names below would come out as `Ana, Emile, Zapata, de la Cruz, Álvarez, Émile, Łukasz`.
 */
const NAMES = ['Zapata', 'Álvarez', 'émile', 'Łukasz', 'de la Cruz', 'Ana', 'Emile'];
/** `alvarez` < `ana` (l before n); `Emile` and `émile` share their key, and `E` (U+0045) comes before `é` (U+00E9). */
const IN_ORDER = ['Álvarez', 'Ana', 'de la Cruz', 'Emile', 'émile', 'Łukasz', 'Zapata'];

let w: SchoolWorld;
let admin: Caller;
let classId: string;
const studentIds = new Set<string>();
const teacherIds = new Set<string>();

beforeAll(async () => {
  w = await schoolWorld();
  admin = await w.a.as('school_admin');
  const session = await w.a.signIn('school_admin');
  classId = (await createClass(w.t.app, session)).id;
  for (const name of NAMES) {
    studentIds.add((await createStudent(w.t.app, session, { classId, name, email: uniqueEmail('s') })).student.id);
    teacherIds.add((await createTeacher(w.t.app, session, { name, email: uniqueEmail('t') })).teacher.id);
  }
});
afterAll(() => w.t.close());

type Named = { id: string; name: string };

/** Every page of a student list, `limit` at a time, following the cursors. */
async function walk(query: string, limit: number): Promise<Named[]> {
  const items: Named[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await admin({
      method: 'GET',
      url: `/api/v1/students?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    items.push(...res.json().items);
    cursor = res.json().nextCursor;
    pages += 1;
    expect(pages).toBeLessThan(20);
  } while (cursor);
  return items;
}

const mine = (items: Named[], ids: Set<string>) => items.filter((i) => ids.has(i.id)).map((i) => i.name);

describe('names sort with accents, strokes and case set aside (docs/product.md, "Sorting by name")', () => {
  it('the student list of a whole school and of a class, in one page and two at a time', async () => {
    for (const query of ['sort=name', `sort=name&classId=${classId}`]) {
      const whole = await walk(query, 100);
      expect(mine(whole, studentIds), query).toEqual(IN_ORDER);
      const paged = await walk(query, 2);
      // Every student exactly once, in the same order as on one page: none skipped or repeated at a page's edge.
      expect(
        paged.map((s) => s.id),
        query,
      ).toEqual(whole.map((s) => s.id));
      expect(new Set(paged.map((s) => s.id)).size, query).toBe(paged.length);
    }
  });

  it('the attendance sheet of a class, as a submission answers it', async () => {
    const res = await admin({
      method: 'POST',
      url: '/api/v1/attendance',
      payload: { classId, records: [...studentIds].map((studentId) => ({ studentId, isPresent: true })) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().records.map((r: AttendanceRecord) => r.studentName)).toEqual(IN_ORDER);
  });

  it("the timetable's teacher picker", async () => {
    const res = await admin({ method: 'GET', url: '/api/v1/timetable/options' });
    expect(res.statusCode, res.body).toBe(200);
    expect(mine((res.json() as TimetableOptionsResponse).teachers, teacherIds)).toEqual(IN_ORDER);
  });

  it('a plain ASCII name takes the short way to the same key as the full folding', async () => {
    const names = [...NAMES, 'ZOE van Dijk', "O'Brien-Smith", 'Łódź', 'Ærø', 'Зоя', 'ليلى'];
    const rows = await selectRows<{ name: string; key: string; folded: string }>(
      w.t.app.deps.db as unknown as Tx,
      sql`
      select n as name, lyceum_name_key(n) as key,
        translate(regexp_replace(normalize(n, NFD), ${NAME_MARKS}, '', 'g'),
          'ŁłØøĐđĦħŦŧƗɨƵƶABCDEFGHIJKLMNOPQRSTUVWXYZ', 'llooddhhttiizzabcdefghijklmnopqrstuvwxyz') as folded
      from unnest(${`{${names.map((n) => `"${n}"`).join(',')}}`}::text[]) as n`,
    );
    expect(rows).toHaveLength(names.length);
    for (const row of rows) expect(row.key, row.name).toBe(row.folded);
    expect(rows.find((r) => r.name === 'ZOE van Dijk')?.key).toBe('zoe van dijk');
    // An alef with hamza or madda is an alef (as in a dictionary): أحمد sorts among the names with a plain alef.
    const arabic = await selectRows<{ n: string }>(
      w.t.app.deps.db as unknown as Tx,
      sql`select n from unnest(${'{امل,آدم,أحمد,إبراهيم}'}::text[]) as n order by ${nameKey(sql`n`)}, n collate "C"`,
    );
    expect(arabic.map((r) => r.n)).toEqual(['إبراهيم', 'أحمد', 'آدم', 'امل']);
  });
});
