import { PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import {
  PROMOTION_UNDO_DAYS,
  TRIAL_PROMOTION_CHANGES_PER_DAY,
  type Promotion,
  type PromotionAction,
  type PromotionListResponse,
  type PromotionPreview,
  type PromotionRequest,
  type PromotionTotals,
  YEAR_MESSAGES,
} from '@lyceum/shared/years';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { audit } from '../../db/audit.ts';
import { lockClassLabels } from '../../db/class-label.ts';
import type { Tx } from '../../db/client.ts';
import { academicYears, promotionMoves, promotions } from '../../db/schema/index.ts';
import { inScope, readScope, type SchoolScope, writeScope } from '../../db/school-scope.ts';
import { selectRows } from '../../db/select-rows.ts';
import { onTrialSql } from '../../db/trial-caps.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { pgCode, pgConstraint } from '../../lib/pg-errors.ts';
import { byName } from '../../lib/search.ts';
import { dropLostAnnouncementNotifications } from '../announcements/index.ts';
import { setUserActive } from '../people/index.ts';
import { findYear } from './years.ts';

type Input = z.output<typeof PromotionRequest>;
const DAY_MS = 86_400_000;
/** Rolls parked out of the way while students change places (the product allows 1 to 100 000). */
const PARKED = 1_000_000;

interface ClassRow {
  id: string;
  label: string;
  /** Lower-case name and section: one class of a name and section per year. */
  key: string;
  academicYear: string;
  isActive: boolean;
}
interface StudentRow {
  id: string;
  classId: string;
  rollNumber: number;
  academicYear: string;
}
interface Outcome extends StudentRow {
  action: PromotionAction;
  toClassId: string;
}
interface Plan {
  fromYear: string;
  toYear: string;
  fromYearId: string;
  toYearId: string;
  outcomes: Outcome[];
  classes: Map<string, ClassRow>;
  /** Classes the students end up in that are not yet of the target year: they move into it. */
  relabel: ClassRow[];
  totals: PromotionTotals;
}

const invalid = (message: string, field: string) => new AppError('validation', message, { [field]: message });
/** Graduates and leavers leave the school: deactivated, kept in their last class (like a withdrawal). */
const departs = (action: PromotionAction) => action === 'graduate' || action === 'leave';

/**
 * Promotion writes of a school take turns (apply and undo read "the latest promotion"); then a school on a trial
 * that has applied or undone TRIAL_PROMOTION_CHANGES_PER_DAY promotions in the last 24 hours is refused (422
 * `rule`, docs/product.md "The year-end promotion"), before anything is read or written. Counted from the
 * promotions' own times in a statement of its own after the lock (so its snapshot sees the one before it
 * committed): racing requests count one after the other, in every server process; a paying school pays the
 * `exists` only.
 */
async function lockPromotions(tx: Tx, schoolId: string, now: Date): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`promotions:${schoolId}`}, 0))`);
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const [row] = await selectRows<{ n: number }>(
    tx,
    sql`select count(*) filter (where p.applied_at > ${since}::timestamptz)::int
        + count(*) filter (where p.undone_at > ${since}::timestamptz)::int as n
      from promotions p where p.school_id = ${schoolId} and ${onTrialSql(schoolId)}`,
  );
  if (row && row.n >= TRIAL_PROMOTION_CHANGES_PER_DAY) throw new AppError('rule', YEAR_MESSAGES.trialChangesPerDay);
}

async function loadClasses(tx: Tx, schoolId: string): Promise<Map<string, ClassRow>> {
  const rows = await selectRows<ClassRow>(
    tx,
    sql`select id, trim(name || ' ' || section) as label, shown_key as key,
      academic_year as "academicYear", is_active as "isActive"
    from classes where school_id = ${schoolId}`,
  );
  return new Map(rows.map((c) => [c.id, c]));
}

/**
 * Where every active student of the source year's classes goes. A class of the year belongs to it by its
 * academic-year text; every such class with students must be given an action, and a student listed on
 * their own overrides their class's action. A student a promotion (not undone) already took from the source
 * year is not of it any more, so the same promotion never moves anyone twice. Every class the students end up
 * in moves into the target year, so they are promoted from it at the next year end; a class of the same name
 * and section already there must be chosen instead.
 */
async function plan(tx: Tx, scope: SchoolScope, input: Input): Promise<Plan> {
  const from = await findYear(tx, scope.schoolId, input.fromYearId);
  const to = await findYear(tx, scope.schoolId, input.toYearId);
  if (from.id === to.id) throw invalid(YEAR_MESSAGES.sameYear, 'toYearId');
  const classes = await loadClasses(tx, scope.schoolId);
  const students = await selectRows<StudentRow>(
    tx,
    sql`select s.id, s.class_id as "classId", s.roll_number as "rollNumber", s.academic_year as "academicYear"
    from students s join users u on u.school_id = s.school_id and u.id = s.id
      join classes c on c.school_id = s.school_id and c.id = s.class_id
    where s.school_id = ${scope.schoolId} and u.is_active and c.academic_year = ${from.name}
      and not exists (select 1 from promotion_moves m join promotions p on p.school_id = m.school_id and p.id = m.promotion_id
        where m.school_id = s.school_id and m.student_id = s.id and p.from_year_id = ${from.id} and p.undone_at is null)
    order by s.class_id, s.roll_number
    for update of s`,
  );
  if (students.length === 0) {
    // A second apply of the same promotion (a double click, a retry, another tab) finds everyone promoted.
    const [done] = await selectRows<{ toYear: string }>(
      tx,
      sql`select y.name as "toYear" from promotions p join academic_years y on y.school_id = p.school_id and y.id = p.to_year_id
      where p.school_id = ${scope.schoolId} and p.from_year_id = ${from.id} and p.undone_at is null
      order by p.applied_at desc, p.id desc limit 1`,
    );
    if (done) throw new AppError('conflict', YEAR_MESSAGES.alreadyPromoted(done.toYear));
  }
  /** Each class students end up in, with the first field sending them there (for a refusal). */
  const destinations = new Map<string, string>();
  const target = (
    field: string,
    sourceId: string,
    action: PromotionAction,
    toClassId: string | null | undefined,
  ): string => {
    if (departs(action)) return sourceId;
    if (action === 'promote' && !toClassId) throw invalid(YEAR_MESSAGES.targetRequired, `${field}.toClassId`);
    if (action === 'promote' && toClassId === sourceId)
      throw invalid(YEAR_MESSAGES.targetIsSource, `${field}.toClassId`);
    const id = toClassId ?? sourceId;
    const cls = classes.get(id);
    if (!cls?.isActive) throw invalid(PEOPLE_MESSAGES.classNotFound, `${field}.toClassId`);
    if (!destinations.has(id)) destinations.set(id, toClassId ? `${field}.toClassId` : `${field}.classId`);
    return id;
  };

  const byClass = new Map<string, { action: PromotionAction; toClassId: string }>();
  input.classes.forEach((c, i) => {
    const field = `classes.${i}`;
    const cls = classes.get(c.classId);
    if (!cls || cls.academicYear !== from.name) throw invalid(YEAR_MESSAGES.classNotInYear, `${field}.classId`);
    if (byClass.has(c.classId)) throw invalid(YEAR_MESSAGES.classTwice, `${field}.classId`);
    byClass.set(c.classId, { action: c.action, toClassId: target(field, c.classId, c.action, c.toClassId) });
  });
  const missing = [...new Set(students.map((s) => s.classId))].find((id) => !byClass.has(id));
  // Named with its year, as the promotion wizard names every class (docs/product.md, "Classes and subjects").
  if (missing) {
    throw invalid(YEAR_MESSAGES.classMissing(`${classes.get(missing)?.label ?? ''} (${from.name})`), 'classes');
  }

  const studentById = new Map(students.map((s) => [s.id, s]));
  const own = new Map<string, { action: PromotionAction; toClassId: string }>();
  input.students.forEach((s, i) => {
    const field = `students.${i}`;
    const student = studentById.get(s.studentId);
    if (!student) throw invalid(YEAR_MESSAGES.studentNotInYear, `${field}.studentId`);
    if (student.classId !== s.classId) throw invalid(YEAR_MESSAGES.studentNotInClass, `${field}.classId`);
    if (own.has(s.studentId)) throw invalid(YEAR_MESSAGES.studentTwice, `${field}.studentId`);
    own.set(s.studentId, { action: s.action, toClassId: target(field, student.classId, s.action, s.toClassId) });
  });

  const outcomes = students.map((s) => ({ ...s, ...(own.get(s.id) ?? byClass.get(s.classId)) }) as Outcome);
  if (outcomes.length === 0) throw new AppError('rule', YEAR_MESSAGES.nothingToPromote);
  const landing = new Set(outcomes.filter((o) => !departs(o.action)).map((o) => o.toClassId));
  const relabel = [...landing].map((id) => classes.get(id) as ClassRow).filter((c) => c.academicYear !== to.name);
  const taken = new Set([...classes.values()].filter((c) => c.academicYear === to.name).map((c) => c.key));
  for (const cls of relabel) {
    if (taken.has(cls.key)) {
      throw invalid(YEAR_MESSAGES.classInTargetYear(cls.label, to.name), destinations.get(cls.id) as string);
    }
    taken.add(cls.key);
  }
  const count = (a: PromotionAction) => outcomes.filter((o) => o.action === a).length;
  return {
    fromYear: from.name,
    toYear: to.name,
    fromYearId: from.id,
    toYearId: to.id,
    outcomes,
    classes,
    relabel,
    totals: {
      promoted: count('promote'),
      repeating: count('repeat'),
      graduated: count('graduate'),
      left: count('leave'),
    },
  };
}

/** Active students per class now, and after the plan: every class a student leaves or joins. */
async function classCounts(tx: Tx, scope: SchoolScope, p: Plan): Promise<PromotionPreview['classes']> {
  const ids = [...new Set(p.outcomes.flatMap((o) => [o.classId, o.toClassId]))];
  const rows = await selectRows<{ classId: string; n: number }>(
    tx,
    sql`select s.class_id as "classId", count(*)::int as n
    from students s join users u on u.school_id = s.school_id and u.id = s.id
    where s.school_id = ${scope.schoolId} and u.is_active
      and s.class_id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
    group by s.class_id`,
  );
  const before = new Map(rows.map((r) => [r.classId, r.n]));
  const after = new Map(before);
  for (const o of p.outcomes) {
    after.set(o.classId, (after.get(o.classId) ?? 0) - 1);
    if (!departs(o.action)) after.set(o.toClassId, (after.get(o.toClassId) ?? 0) + 1);
  }
  return ids
    .map((id) => {
      const cls = p.classes.get(id) as ClassRow;
      return {
        classId: id,
        name: cls.label,
        academicYear: cls.academicYear,
        before: before.get(id) ?? 0,
        after: after.get(id) ?? 0,
      };
    })
    .sort((a, b) => a.academicYear.localeCompare(b.academicYear) || a.name.localeCompare(b.name));
}

export function previewPromotion(deps: Deps, actor: Actor, input: Input): Promise<PromotionPreview> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    const p = await plan(tx, scope, input);
    return { totals: p.totals, classes: await classCounts(tx, scope, p) };
  });
}

/**
 * Puts students into classes: first every mover is parked on a roll no one uses, then each gets their roll,
 * so students trading places between classes never collide on the one-roll-per-class index. Every student
 * whose `wanted` roll is free gets it first; only then do the others (no roll wanted, or theirs taken since)
 * get the next after the class's highest, so one taken roll never bumps the students behind it (undo,
 * docs/product.md "The year-end promotion").
 */
async function placeAll(
  tx: Tx,
  schoolId: string,
  moves: { studentId: string; classId: string; wanted: number | null; academicYear: string }[],
): Promise<Map<string, number>> {
  const rolls = new Map<string, number>();
  if (moves.length === 0) return rolls;
  const rows = JSON.stringify(
    moves.map((m, k) => ({ id: m.studentId, class_id: m.classId, roll: PARKED + k, year: m.academicYear })),
  );
  await tx.execute(sql`
    update students s set class_id = r.class_id, roll_number = r.roll, academic_year = r.year, updated_at = now()
    from json_to_recordset(${rows}::json) as r(id uuid, class_id uuid, roll int, year text)
    where s.school_id = ${schoolId} and s.id = r.id`);
  const classIds = [...new Set(moves.map((m) => m.classId))];
  const taken = await selectRows<{ classId: string; roll: number }>(
    tx,
    sql`select class_id as "classId", roll_number as roll from students
    where school_id = ${schoolId} and roll_number < ${PARKED}
      and class_id in (${sql.join(
        classIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
  );
  const used = new Map<string, Set<number>>(classIds.map((id) => [id, new Set()]));
  for (const t of taken) used.get(t.classId)?.add(t.roll);
  const give = (m: (typeof moves)[number], roll: number) => {
    (used.get(m.classId) as Set<number>).add(roll);
    rolls.set(m.studentId, roll);
  };
  for (const m of moves) {
    if (m.wanted !== null && !used.get(m.classId)?.has(m.wanted)) give(m, m.wanted);
  }
  for (const m of moves) {
    if (!rolls.has(m.studentId)) give(m, Math.max(0, ...(used.get(m.classId) as Set<number>)) + 1);
  }
  const final = moves.map((m) => ({ id: m.studentId, roll: rolls.get(m.studentId) as number }));
  await tx.execute(sql`
    update students s set roll_number = r.roll
    from json_to_recordset(${JSON.stringify(final)}::json) as r(id uuid, roll int)
    where s.school_id = ${schoolId} and s.id = r.id`);
  // Moved students and their parents leave the announcements of the classes they left.
  await dropLostAnnouncementNotifications(tx, schoolId, { studentIds: moves.map((m) => m.studentId) });
  return rolls;
}

/** Moves classes into another academic year (a promotion's destinations, and back on undo). */
async function relabelClasses(
  tx: Tx,
  schoolId: string,
  labels: { classId: string; academicYear: string }[],
): Promise<void> {
  if (labels.length === 0) return;
  try {
    await tx.execute(sql`
      update classes c set academic_year = r.year, updated_at = now()
      from json_to_recordset(${JSON.stringify(labels.map((l) => ({ id: l.classId, year: l.academicYear })))}::json)
        as r(id uuid, year text)
      where c.school_id = ${schoolId} and c.id = r.id`);
  } catch (err) {
    // Only on undo: a class of the same name was made in the old year since.
    if (pgCode(err) === '23505' && pgConstraint(err) === 'classes_school_name_unique') {
      throw new AppError('conflict', PEOPLE_MESSAGES.classExists);
    }
    throw err;
  }
}

/**
 * Undo gives the classes a promotion moved into the target year their year back; a class shown alike (case and
 * runs of spaces aside, "Classes and subjects") may have been made in that year since. Refuses (409) naming the
 * first such class and its year, before anything moves. Class writes of those years wait meanwhile, so none can
 * make a twin between this check and the move.
 */
async function refuseUndoTwins(
  tx: Tx,
  schoolId: string,
  back: { classId: string; academicYear: string }[],
): Promise<void> {
  if (back.length === 0) return;
  for (const year of [...new Set(back.map((b) => b.academicYear))].sort()) await lockClassLabels(tx, schoolId, year);
  const rows = JSON.stringify(back.map((b) => ({ id: b.classId, year: b.academicYear })));
  const [twin] = await selectRows<{ label: string; year: string }>(
    tx,
    sql`with back as (select * from json_to_recordset(${rows}::json) as r(id uuid, year text))
    select trim(c.name || ' ' || c.section) as label, b.year
    from back b join classes c on c.school_id = ${schoolId} and c.id = b.id
    where exists (select 1 from classes t left join back tb on tb.id = t.id
      where t.school_id = c.school_id and t.id <> c.id and coalesce(tb.year, t.academic_year) = b.year
        and t.shown_key = c.shown_key)
    order by b.year, ${byName(sql`c.name`, sql`c.section`)}, c.id
    limit 1`,
  );
  if (twin) throw new AppError('conflict', YEAR_MESSAGES.undoMakesTwins(twin.year, twin.label));
}

/**
 * An inactive class has no active student ("Classes and subjects"), and undo makes every student of the promotion
 * active again in the class it found them in: a class it emptied and that was deactivated since (its graduates'
 * class, or the one its students left) is reactivated, as it was when the promotion was applied.
 */
async function reactivateClasses(tx: Tx, actor: Actor, schoolId: string, classIds: string[]): Promise<void> {
  if (classIds.length === 0) return;
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`update classes set is_active = true, updated_at = now()
    where school_id = ${schoolId} and not is_active and id in (${sql.join(
      classIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    returning id`,
  );
  for (const { id } of rows) {
    await audit(tx, actor, { schoolId, action: 'class.reactivated', entity: 'class', entityId: id });
  }
}

/**
 * The promotion in one transaction: every student moved, kept, graduated or gone, and what happened recorded
 * for undo.
 */
export function applyPromotion(deps: Deps, actor: Actor, input: Input): Promise<Promotion> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    const now = deps.clock();
    await lockPromotions(tx, scope.schoolId, now);
    const p = await plan(tx, scope, input);
    const movers = p.outcomes.filter((o) => !departs(o.action) && o.toClassId !== o.classId);
    const rolls = await placeAll(
      tx,
      scope.schoolId,
      movers.map((o) => ({ studentId: o.id, classId: o.toClassId, wanted: null, academicYear: p.toYear })),
    );
    const stayers = p.outcomes.filter((o) => o.action === 'repeat' && o.toClassId === o.classId).map((o) => o.id);
    if (stayers.length) {
      await tx.execute(sql`update students set academic_year = ${p.toYear}, updated_at = now()
        where school_id = ${scope.schoolId} and id in (${sql.join(
          stayers.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`);
    }
    for (const o of p.outcomes.filter((x) => departs(x.action))) {
      await setUserActive(tx, actor, scope.schoolId, { id: o.id, role: 'student', isActive: true }, false);
    }
    await relabelClasses(
      tx,
      scope.schoolId,
      p.relabel.map((c) => ({ classId: c.id, academicYear: p.toYear })),
    );
    const id = newId();
    await tx.insert(promotions).values({
      schoolId: scope.schoolId,
      id,
      fromYearId: p.fromYearId,
      toYearId: p.toYearId,
      appliedById: actor.profileId,
      appliedByName: actor.name,
      appliedAt: now,
      totals: p.totals,
      relabelledClasses: p.relabel.map((c) => ({ classId: c.id, academicYear: c.academicYear })),
    });
    for (let i = 0; i < p.outcomes.length; i += 1000) {
      await tx.insert(promotionMoves).values(
        p.outcomes.slice(i, i + 1000).map((o) => ({
          schoolId: scope.schoolId,
          id: newId(),
          promotionId: id,
          studentId: o.id,
          action: o.action,
          fromClassId: o.classId,
          fromRoll: o.rollNumber,
          fromAcademicYear: o.academicYear,
          wasActive: true,
          toClassId: o.toClassId,
          toRoll: rolls.get(o.id) ?? o.rollNumber,
        })),
      );
    }
    await audit(tx, actor, {
      schoolId: scope.schoolId,
      action: 'promotion.applied',
      entity: 'promotion',
      entityId: id,
      after: { fromYear: p.fromYear, toYear: p.toYear, ...p.totals },
    });
    const [made] = await loadPromotions(tx, scope.schoolId, now, id);
    return made as Promotion;
  });
}

async function loadPromotions(tx: Tx, schoolId: string, now: Date, onlyId?: string): Promise<Promotion[]> {
  const rows = await tx
    .select({
      p: promotions,
      fromYear: sql<string>`(select name from ${academicYears} y where y.school_id = ${promotions.schoolId} and y.id = ${promotions.fromYearId})`,
      toYear: sql<string>`(select name from ${academicYears} y where y.school_id = ${promotions.schoolId} and y.id = ${promotions.toYearId})`,
    })
    .from(promotions)
    .where(eq(promotions.schoolId, schoolId))
    .orderBy(desc(promotions.appliedAt), desc(promotions.id))
    .limit(20);
  const latest = rows.find((r) => r.p.undoneAt === null)?.p.id;
  return rows
    .filter((r) => !onlyId || r.p.id === onlyId)
    .map(({ p, fromYear, toYear }) => {
      const until = new Date(p.appliedAt.getTime() + PROMOTION_UNDO_DAYS * DAY_MS);
      const undoable = p.undoneAt === null && p.id === latest && now < until;
      return {
        id: p.id,
        fromYear,
        toYear,
        appliedAt: p.appliedAt.toISOString(),
        appliedByName: p.appliedByName,
        totals: { left: 0, ...(p.totals as Partial<PromotionTotals>) } as PromotionTotals,
        undoneAt: p.undoneAt?.toISOString() ?? null,
        undoUntil: undoable ? until.toISOString() : null,
      };
    });
}

/** The 20 most recent promotions, each saying until when it may be undone. */
export function listPromotions(deps: Deps, actor: Actor): Promise<PromotionListResponse> {
  const scope = readScope(actor, undefined, 'promotions');
  return inScope(deps.db, scope, async (tx) => ({ items: await loadPromotions(tx, scope.schoolId, deps.clock()) }));
}

/** How many of the students who changed since a promotion its refused undo names (the rest are counted). */
const CHANGED_NAMES_SHOWN = 5;

/** The students who changed since a promotion, for its refused undo: the first few by name, then how many more. */
function changedNames(names: string[]): string {
  const shown = names.slice(0, CHANGED_NAMES_SHOWN).join(', ');
  const more = names.length - CHANGED_NAMES_SHOWN;
  return more > 0 ? YEAR_MESSAGES.studentsChangedMore(shown, more) : YEAR_MESSAGES.studentsChangedNames(shown);
}

/**
 * Puts every student back where the promotion found them: class, roll (or the next free one if it was taken
 * since), academic year and, for graduates and leavers, their active account; the classes it moved into the
 * target year go back to their year, and a class it emptied that was deactivated since is active again. Only the
 * latest promotion, within 7 days, and only while its students are still where it put them.
 */
export function undoPromotion(deps: Deps, actor: Actor, { id }: { id: string }): Promise<Promotion> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    const now = deps.clock();
    await lockPromotions(tx, scope.schoolId, now);
    const [p] = await tx
      .select()
      .from(promotions)
      .where(and(eq(promotions.schoolId, scope.schoolId), eq(promotions.id, id)));
    if (!p) throw notFound(YEAR_MESSAGES.promotionNotFound);
    if (p.undoneAt) throw new AppError('rule', YEAR_MESSAGES.alreadyUndone);
    if (now.getTime() - p.appliedAt.getTime() >= PROMOTION_UNDO_DAYS * DAY_MS) {
      throw new AppError('rule', YEAR_MESSAGES.undoTooLate);
    }
    const [later] = await selectRows<{ id: string }>(
      tx,
      sql`select id from promotions where school_id = ${scope.schoolId} and undone_at is null and id <> ${id}
        and (applied_at, id) > (${p.appliedAt.toISOString()}::timestamptz, ${id}::uuid) limit 1`,
    );
    if (later) throw new AppError('rule', YEAR_MESSAGES.undoNotLatest);

    const moves = await selectRows<{
      studentId: string;
      action: PromotionAction;
      fromClassId: string;
      fromRoll: number;
      fromAcademicYear: string;
      toClassId: string;
      classId: string;
      isActive: boolean;
      name: string;
    }>(
      tx,
      sql`select m.student_id as "studentId", u.name, m.action, m.from_class_id as "fromClassId", m.from_roll as "fromRoll",
        m.from_academic_year as "fromAcademicYear", m.to_class_id as "toClassId", s.class_id as "classId",
        u.is_active as "isActive"
      from promotion_moves m join students s on s.school_id = m.school_id and s.id = m.student_id
        join users u on u.school_id = s.school_id and u.id = s.id
      where m.school_id = ${scope.schoolId} and m.promotion_id = ${id}
      order by m.from_class_id, m.from_roll
      for update of s`,
    );
    const moved = moves.filter((m) => m.classId !== m.toClassId || m.isActive === departs(m.action));
    if (moved.length > 0) {
      throw new AppError('rule', YEAR_MESSAGES.studentsChanged, { students: changedNames(moved.map((m) => m.name)) });
    }

    await refuseUndoTwins(tx, scope.schoolId, p.relabelledClasses);
    await reactivateClasses(tx, actor, scope.schoolId, [...new Set(moves.map((m) => m.fromClassId))]);
    await placeAll(
      tx,
      scope.schoolId,
      moves
        .filter((m) => !departs(m.action) && m.toClassId !== m.fromClassId)
        .map((m) => ({
          studentId: m.studentId,
          classId: m.fromClassId,
          wanted: m.fromRoll,
          academicYear: m.fromAcademicYear,
        })),
    );
    await relabelClasses(tx, scope.schoolId, p.relabelledClasses);
    for (const m of moves) {
      if (departs(m.action)) {
        await setUserActive(tx, actor, scope.schoolId, { id: m.studentId, role: 'student', isActive: false }, true);
      }
      if (departs(m.action) || m.toClassId === m.fromClassId) {
        await tx.execute(sql`update students set academic_year = ${m.fromAcademicYear}, updated_at = now()
          where school_id = ${scope.schoolId} and id = ${m.studentId}`);
      }
    }
    await tx
      .update(promotions)
      .set({ undoneAt: now })
      .where(and(eq(promotions.schoolId, scope.schoolId), eq(promotions.id, id)));
    await audit(tx, actor, { schoolId: scope.schoolId, action: 'promotion.undone', entity: 'promotion', entityId: id });
    const [made] = await loadPromotions(tx, scope.schoolId, now, id);
    return made as Promotion;
  });
}
