import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { onRoster } from '../../db/roster.ts';
import { selectRows } from '../../db/select-rows.ts';
import type { SchoolScope } from '../../db/school-scope.ts';
import { byName } from '../../lib/search.ts';

/**
 * Who talks with whom (docs/product.md, "Messages"), as SQL over `users u`, within the caller's school only:
 * staff with anyone; a teacher with the students and parents of the classes they teach or lead; a parent with
 * their children's teachers and the school office; a student with their teachers. The contact picker, starting
 * a conversation and the role × role test all read this one rule.
 */
const STAFF_ROLES = ['school_admin', 'principal'] as const;

export const isStaff = (scope: SchoolScope) => (STAFF_ROLES as readonly string[]).includes(scope.actor.role);

const taughtClasses = (scope: SchoolScope) =>
  sql`(select ct.class_id from class_teachers ct where ct.school_id = ${scope.schoolId} and ct.teacher_id = ${scope.actor.profileId})`;

const childrensClasses = (scope: SchoolScope) =>
  sql`(select s.class_id from students s join student_parents sp on sp.school_id = s.school_id and sp.student_id = s.id
    where s.school_id = ${scope.schoolId} and sp.parent_id = ${scope.actor.profileId} and ${onRoster(scope.schoolId)})`;

const ownClass = (scope: SchoolScope) =>
  sql`(select s.class_id from students s where s.school_id = ${scope.schoolId} and s.id = ${scope.actor.profileId})`;

const teachersOf = (scope: SchoolScope, classes: SQL) =>
  sql`(select ct.teacher_id from class_teachers ct where ct.school_id = ${scope.schoolId} and ct.class_id in ${classes})`;
const studentsOf = (scope: SchoolScope, classes: SQL) =>
  sql`(select s.id from students s where s.school_id = ${scope.schoolId} and s.class_id in ${classes})`;
const parentsOf = (scope: SchoolScope, classes: SQL) =>
  sql`(select sp.parent_id from student_parents sp join students s on s.school_id = sp.school_id and s.id = sp.student_id
    where sp.school_id = ${scope.schoolId} and s.class_id in ${classes} and ${onRoster(scope.schoolId)})`;

/** Someone who can take part at all: an active, not deleted user of the caller's school. */
export const activeUser = (scope: SchoolScope) =>
  sql`u.school_id = ${scope.schoolId} and u.is_active and u.deleted_at is null`;

/** The users `u` the caller may start a conversation with. */
export function contactable(scope: SchoolScope): SQL {
  const me = scope.actor.profileId;
  const base = sql`${activeUser(scope)} and u.id <> ${me}`;
  switch (scope.actor.role) {
    case 'school_admin':
    case 'principal':
      return base;
    case 'teacher': {
      const mine = taughtClasses(scope);
      return sql`${base} and (u.id in ${studentsOf(scope, mine)} or u.id in ${parentsOf(scope, mine)})`;
    }
    case 'parent':
      return sql`${base} and (u.id in ${teachersOf(scope, childrensClasses(scope))} or u.role in ('school_admin', 'principal'))`;
    case 'student':
      return sql`${base} and u.id in ${teachersOf(scope, ownClass(scope))}`;
    default:
      return sql`false`;
  }
}

/** The classes whose groups the caller belongs to: a teacher's classes, a parent's children's classes. */
export function memberClasses(scope: SchoolScope): SQL {
  switch (scope.actor.role) {
    case 'teacher':
      return taughtClasses(scope);
    case 'parent':
      return childrensClasses(scope);
    default:
      return sql`(select null::uuid where false)`;
  }
}

/**
 * The caller's conversations, as rows of chat_groups to select from: found from the caller's own side (their
 * memberships by `chat_group_members_user_idx`, their classes' groups by `chat_groups_class_unique`), so a
 * read visits their few conversations, not every group of the school. Class groups go by the roster, never by
 * membership rows; a deleted (archived) group is nobody's any more. The two parts are of different kinds, so
 * no conversation comes twice.
 */
export function myConversations(scope: SchoolScope): SQL {
  return sql`(select g.* from chat_group_members m
      join chat_groups g on g.school_id = m.school_id and g.id = m.group_id
      where m.school_id = ${scope.schoolId} and m.user_id = ${scope.actor.profileId}
        and g.kind <> 'class' and g.archived_at is null
    union all
    select g.* from chat_groups g
      where g.school_id = ${scope.schoolId} and g.kind = 'class' and g.archived_at is null
        and g.class_id in ${memberClasses(scope)})`;
}

/** Whether the conversation id `groupId` (SQL) is one of the caller's (see myConversations). */
export function isMyConversation(scope: SchoolScope, groupId: SQL): SQL {
  return sql`${groupId} in (select mine.id from ${myConversations(scope)} mine)`;
}

/** A class group's members, from the roster as it is now: the class's teachers and its students' parents. */
const classMembers = (schoolId: string, classId: string) =>
  sql`(select ct.teacher_id from class_teachers ct where ct.school_id = ${schoolId} and ct.class_id = ${classId}
    union select sp.parent_id from student_parents sp join students s on s.school_id = sp.school_id and s.id = sp.student_id
    where sp.school_id = ${schoolId} and s.class_id = ${classId} and ${onRoster(schoolId)})`;

export interface Member {
  id: string;
  name: string;
  role: 'school_admin' | 'principal' | 'teacher' | 'student' | 'parent';
  profileImage: string | null;
  lastReadAt: Date | string | null;
}

/** The ids of a conversation's members as a subquery: a class group's from the class, the others' from their rows. */
export function memberIdsSql(schoolId: string, group: { id: string; kind: string; classId: string | null }): SQL {
  return group.kind === 'class' && group.classId
    ? classMembers(schoolId, group.classId)
    : sql`(select m.user_id from chat_group_members m where m.school_id = ${schoolId} and m.group_id = ${group.id})`;
}

/** The active members of a conversation, with their pictures and what each has read. */
export function conversationMembers(
  tx: Tx,
  schoolId: string,
  group: { id: string; kind: string; classId: string | null },
): Promise<Member[]> {
  const ids = memberIdsSql(schoolId, group);
  return selectRows<Member>(
    tx,
    sql`select u.id, u.name, u.role, u.profile_image as "profileImage", r.last_read_at as "lastReadAt" from users u
      left join chat_reads r on r.school_id = u.school_id and r.group_id = ${group.id} and r.user_id = u.id
      where u.school_id = ${schoolId} and u.is_active and u.deleted_at is null and u.id in ${ids}
      order by ${byName(sql`u.name`)}, u.id`,
  );
}
