import type { AcademicYear, AcademicYearListResponse } from '@lyceum/shared/years';
import { PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import {
  ACADEMIC_YEAR_REACH_YEARS,
  type AcademicYearRequest,
  MAX_ACADEMIC_YEARS,
  YEAR_MESSAGES,
} from '@lyceum/shared/years';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { audit } from '../../db/audit.ts';
import { lockClassLabels, shownTwinAcrossYears } from '../../db/class-label.ts';
import type { Tx } from '../../db/client.ts';
import { selectRows } from '../../db/select-rows.ts';
import { academicHolidays, academicTerms, academicYears } from '../../db/schema/index.ts';
import { inScope, readScope, writeScope } from '../../db/school-scope.ts';
import { assertTrialCap } from '../../db/trial-caps.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { pgCode, pgConstraint } from '../../lib/pg-errors.ts';
import { timeZoneOf, todayIn } from '../../lib/school-day.ts';

type YearInput = z.output<typeof AcademicYearRequest>;
type YearRow = typeof academicYears.$inferSelect;
type PartRow = typeof academicTerms.$inferSelect;

const part = (p: PartRow) => ({ id: p.id, name: p.name, startDate: p.startDate, endDate: p.endDate });

async function views(tx: Tx, schoolId: string, years: YearRow[]): Promise<AcademicYear[]> {
  if (years.length === 0) return [];
  const ids = years.map((y) => y.id);
  const of = (table: typeof academicTerms) =>
    tx
      .select()
      .from(table)
      .where(and(eq(table.schoolId, schoolId), inArray(table.academicYearId, ids)))
      .orderBy(asc(table.startDate), asc(table.id));
  const [terms, holidays] = [byYear(await of(academicTerms)), byYear(await of(academicHolidays))];
  return years.map((y) => ({
    id: y.id,
    name: y.name,
    startDate: y.startDate,
    endDate: y.endDate,
    isCurrent: y.isCurrent,
    terms: terms.get(y.id) ?? [],
    holidays: holidays.get(y.id) ?? [],
  }));
}

/** Each year's parts, in their order, in one pass (filtering the whole list once per year grew with its square). */
function byYear(rows: PartRow[]): Map<string, ReturnType<typeof part>[]> {
  const grouped = new Map<string, ReturnType<typeof part>[]>();
  for (const row of rows) {
    const list = grouped.get(row.academicYearId);
    if (list) list.push(part(row));
    else grouped.set(row.academicYearId, [part(row)]);
  }
  return grouped;
}

export async function findYear(tx: Tx, schoolId: string, id: string): Promise<YearRow> {
  const [row] = await tx
    .select()
    .from(academicYears)
    .where(and(eq(academicYears.schoolId, schoolId), eq(academicYears.id, id)));
  if (!row) throw notFound(YEAR_MESSAGES.yearNotFound);
  return row;
}

/** Writes to a school's years take turns, so two overlapping years cannot both pass the check. */
async function lockYears(tx: Tx, schoolId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`academic-years:${schoolId}`}, 0))`);
}

/**
 * A name another year of the school has: refused as such before the dates are compared, so creating a year
 * again (same name, so most often the same dates) is told the name exists, not that it overlaps itself.
 */
async function refuseTakenName(tx: Tx, schoolId: string, name: string, exceptId: string | null): Promise<void> {
  const [taken] = await tx
    .select({ id: academicYears.id })
    .from(academicYears)
    .where(
      and(
        eq(academicYears.schoolId, schoolId),
        eq(academicYears.name, name),
        exceptId ? ne(academicYears.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw new AppError('conflict', YEAR_MESSAGES.yearExists, { name: YEAR_MESSAGES.yearExists });
}

async function refuseOverlap(tx: Tx, schoolId: string, input: YearInput, exceptId: string | null): Promise<void> {
  const [other] = await tx
    .select({ name: academicYears.name })
    .from(academicYears)
    .where(
      and(
        eq(academicYears.schoolId, schoolId),
        sql`${academicYears.startDate} <= ${input.endDate}::date and ${academicYears.endDate} >= ${input.startDate}::date`,
        exceptId ? ne(academicYears.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (other) {
    const message = YEAR_MESSAGES.yearOverlaps(other.name);
    throw new AppError('conflict', message, { startDate: message });
  }
}

/** `date` moved by whole calendar years (a 29 February stays one: it only bounds a comparison of ISO dates). */
const yearsFrom = (date: string, years: number) =>
  `${String(Number(date.slice(0, 4)) + years).padStart(4, '0')}${date.slice(4)}`;

/**
 * A year lies within ACADEMIC_YEAR_REACH_YEARS of the school's today (docs/product.md, "Years, terms and
 * holidays"): attendance is taken back to the first year's start, so a `1900-1901` would open every day since.
 * A date a saved year keeps (`stored`) is not judged again: a year stored out of reach before this rule can
 * still be renamed and its terms changed, and keeping a date opens no day that was not open already.
 */
function refuseOutOfReach(
  actor: Actor,
  deps: Deps,
  input: YearInput,
  stored?: { startDate: string; endDate: string },
): void {
  const today = todayIn(timeZoneOf(actor), deps.clock());
  const message = YEAR_MESSAGES.outOfReach;
  if (input.startDate !== stored?.startDate && input.startDate < yearsFrom(today, -ACADEMIC_YEAR_REACH_YEARS)) {
    throw new AppError('validation', message, { startDate: message });
  }
  if (input.endDate !== stored?.endDate && input.endDate > yearsFrom(today, ACADEMIC_YEAR_REACH_YEARS)) {
    throw new AppError('validation', message, { endDate: message });
  }
}

/**
 * At most MAX_ACADEMIC_YEARS years a school, and TRIAL_CAPS.academicYears on a trial: the years list is not
 * paged, so its size is bounded here. Counted after lockYears, so creates at the edge count one after the other.
 */
async function refuseTooManyYears(tx: Tx, schoolId: string): Promise<void> {
  const [row] = await selectRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from academic_years where school_id = ${schoolId}`,
  );
  if ((row?.n ?? 0) >= MAX_ACADEMIC_YEARS) throw new AppError('rule', YEAR_MESSAGES.tooManyYears);
  await assertTrialCap(tx, schoolId, 'academicYears');
}

async function uniqueName<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (pgCode(err) === '23505' && pgConstraint(err) === 'academic_years_name_unique') {
      throw new AppError('conflict', YEAR_MESSAGES.yearExists, { name: YEAR_MESSAGES.yearExists });
    }
    // A renamed year's class meets a class already labelled with the new name (no year had it).
    if (pgCode(err) === '23505' && pgConstraint(err) === 'classes_school_name_unique') {
      throw new AppError('conflict', PEOPLE_MESSAGES.classExists, { name: PEOPLE_MESSAGES.classExists });
    }
    throw err;
  }
}

/**
 * A class, a student, an attendance record and a promotion's record hold their year by its name: a renamed
 * year takes them along, so its classes stay its own (docs/product.md, "Years, terms and holidays").
 */
async function carryName(tx: Tx, schoolId: string, from: string, to: string): Promise<void> {
  for (const [table, column] of [
    ['classes', 'academic_year'],
    ['students', 'academic_year'],
    ['attendance', 'academic_year'],
    ['promotion_moves', 'from_academic_year'],
  ] as const) {
    await tx.execute(
      sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${to}
        where school_id = ${schoolId} and ${sql.identifier(column)} = ${from}`,
    );
  }
  await tx.execute(sql`
    update promotions set relabelled_classes = (
      select jsonb_agg(case when e->>'academicYear' = ${from} then jsonb_set(e, '{academicYear}', to_jsonb(${to}::text))
        else e end order by n)
      from jsonb_array_elements(relabelled_classes) with ordinality as r(e, n))
    where school_id = ${schoolId} and relabelled_classes @> ${JSON.stringify([{ academicYear: from }])}::jsonb`);
}

async function writeParts(tx: Tx, schoolId: string, yearId: string, input: YearInput): Promise<void> {
  for (const [table, rows] of [
    [academicTerms, input.terms],
    [academicHolidays, input.holidays],
  ] as const) {
    await tx.delete(table).where(and(eq(table.schoolId, schoolId), eq(table.academicYearId, yearId)));
    if (rows.length) {
      await tx.insert(table).values(rows.map((r) => ({ schoolId, id: newId(), academicYearId: yearId, ...r })));
    }
  }
}

/** Every year, newest first, with its terms and holidays: at most MAX_ACADEMIC_YEARS of them (refuseTooManyYears). */
export function listYears(deps: Deps, actor: Actor): Promise<AcademicYearListResponse> {
  const scope = readScope(actor, undefined, 'academic years');
  return inScope(deps.db, scope, async (tx) => {
    const rows = await tx
      .select()
      .from(academicYears)
      .where(eq(academicYears.schoolId, scope.schoolId))
      .orderBy(desc(academicYears.startDate), asc(academicYears.id));
    return { items: await views(tx, scope.schoolId, rows) };
  });
}

export function createYear(deps: Deps, actor: Actor, input: YearInput): Promise<AcademicYear> {
  const scope = writeScope(actor, undefined);
  refuseOutOfReach(actor, deps, input);
  return uniqueName(() =>
    inScope(deps.db, scope, async (tx) => {
      await lockYears(tx, scope.schoolId);
      await refuseTakenName(tx, scope.schoolId, input.name, null);
      await refuseTooManyYears(tx, scope.schoolId);
      await refuseOverlap(tx, scope.schoolId, input, null);
      const id = newId();
      const [row] = await tx
        .insert(academicYears)
        .values({ schoolId: scope.schoolId, id, name: input.name, startDate: input.startDate, endDate: input.endDate })
        .returning();
      await writeParts(tx, scope.schoolId, id, input);
      await audit(tx, actor, {
        schoolId: scope.schoolId,
        action: 'academic_year.created',
        entity: 'academic_year',
        entityId: id,
        after: input,
      });
      const [made] = await views(tx, scope.schoolId, [row as YearRow]);
      return made as AcademicYear;
    }),
  );
}

/** Name, dates, terms and holidays at once; records already filed under the year keep it, under its new name. */
export function updateYear(
  deps: Deps,
  actor: Actor,
  { id, ...input }: { id: string } & YearInput,
): Promise<AcademicYear> {
  const scope = writeScope(actor, undefined);
  return uniqueName(() =>
    inScope(deps.db, scope, async (tx) => {
      await lockYears(tx, scope.schoolId);
      const before = await findYear(tx, scope.schoolId, id);
      refuseOutOfReach(actor, deps, input, before);
      await refuseTakenName(tx, scope.schoolId, input.name, id);
      await refuseOverlap(tx, scope.schoolId, input, id);
      if (before.name !== input.name) {
        // The year's classes join any class already labelled with the new name (no year had it): no two classes of
        // one year may be shown alike (docs/product.md, "Classes and subjects").
        const twin = await shownTwinAcrossYears(tx, scope.schoolId, before.name, input.name);
        if (twin !== null) {
          const message = YEAR_MESSAGES.renameMakesTwins(input.name, twin);
          throw new AppError('conflict', message, { name: message });
        }
        await carryName(tx, scope.schoolId, before.name, input.name);
      }
      const [row] = await tx
        .update(academicYears)
        .set({ name: input.name, startDate: input.startDate, endDate: input.endDate, updatedAt: new Date() })
        .where(and(eq(academicYears.schoolId, scope.schoolId), eq(academicYears.id, id)))
        .returning();
      await writeParts(tx, scope.schoolId, id, input);
      await audit(tx, actor, {
        schoolId: scope.schoolId,
        action: 'academic_year.updated',
        entity: 'academic_year',
        entityId: id,
        before: { name: before.name, startDate: before.startDate, endDate: before.endDate },
        after: input,
      });
      const [made] = await views(tx, scope.schoolId, [row as YearRow]);
      return made as AcademicYear;
    }),
  );
}

/** Exactly one year is current: this one becomes it, the previous one stops being it. */
export function makeCurrentYear(deps: Deps, actor: Actor, { id }: { id: string }): Promise<AcademicYear> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    await lockYears(tx, scope.schoolId);
    const year = await findYear(tx, scope.schoolId, id);
    if (!year.isCurrent) {
      await tx
        .update(academicYears)
        .set({ isCurrent: false, updatedAt: new Date() })
        .where(and(eq(academicYears.schoolId, scope.schoolId), eq(academicYears.isCurrent, true)));
      await tx
        .update(academicYears)
        .set({ isCurrent: true, updatedAt: new Date() })
        .where(and(eq(academicYears.schoolId, scope.schoolId), eq(academicYears.id, id)));
      await audit(tx, actor, {
        schoolId: scope.schoolId,
        action: 'academic_year.made_current',
        entity: 'academic_year',
        entityId: id,
      });
    }
    const [made] = await views(tx, scope.schoolId, [{ ...year, isCurrent: true }]);
    return made as AcademicYear;
  });
}

/**
 * Classes and students hold their year by its name, not by a key the database guards (carryName): a year they are
 * filed under, active or not, is in use (docs/product.md, "Years, terms and holidays"). Class writes into the year
 * wait on its class lock meanwhile, so none can be filed under it between this check and the delete.
 */
async function refuseWhileFiledUnder(tx: Tx, schoolId: string, name: string): Promise<void> {
  await lockClassLabels(tx, schoolId, name);
  const [row] = await selectRows<{ used: boolean }>(
    tx,
    sql`select exists (select 1 from classes where school_id = ${schoolId} and academic_year = ${name})
      or exists (select 1 from students where school_id = ${schoolId} and academic_year = ${name}) as used`,
  );
  if (row?.used) throw new AppError('rule', YEAR_MESSAGES.yearInUse);
}

/**
 * Only a year nothing is filed under (no class or student by its name; no slot, attendance or promotion, whose
 * keys refuse the delete), and never the current one.
 */
export async function deleteYear(deps: Deps, actor: Actor, { id }: { id: string }): Promise<void> {
  const scope = writeScope(actor, undefined);
  try {
    await inScope(deps.db, scope, async (tx) => {
      await lockYears(tx, scope.schoolId);
      const year = await findYear(tx, scope.schoolId, id);
      if (year.isCurrent) throw new AppError('rule', YEAR_MESSAGES.currentCannotBeDeleted);
      await refuseWhileFiledUnder(tx, scope.schoolId, year.name);
      await tx.delete(academicYears).where(and(eq(academicYears.schoolId, scope.schoolId), eq(academicYears.id, id)));
      await audit(tx, actor, {
        schoolId: scope.schoolId,
        action: 'academic_year.deleted',
        entity: 'academic_year',
        entityId: id,
        before: { name: year.name },
      });
    });
  } catch (err) {
    if (pgCode(err) === '23503') throw new AppError('rule', YEAR_MESSAGES.yearInUse);
    throw err;
  }
}

/** For a bad body on a year's route: another school's (or an unknown) year answers 404 whatever the body. */
export async function findWritableYear(deps: Deps, actor: Actor, { id }: { id: string }): Promise<undefined> {
  const scope = writeScope(actor, undefined);
  await inScope(deps.db, scope, (tx) => findYear(tx, scope.schoolId, id));
  return undefined;
}
