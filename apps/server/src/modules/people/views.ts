import type { SubjectRef } from '@lyceum/shared/academics';
import type { ParentResponse, StudentResponse, TeacherResponse, UserAccountResponse } from '@lyceum/shared/people';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  accounts,
  classes,
  classTeachers,
  parents,
  studentParents,
  students,
  subjects,
  teachers,
  users,
} from '../../db/schema/index.ts';
import { iso, isoNow } from './context.ts';

/**
 * Loaders that turn ids into API shapes with a fixed number of queries whatever the count (no N+1), keeping
 * the order of `ids`.
 */

export async function subjectRefs(tx: Tx, schoolId: string, ids: string[]): Promise<Map<string, SubjectRef>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await tx
    .select({ id: subjects.id, name: subjects.name })
    .from(subjects)
    .where(and(eq(subjects.schoolId, schoolId), inArray(subjects.id, unique)));
  return new Map(rows.map((r) => [r.id, r]));
}

export const refsOf = (ids: readonly string[], byId: Map<string, SubjectRef>): SubjectRef[] =>
  ids.flatMap((id) => {
    const ref = byId.get(id);
    return ref ? [ref] : [];
  });

const ordered = <T extends { id: string }>(ids: string[], rows: T[]): T[] => {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
};

export async function loadStudents(tx: Tx, schoolId: string, ids: string[]): Promise<StudentResponse[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({
      id: students.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      classId: students.classId,
      className: classes.name,
      section: classes.section,
      rollNumber: students.rollNumber,
      academicYear: students.academicYear,
      profileImage: users.profileImage,
      isActive: users.isActive,
      lastLoginAt: users.lastLoginAt,
      createdAt: users.createdAt,
    })
    .from(students)
    .innerJoin(users, and(eq(users.schoolId, students.schoolId), eq(users.id, students.id)))
    .innerJoin(classes, and(eq(classes.schoolId, students.schoolId), eq(classes.id, students.classId)))
    .where(and(eq(students.schoolId, schoolId), inArray(students.id, ids)));
  const links = await tx
    .select({
      studentId: studentParents.studentId,
      id: studentParents.parentId,
      name: users.name,
      relationship: studentParents.relationship,
    })
    .from(studentParents)
    .innerJoin(users, and(eq(users.schoolId, studentParents.schoolId), eq(users.id, studentParents.parentId)))
    .where(and(eq(studentParents.schoolId, schoolId), inArray(studentParents.studentId, ids)))
    .orderBy(asc(users.name));
  const parentsOf = new Map<string, { id: string; name: string; relationship: string }[]>();
  for (const l of links) {
    const list = parentsOf.get(l.studentId) ?? [];
    list.push({ id: l.id, name: l.name, relationship: l.relationship });
    parentsOf.set(l.studentId, list);
  }
  return ordered(
    ids,
    rows.map((r) => ({
      ...r,
      schoolId,
      parents: parentsOf.get(r.id) ?? [],
      lastLoginAt: iso(r.lastLoginAt),
      createdAt: isoNow(r.createdAt),
    })),
  );
}

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
      subjectIds: teachers.subjectIds,
      isAdmin: teachers.isAdmin,
      profileImage: users.profileImage,
      isActive: users.isActive,
      lastLoginAt: users.lastLoginAt,
      createdAt: users.createdAt,
    })
    .from(teachers)
    .innerJoin(users, and(eq(users.schoolId, teachers.schoolId), eq(users.id, teachers.id)))
    .where(and(eq(teachers.schoolId, schoolId), inArray(teachers.id, ids)));
  const assignments = await tx
    .select({
      teacherId: classTeachers.teacherId,
      classId: classTeachers.classId,
      className: classes.name,
      section: classes.section,
      subjectIds: classTeachers.subjectIds,
      isClassTeacher: classTeachers.isClassTeacher,
    })
    .from(classTeachers)
    .innerJoin(classes, and(eq(classes.schoolId, classTeachers.schoolId), eq(classes.id, classTeachers.classId)))
    .where(and(eq(classTeachers.schoolId, schoolId), inArray(classTeachers.teacherId, ids)))
    .orderBy(asc(classes.name), asc(classes.section));
  const refs = await subjectRefs(tx, schoolId, [
    ...rows.flatMap((r) => r.subjectIds),
    ...assignments.flatMap((a) => a.subjectIds),
  ]);
  return ordered(
    ids,
    rows.map((r) => {
      const assignedClasses = assignments
        .filter((a) => a.teacherId === r.id)
        .map((a) => ({
          classId: a.classId,
          className: a.className,
          section: a.section,
          subjects: refsOf(a.subjectIds, refs),
          isClassTeacher: a.isClassTeacher,
        }));
      return {
        id: r.id,
        name: r.name,
        email: r.email,
        phone: r.phone,
        schoolId,
        subjects: refsOf(r.subjectIds, refs),
        classes: assignedClasses.map((a) => a.classId),
        assignedClasses,
        qualification: r.qualification,
        experience: r.experience,
        profileImage: r.profileImage,
        profilePicture: r.profileImage,
        isActive: r.isActive,
        isAdmin: r.isAdmin,
        lastLoginAt: iso(r.lastLoginAt),
        createdAt: isoNow(r.createdAt),
      };
    }),
  );
}

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
      profileImage: users.profileImage,
      lastLoginAt: users.lastLoginAt,
      createdAt: users.createdAt,
    })
    .from(parents)
    .innerJoin(users, and(eq(users.schoolId, parents.schoolId), eq(users.id, parents.id)))
    .where(and(eq(parents.schoolId, schoolId), inArray(parents.id, ids)));
  const links = await tx
    .select({
      parentId: studentParents.parentId,
      id: studentParents.studentId,
      name: users.name,
      relationship: studentParents.relationship,
      classId: students.classId,
      className: classes.name,
      section: classes.section,
    })
    .from(studentParents)
    .innerJoin(students, and(eq(students.schoolId, studentParents.schoolId), eq(students.id, studentParents.studentId)))
    .innerJoin(users, and(eq(users.schoolId, students.schoolId), eq(users.id, students.id)))
    .innerJoin(classes, and(eq(classes.schoolId, students.schoolId), eq(classes.id, students.classId)))
    .where(and(eq(studentParents.schoolId, schoolId), inArray(studentParents.parentId, ids)))
    .orderBy(asc(users.name));
  return ordered(
    ids,
    rows.map((r) => ({
      ...r,
      schoolId,
      children: links.filter((l) => l.parentId === r.id).map(({ parentId: _, ...child }) => child),
      lastLoginAt: iso(r.lastLoginAt),
      createdAt: isoNow(r.createdAt),
    })),
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
