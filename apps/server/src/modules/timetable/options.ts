import type { TimetableOption, TimetableOptionsResponse } from '@lyceum/shared/timetable';
import { sql } from 'drizzle-orm';
import { classLabel } from '../../db/class-label.ts';
import { selectRows } from '../../db/select-rows.ts';
import { inScope, readScope, seesEveryone } from '../../db/school-scope.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../lib/actor.ts';
import { schoolPeriods } from './periods.ts';
import { roomKeySql } from './slot-rows.ts';
import { readableClasses } from './weeks.ts';
import { byName } from '../../lib/search.ts';

type Assignment = TimetableOptionsResponse['assignments'][number];
type ClassSubjects = TimetableOptionsResponse['classSubjects'][number];

/**
 * The timetable page's periods and pickers in one answer (docs/product.md, "Timetable screens"): only the
 * classes, teachers and rooms whose weeks the caller may open, as ids and names, never full records.
 */
export function timetableOptions(deps: Deps, actor: Actor): Promise<TimetableOptionsResponse> {
  const scope = readScope(actor, undefined, 'timetable');
  return inScope(deps.db, scope, async (tx) => {
    const school = scope.schoolId;
    const periods = await schoolPeriods(tx, school);
    const staff = seesEveryone(scope);
    if (!staff && actor.role !== 'teacher') {
      return { periods, classes: [], teachers: [], subjects: [], rooms: [], assignments: [], classSubjects: [] };
    }
    const classes = await selectRows<TimetableOption>(
      tx,
      sql`select c.id, ${classLabel('c')} as name from classes c
        where c.school_id = ${school} and c.is_active ${staff ? sql`` : sql`and c.id in ${readableClasses(scope)}`}
        order by ${byName(sql`c.name`, sql`c.section`)}, c.id`,
    );
    const teachers = await selectRows<TimetableOption>(
      tx,
      sql`select u.id, u.name from users u
        where u.school_id = ${school} and u.role = 'teacher' and u.is_active
        ${staff ? sql`` : sql`and u.id = ${actor.profileId}`}
        order by ${byName(sql`u.name`)}, u.id`,
    );
    // One entry per room, however many spellings it has (roomKeySql): the most used spelling, then the earliest.
    const rooms = await selectRows<{ room: string }>(
      tx,
      sql`select r.room from (
          select distinct on (k.key) k.key, k.room from (
            select ts.room, ${roomKeySql(sql`ts.room`)} as key, count(*) as uses, min(ts.created_at) as first
            from timetable_slots ts where ts.school_id = ${school} and ts.room <> '' group by ts.room
          ) k order by k.key, k.uses desc, k.first, k.room
        ) r order by r.key`,
    );
    if (!staff) {
      return {
        periods,
        classes,
        teachers,
        subjects: [],
        rooms: rooms.map((r) => r.room),
        assignments: [],
        classSubjects: [],
      };
    }
    const subjects = await selectRows<TimetableOption>(
      tx,
      sql`select s.id, s.name from subjects s where s.school_id = ${school} and s.is_active order by ${byName(sql`s.name`)}, s.id`,
    );
    const assignments = await selectRows<Assignment>(
      tx,
      sql`select ct.class_id as "classId", ct.teacher_id as "teacherId", ct.subject_ids as "subjectIds"
        from class_teachers ct where ct.school_id = ${school}`,
    );
    // A new lesson is offered only its class's subjects (the teacher-assignment rule's first half).
    const classSubjects = await selectRows<ClassSubjects>(
      tx,
      sql`select cs.class_id as "classId", array_agg(cs.subject_id::text order by cs.subject_id) as "subjectIds"
        from class_subjects cs where cs.school_id = ${school} group by cs.class_id`,
    );
    return { periods, classes, teachers, subjects, rooms: rooms.map((r) => r.room), assignments, classSubjects };
  });
}
