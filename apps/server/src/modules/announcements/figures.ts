import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { onRoster } from '../../db/roster.ts';
import { selectRows } from '../../db/select-rows.ts';

export interface ReadFigures {
  readCount: number;
  audienceCount: number;
}

/**
 * The read figures of a page of announcements, in one statement: `audienceCount` is every active user of the
 * school in the announcement's audience (`audienceMembers`, its author excepted) and `readCount` those of them
 * who have read it. Same answers as counting `audienceMembers` per announcement, without walking the school's
 * users twice per row:
 * - the school's active users are read once (`people`) and counted by role once (`by_role`); an audience of
 *   whole roles is the sum of its roles' counts, less its author when the author is one of them;
 * - an audience narrowed to classes is listed from the page's classes only (the students on their rosters,
 *   db/roster.ts, and those students' parents, their teachers, tagged with the role they qualify as) plus the
 *   school's managers, who belong to every class; a person in several of the classes counts once;
 * - reads are counted by joining each announcement's reads to `people` (whole roles) or to its narrowed
 *   audience, so a reader who has since left the audience (deactivated, deleted, moved class) no longer counts.
 * Row-level security makes PostgreSQL expect a hundredth of the rows, so the shape is spelled out: the page's
 * classes' people are read once (materialised; inlined, they were read again for every announcement of the
 * page) and met by class id (one hash join, not every announcement against every person of the classes).
 * The per-role counts and the per-announcement counts are materialised too: inlined, the planner re-ran them
 * (a group-by over the school's people, a sort of the page's reads) once per announcement of the page, about
 * a third of this statement's time on a page of twenty.
 */
export async function readFigures(tx: Tx, schoolId: string, ids: readonly string[]): Promise<Map<string, ReadFigures>> {
  const figures = new Map<string, ReadFigures>();
  if (ids.length === 0) return figures;
  const rows = await selectRows<{ id: string } & ReadFigures>(
    tx,
    sql`with page as (
        select a.id, a.audience, a.class_ids, a.author_id, ('all' = any(a.audience)) as to_all
        from announcements a where a.school_id = ${schoolId} and a.id = any(${sql.param([...ids])}::uuid[])
      ),
      people as (
        select u.id, u.role from users u where u.school_id = ${schoolId} and u.is_active and u.deleted_at is null
      ),
      by_role as materialized (select p.role, count(*) as n from people p group by p.role),
      page_classes as (select distinct unnest(pg.class_ids) as class_id from page pg),
      class_people as materialized (
        select s.id as user_id, 'student' as role, s.class_id from students s
          where s.school_id = ${schoolId} and s.class_id in (select class_id from page_classes) and ${onRoster(schoolId)}
        union all
        select sp.parent_id, 'parent', s.class_id from student_parents sp
          join students s on s.school_id = sp.school_id and s.id = sp.student_id
          where sp.school_id = ${schoolId} and s.class_id in (select class_id from page_classes) and ${onRoster(schoolId)}
        union all
        select ct.teacher_id, 'teacher', ct.class_id from class_teachers ct
          where ct.school_id = ${schoolId} and ct.class_id in (select class_id from page_classes)
      ),
      narrowed as (
        select pg.id as announcement_id, cp.user_id from page pg
          cross join unnest(pg.class_ids) as k(class_id)
          join class_people cp on cp.class_id = k.class_id
          join people p on p.id = cp.user_id and p.role = cp.role
          where (pg.to_all or cp.role = any(pg.audience)) and cp.user_id <> pg.author_id
        union
        select pg.id, p.id from page pg
          join people p on p.role in ('school_admin', 'principal') and (pg.to_all or p.role = any(pg.audience))
          where cardinality(pg.class_ids) > 0 and p.id <> pg.author_id
      ),
      narrowed_count as materialized (select m.announcement_id, count(*) as n from narrowed m group by m.announcement_id),
      reads as materialized (
        select pg.id as announcement_id, count(*) as n from page pg
          join announcement_reads r on r.school_id = ${schoolId} and r.announcement_id = pg.id
          join people p on p.id = r.user_id
          where cardinality(pg.class_ids) = 0 and r.user_id <> pg.author_id and (pg.to_all or p.role = any(pg.audience))
          group by pg.id
        union all
        select m.announcement_id, count(*) from narrowed m
          join announcement_reads r on r.school_id = ${schoolId} and r.announcement_id = m.announcement_id
            and r.user_id = m.user_id
          group by m.announcement_id
      )
      select pg.id,
        coalesce(rd.n, 0)::int as "readCount",
        (case when cardinality(pg.class_ids) > 0 then coalesce(nc.n, 0)
          else coalesce((select sum(b.n) from by_role b where pg.to_all or b.role = any(pg.audience)), 0)
            - (case when ap.id is not null and (pg.to_all or ap.role = any(pg.audience)) then 1 else 0 end)
        end)::int as "audienceCount"
      from page pg
      left join people ap on ap.id = pg.author_id
      left join narrowed_count nc on nc.announcement_id = pg.id
      left join reads rd on rd.announcement_id = pg.id`,
  );
  for (const r of rows) figures.set(r.id, { readCount: r.readCount, audienceCount: r.audienceCount });
  return figures;
}
