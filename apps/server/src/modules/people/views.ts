import type { SubjectRef } from '@lyceum/shared/academics';
import type { ParentResponse, StudentResponse, TeacherResponse, UserAccountResponse } from '@lyceum/shared/people';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { rateJson, SUM_OF_COUNTS } from '../../db/attendance-counts.ts';
import { classLabel, classLabelText } from '../../db/class-label.ts';
import type { Tx } from '../../db/client.ts';
import { isoTimeText } from '../../db/iso-time.ts';
import { accounts, oneTimeTokens, parents, teachers, users } from '../../db/schema/index.ts';
import { iso, isoNow } from '../../lib/dates.ts';
import { byName, byNameText } from '../../lib/search.ts';

/**
 * Loaders that turn ids into API shapes with a fixed number of queries whatever the count (no N+1), keeping
 * the order of `ids`.
 */

const ordered = <T extends { id: string }>(ids: string[], rows: T[]): T[] => {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
};

/**
 * The columns of a student row, written once as plain SQL: this statement runs for every page of the student
 * list and every profile, and building it through the query builder (and mapping its rows back through the
 * column types) cost more JavaScript than PostgreSQL spent running it. Parents and the class teacher come
 * as JSON in the student's own row, so a whole page is one statement (round trips, not rows, are what a list
 * pays for); the class is read per row rather than joined (with the join, row-level security's
 * underestimates led PostgreSQL to walk every class's students to find the page's 25).
 */
const STUDENT_COLUMNS = sql.raw(`select students.id, users.name, users.email, users.phone,
    students.class_id as "classId", students.roll_number as "rollNumber", students.academic_year as "academicYear",
    (select c.name from classes c where c.school_id = students.school_id and c.id = students.class_id) as "className",
    (select c.section from classes c where c.school_id = students.school_id and c.id = students.class_id) as section,
    (select ${classLabelText('c')} from classes c where c.school_id = students.school_id and c.id = students.class_id)
      as "classLabel",
    users.profile_image as "profileImage", users.is_active as "isActive", users.last_login_at as "lastLoginAt",
    users.created_at as "createdAt",
    coalesce((select json_agg(json_build_object('id', sp.parent_id, 'name', pu.name, 'relationship', sp.relationship)
                order by ${byNameText('pu.name')}, sp.parent_id)
      from student_parents sp join users pu on pu.school_id = sp.school_id and pu.id = sp.parent_id
      where sp.school_id = students.school_id and sp.student_id = students.id), '[]'::json) as parents,
    (select json_build_object('id', ct.teacher_id, 'name', tu.name)
      from class_teachers ct join users tu on tu.school_id = ct.school_id and tu.id = ct.teacher_id
      where ct.school_id = students.school_id and ct.class_id = students.class_id and ct.is_class_teacher)
      as "classTeacher"
  from students join users on users.school_id = students.school_id and users.id = students.id`);

interface StudentRow extends Omit<StudentResponse, 'schoolId' | 'lastLoginAt' | 'createdAt'> {
  lastLoginAt: Date | string | null;
  createdAt: Date | string;
  classTeacher: { id: string; name: string } | null;
}

/**
 * Students by id, in the order of `ids`; `visible` narrows to what a scope may see. Each carries its class
 * teacher for the profile. The ids travel as one array, so the statement's text (and its cached plan) is
 * the same for every page size.
 */
export async function loadStudents(
  tx: Tx,
  schoolId: string,
  ids: string[],
  visible?: SQL,
): Promise<(StudentResponse & { classTeacher: { id: string; name: string } | null })[]> {
  if (ids.length === 0) return [];
  const result = await tx.execute(sql`${STUDENT_COLUMNS}
    where students.school_id = ${schoolId} and students.id = any(${sql.param(ids)}::uuid[]) ${visible ? sql`and ${visible}` : sql``}`);
  return ordered(
    ids,
    (result.rows as unknown as StudentRow[]).map((r) => ({
      ...r,
      schoolId,
      lastLoginAt: iso(r.lastLoginAt),
      createdAt: isoNow(r.createdAt),
    })),
  );
}

/**
 * The profile's attendance summary (docs/product.md, "Students"): the same counts and rate as the student's
 * attendance history, from the per-student counts (a row per class the student was marked in, whatever the
 * number of records), over the count rows `a` that `records` allows (a teacher: their classes'); null while
 * nothing is recorded there, which the page shows as "No attendance recorded yet".
 */
const attendanceSummaryJson = (schoolId: string, records?: SQL) => sql`(
    select case when t.present + t.late + t.absent > 0 then ${rateJson(sql`t`)} end
    from (select ${SUM_OF_COUNTS} from attendance_student_totals a
      where a.school_id = ${schoolId} and a.student_id = s.id ${records ? sql`and ${records}` : sql``}) t)`;

/**
 * The student profile (`StudentProfileResponse`) as the JSON text of the answer, shaped by PostgreSQL from the
 * same student row as the list (one column: no row mapping, no serializer; docs/product.md, "Performance
 * budgets"). No row when the student is not in the school or not `visible`. The attendance summary counts the
 * records `records` allows (see attendanceSummaryJson); the other summaries belong to later issues (marks,
 * fees, exams); until then the page shows empty states.
 */
export function studentProfileJsonSql(schoolId: string, id: string, visible?: SQL, records?: SQL): SQL {
  return sql`select json_build_object('id', s.id, 'name', s.name, 'email', s.email, 'phone', s.phone,
      'schoolId', ${schoolId}::uuid, 'classId', s."classId", 'className', s."className", 'section', s.section,
      'classLabel', s."classLabel", 'rollNumber', s."rollNumber", 'academicYear', s."academicYear",
      'profileImage', s."profileImage", 'parents', s.parents, 'isActive', s."isActive",
      'lastLoginAt', ${sql.raw(isoTimeText('s."lastLoginAt"'))}, 'createdAt', ${sql.raw(isoTimeText('s."createdAt"'))},
      'classTeacherId', s."classTeacher"->>'id', 'classTeacherName', s."classTeacher"->>'name',
      'attendanceSummary', ${attendanceSummaryJson(schoolId, records)},
      'recentMarks', '[]'::json, 'feeSummary', null, 'upcomingExams', '[]'::json)::text as body
    from (${STUDENT_COLUMNS}
      where students.school_id = ${schoolId} and students.id = ${id} ${visible ? sql`and ${visible}` : sql``}) s`;
}

const subjectsJson = (
  ids: string,
) => `coalesce((select json_agg(json_build_object('id', s.id, 'name', s.name) order by ${byNameText('s.name')}, s.id)
  from subjects s where s.school_id = "teachers"."school_id" and s.id = any(${ids})), '[]'::json)`;

/** A teacher's subjects and classes (docs/product.md, "Teachers"), as JSON in the teacher's row. */
const teacherSubjectsJson = sql.raw(subjectsJson('"teachers"."subject_ids"'));
const assignedClassesJson = sql.raw(`coalesce((
  select json_agg(json_build_object('classId', c.id, 'className', c.name, 'section', c.section, 'classLabel', ${classLabelText('c')},
      'isClassTeacher', ct.is_class_teacher, 'subjects', ${subjectsJson('ct.subject_ids')}) order by ${byNameText('c.name', 'c.section')}, c.id)
  from class_teachers ct join classes c on c.school_id = ct.school_id and c.id = ct.class_id
  where ct.school_id = "teachers"."school_id" and ct.teacher_id = "teachers"."id"), '[]'::json)`);

export async function loadTeachers(tx: Tx, schoolId: string, ids: string[]): Promise<TeacherResponse[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({
      id: teachers.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      qualification: teachers.qualification,
      experience: teachers.experience,
      subjects: sql<SubjectRef[]>`${teacherSubjectsJson}`,
      assignedClasses: sql<TeacherResponse['assignedClasses']>`${assignedClassesJson}`,
      isAdmin: teachers.isAdmin,
      profileImage: users.profileImage,
      isActive: users.isActive,
      lastLoginAt: users.lastLoginAt,
      createdAt: users.createdAt,
    })
    .from(teachers)
    .innerJoin(users, and(eq(users.schoolId, teachers.schoolId), eq(users.id, teachers.id)))
    .where(and(eq(teachers.schoolId, schoolId), inArray(teachers.id, ids)));
  return ordered(
    ids,
    rows.map((r) => ({
      ...r,
      schoolId,
      classes: r.assignedClasses.map((a) => a.classId),
      profilePicture: r.profileImage,
      lastLoginAt: iso(r.lastLoginAt),
      createdAt: isoNow(r.createdAt),
    })),
  );
}

/** A parent's children with their classes, as one JSON array in the parent's row. */
const childrenJson = sql<ParentResponse['children']>`coalesce((
  select json_agg(json_build_object('id', st.id, 'name', su.name, 'relationship', sp.relationship,
      'classId', st.class_id, 'className', c.name, 'section', c.section, 'classLabel', ${classLabel('c')}) order by ${byName(sql`su.name`)}, st.id)
  from student_parents sp
  join students st on st.school_id = sp.school_id and st.id = sp.student_id
  join users su on su.school_id = st.school_id and su.id = st.id
  join classes c on c.school_id = st.school_id and c.id = st.class_id
  where sp.school_id = "parents"."school_id" and sp.parent_id = "parents"."id"), '[]'::json)`;

export async function loadParents(tx: Tx, schoolId: string, ids: string[]): Promise<ParentResponse[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({
      id: parents.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      relationship: parents.relationship,
      status: parents.status,
      isActive: users.isActive,
      children: childrenJson,
      profileImage: users.profileImage,
      lastLoginAt: users.lastLoginAt,
      createdAt: users.createdAt,
    })
    .from(parents)
    .innerJoin(users, and(eq(users.schoolId, parents.schoolId), eq(users.id, parents.id)))
    .where(and(eq(parents.schoolId, schoolId), inArray(parents.id, ids)));
  return ordered(
    ids,
    rows.map((r) => ({ ...r, schoolId, lastLoginAt: iso(r.lastLoginAt), createdAt: isoNow(r.createdAt) })),
  );
}

export async function loadUserAccounts(tx: Tx, schoolId: string, ids: string[]): Promise<UserAccountResponse[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      role: users.role,
      isActive: users.isActive,
      invitationPending: sql<boolean>`${accounts.passwordHash} is null`,
      invited: sql<boolean>`exists (select 1 from ${oneTimeTokens} where ${oneTimeTokens.accountId} = ${accounts.id}
        and ${oneTimeTokens.purpose} = 'invite')`,
      lastLoginAt: users.lastLoginAt,
      profileImage: users.profileImage,
      createdAt: users.createdAt,
    })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(users.schoolId, schoolId), inArray(users.id, ids), isNull(users.deletedAt)));
  return ordered(
    ids,
    rows.map((r) => ({ ...r, lastLoginAt: iso(r.lastLoginAt), createdAt: isoNow(r.createdAt) })),
  );
}
