import { type SQL, sql } from 'drizzle-orm';
import { onRoster } from '../../db/roster.ts';
import type { Actor } from '../../lib/actor.ts';

/** School admins and principals see every announcement of their school, whatever its audience or state. */
export const isManager = (actor: Actor) => actor.role === 'school_admin' || actor.role === 'principal';

/**
 * Whether user `u` (a `users` row alias) is in announcement `a`'s audience: their role or 'all' is in it and,
 * when it is narrowed to classes, they belong to one (a student on its roster, a parent of a child on it, a
 * teacher of the class). The roster is the class's active students, as for its message group (db/roster.ts): a
 * withdrawn student and their parents leave its announcements at once. Managers belong to every class.
 */
export function inAudience(a: SQL, u: SQL): SQL {
  return sql`(('all' = any(${a}.audience) or ${u}.role = any(${a}.audience))
    and (cardinality(${a}.class_ids) = 0
      or ${u}.role in ('school_admin', 'principal')
      or (${u}.role = 'student' and exists (select 1 from students s
          where s.school_id = ${u}.school_id and s.id = ${u}.id and s.class_id = any(${a}.class_ids)
            and ${onRoster(sql`${u}.school_id`)}))
      or (${u}.role = 'parent' and exists (select 1 from student_parents sp
          join students s on s.school_id = sp.school_id and s.id = sp.student_id
          where sp.school_id = ${u}.school_id and sp.parent_id = ${u}.id and s.class_id = any(${a}.class_ids)
            and ${onRoster(sql`${u}.school_id`)}))
      or (${u}.role = 'teacher' and exists (select 1 from class_teachers ct
          where ct.school_id = ${u}.school_id and ct.teacher_id = ${u}.id and ct.class_id = any(${a}.class_ids)))))`;
}

/**
 * The announcements `actor` may see (alias `a`): managers every one; anyone their own; others the active,
 * unexpired ones whose audience holds them.
 */
export function visibleTo(actor: Actor, now: Date): SQL {
  const base = sql`a.school_id = ${actor.schoolId}`;
  if (isManager(actor)) return base;
  return sql`${base} and (a.author_id = ${actor.profileId} or (a.status = 'active'
    and (a.expires_at is null or a.expires_at > ${now.toISOString()}::timestamptz)
    and exists (select 1 from users me where me.school_id = a.school_id and me.id = ${actor.profileId}
      and ${inAudience(sql`a`, sql`me`)})))`;
}

/** Active users of the school in announcement `a`'s audience (the alias `u`), its author excepted. */
export function audienceMembers(a: SQL): SQL {
  return sql`select u.id, u.name, u.role from users u
    where u.school_id = ${a}.school_id and u.is_active and u.deleted_at is null and u.id <> ${a}.author_id
      and ${inAudience(a, sql`u`)}`;
}
