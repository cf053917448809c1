import { currentAcademicYear } from '@lyceum/shared/academics';
import { sql } from 'drizzle-orm';
import { newId } from '../lib/ids.ts';
import type { Tx } from '../db/client.ts';
import {
  accounts,
  classes,
  classSubjects,
  classTeachers,
  parents,
  studentParents,
  students,
  subjects,
  teachers,
  users,
} from '../db/schema/index.ts';

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

const FIRST = [
  'Ava',
  'Ben',
  'Chloe',
  'Dev',
  'Ella',
  'Finn',
  'Grace',
  'Hugo',
  'Isla',
  'Jack',
  'Kai',
  'Lena',
  'Milo',
  'Nora',
  'Omar',
  'Priya',
  'Quinn',
  'Rosa',
  'Sami',
  'Tara',
  'Uma',
  'Vik',
  'Wen',
  'Yara',
  'Zoe',
  'Leo',
  'Mia',
  'Noah',
  'Ivy',
];
const LAST = [
  'Adams',
  'Brown',
  'Chen',
  'Diaz',
  'Evans',
  'Fischer',
  'Garcia',
  'Hughes',
  'Ito',
  'Jones',
  'Khan',
  'Lopez',
  'Miller',
  'Nguyen',
  'Okafor',
  'Patel',
  'Rossi',
  'Smith',
  'Taylor',
  'Varga',
  'Wilson',
  'Young',
  'Zhang',
];
const SUBJECTS = [
  ['Mathematics', 'MATH'],
  ['English', 'ENG'],
  ['Science', 'SCI'],
  ['History', 'HIST'],
  ['Geography', 'GEO'],
  ['Art', 'ART'],
  ['Music', 'MUS'],
  ['Physical Education', 'PE'],
] as const;
const CLASSES = [
  ['Grade 5', 'A'],
  ['Grade 5', 'B'],
  ['Grade 6', 'A'],
  ['Grade 6', 'B'],
] as const;

export interface DemoPeopleInput {
  schoolId: string;
  domain: string;
  /** The demo password's hash, computed once for every demo account. */
  passwordHash: string;
  /** The school's named demo accounts: the teacher leads Grade 5 A, the student is in it, the parent is theirs. */
  ids: RoleUsers;
}

/**
 * Issue 4 item 10: a demo school's people — 8 subjects, 4 classes of 30 (120 students), 8 teachers and about
 * 100 parents (siblings share one) — in a handful of bulk inserts, all signing in with the demo password.
 */
export async function seedDemoPeople(
  tx: Tx,
  input: DemoPeopleInput,
): Promise<{ students: number; teachers: number; parents: number }> {
  const { schoolId, domain, passwordHash, ids } = input;
  const year = currentAcademicYear();
  const name = (i: number, salt: number) =>
    `${FIRST[(i * 7 + salt) % FIRST.length]} ${LAST[(i * 5 + salt * 3) % LAST.length]}`;
  const subjectIds = SUBJECTS.map(() => newId());
  await tx
    .insert(subjects)
    .values(SUBJECTS.map(([n, code], i) => ({ schoolId, id: subjectIds[i] as string, name: n, code })));
  const classIds = CLASSES.map(() => newId());
  await tx
    .insert(classes)
    .values(
      CLASSES.map(([n, section], i) => ({ schoolId, id: classIds[i] as string, name: n, section, academicYear: year })),
    );
  await tx
    .insert(classSubjects)
    .values(
      classIds.flatMap((classId) =>
        subjectIds.slice(0, 6).map((subjectId) => ({ schoolId, id: newId(), classId, subjectId })),
      ),
    );

  type Person = { id: string; accountId: string; name: string; email: string; role: 'teacher' | 'student' | 'parent' };
  const people: Person[] = [];
  const person = (role: Person['role'], n: number, fullName: string): Person => {
    const p = {
      id: newId(),
      accountId: newId(),
      name: fullName,
      email: `${fullName.toLowerCase().replace(/[^a-z]+/g, '.')}.${role}${n}@${domain}`,
      role,
    };
    people.push(p);
    return p;
  };
  const teacherIds = [ids.teacher, ...Array.from({ length: 7 }, (_, i) => person('teacher', i + 2, name(i, 11)).id)];
  // Four parents for five students: consecutive students share one, as siblings do, and a family its surname.
  const parentOf = (i: number) => Math.floor(i * 0.8);
  const family = (f: number) => LAST[(f * 5 + 3) % LAST.length] as string;
  const firstName = (i: number, salt: number) => FIRST[(i * 7 + salt) % FIRST.length] as string;
  const studentIds = [
    ids.student,
    ...Array.from(
      { length: 119 },
      (_, i) => person('student', i + 2, `${firstName(i + 1, 1)} ${family(parentOf(i + 1))}`).id,
    ),
  ];
  const parentIds = [
    ids.parent,
    ...Array.from(
      { length: parentOf(119) },
      (_, i) => person('parent', i + 2, `${firstName(i + 1, 5)} ${family(i + 1)}`).id,
    ),
  ];

  await tx.insert(accounts).values(people.map((p) => ({ id: p.accountId, email: p.email, passwordHash })));
  await tx.insert(users).values(
    people.map((p) => ({
      schoolId,
      id: p.id,
      accountId: p.accountId,
      name: p.name,
      email: p.email,
      role: p.role,
      phone: `+1 555 ${String(people.indexOf(p)).padStart(4, '0')}`,
    })),
  );
  await tx.insert(teachers).values(
    teacherIds.map((id, i) => ({
      schoolId,
      id,
      qualification: ['BEd', 'MEd', 'MSc', 'BA', 'PhD'][i % 5] as string,
      experience: 2 + ((i * 3) % 20),
      subjectIds: [subjectIds[i % 6] as string, subjectIds[(i + 3) % 6] as string],
    })),
  );
  // Class k: teacher k leads it and teaches its first subject; teacher k+4 teaches the two subjects they hold.
  await tx.insert(classTeachers).values(
    classIds.flatMap((classId, k) => [
      {
        schoolId,
        id: newId(),
        classId,
        teacherId: teacherIds[k] as string,
        subjectIds: [subjectIds[k % 6] as string],
        isClassTeacher: true,
      },
      {
        schoolId,
        id: newId(),
        classId,
        teacherId: teacherIds[k + 4] as string,
        subjectIds: [subjectIds[(k + 4) % 6] as string, subjectIds[(k + 7) % 6] as string],
        isClassTeacher: false,
      },
    ]),
  );
  await tx.insert(students).values(
    studentIds.map((id, i) => ({
      schoolId,
      id,
      classId: classIds[Math.floor(i / 30)] as string,
      rollNumber: (i % 30) + 1,
      academicYear: year,
    })),
  );
  await tx.execute(sql`update users u set class_id = s.class_id from students s
    where s.school_id = ${schoolId} and u.school_id = s.school_id and u.id = s.id`);
  await tx
    .insert(parents)
    .values(parentIds.map((id, i) => ({ schoolId, id, relationship: i % 2 ? 'Father' : 'Mother' })));
  await tx.insert(studentParents).values(
    studentIds.map((studentId, i) => ({
      schoolId,
      id: newId(),
      studentId,
      parentId: parentIds[parentOf(i)] as string,
      relationship: parentOf(i) % 2 ? 'Father' : 'Mother',
    })),
  );
  return { students: studentIds.length, teachers: teacherIds.length, parents: parentIds.length };
}
