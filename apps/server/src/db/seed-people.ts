import { currentAcademicYear } from '@lyceum/shared/academics';
import { sql } from 'drizzle-orm';
import { newId } from '../lib/ids.ts';
import type { Tx } from './client.ts';
import {
  classes,
  classSubjects,
  classTeachers,
  parents,
  studentParents,
  students,
  subjects,
  teachers,
} from './schema/index.ts';

export interface RoleUsers {
  teacher: string;
  student: string;
  parent: string;
}

/**
 * Makes a school's one teacher, student and parent coherent: a subject and a class, the teacher its class
 * teacher, the student in it (roll 1), the parent linked to the student. Used by the test helper and the demo.
 */
export async function linkRoleProfiles(
  tx: Tx,
  schoolId: string,
  ids: RoleUsers,
  names: { className?: string; section?: string; subject?: string } = {},
): Promise<{ classId: string; subjectId: string }> {
  const subjectId = newId();
  const classId = newId();
  await tx.insert(subjects).values({ schoolId, id: subjectId, name: names.subject ?? 'Mathematics', code: 'MATH' });
  await tx.insert(classes).values({
    schoolId,
    id: classId,
    name: names.className ?? 'Class 1',
    section: names.section ?? 'A',
    academicYear: currentAcademicYear(),
  });
  await tx.insert(classSubjects).values({ schoolId, id: newId(), classId, subjectId });
  await tx
    .insert(teachers)
    .values({ schoolId, id: ids.teacher, qualification: 'BEd', experience: 5, subjectIds: [subjectId] });
  await tx
    .insert(classTeachers)
    .values({ schoolId, id: newId(), classId, teacherId: ids.teacher, subjectIds: [subjectId], isClassTeacher: true });
  await tx
    .insert(students)
    .values({ schoolId, id: ids.student, classId, rollNumber: 1, academicYear: currentAcademicYear() });
  await tx.execute(sql`update users set class_id = ${classId} where school_id = ${schoolId} and id = ${ids.student}`);
  await tx.insert(parents).values({ schoolId, id: ids.parent, relationship: 'Guardian' });
  await tx
    .insert(studentParents)
    .values({ schoolId, id: newId(), studentId: ids.student, parentId: ids.parent, relationship: 'Guardian' });
  return { classId, subjectId };
}
