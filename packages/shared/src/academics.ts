import { z } from 'zod';
import { plainText } from './plain-text.ts';
import { uuidSchema } from './auth.ts';
import { listSearch } from './list-search.ts';

/**
 * Contracts of subjects and classes (issue 4). The endpoint list is at the top of `people.ts`, which
 * documents the whole people-and-classes API in one place.
 */

/** docs/product.md, "Students" "current year to next year", e.g. `2026-2027` (an en dash in input is accepted and normalised). */
export const ACADEMIC_YEAR_PATTERN = /^(\d{4})-(\d{4})$/;
export function currentAcademicYear(now: Date = new Date()): string {
  const y = now.getUTCFullYear();
  return `${y}-${y + 1}`;
}
const ACADEMIC_YEAR_MESSAGE = 'Academic year must look like 2026-2027';
/** Missing, null or not text says the same as a malformed year (a year's name, a class's year). */
export const academicYearSchema = z
  .string({ error: ACADEMIC_YEAR_MESSAGE })
  .trim()
  .max(20, 'Academic year is too long')
  .transform((v) => v.replace(/[–—]/, '-'))
  .refine((v) => {
    const m = ACADEMIC_YEAR_PATTERN.exec(v);
    return Boolean(m && Number(m[2]) === Number(m[1]) + 1);
  }, ACADEMIC_YEAR_MESSAGE);

/**
 * `schoolId` in a create body: optional (the session says which school), but never empty or blank
 * (docs/product.md, "Creating people"). Every create of people, classes and subjects takes it so.
 */
export const bodySchoolId = z
  .string()
  .trim()
  .min(1, 'schoolId must be a non-empty string')
  .max(64, 'schoolId is too long')
  .optional();

/**
 * `?schoolId=` of a read: company managers name the school they read (docs/product.md, "Who sees whom"), school
 * users may omit it. Any text here: the server (readScope) answers a company manager's blank or malformed id
 * as a missing one, `Valid school ID is required for {what}`, which names the list only it knows; a school
 * user's malformed one is `Invalid id`, another school's 404.
 */
export const readSchoolId = z.string().optional();

/** docs/product.md, "Students": roll numbers are 1 to 100 000. */
export const ROLL_NUMBER_MAX = 100_000;
const ROLL_WHOLE = 'Roll number must be a whole number';
export const rollNumberSchema = z
  .number({ error: ROLL_WHOLE })
  .int(ROLL_WHOLE)
  .min(1, 'Roll number must be at least 1')
  .max(ROLL_NUMBER_MAX, 'Roll number must be at most 100,000');

/** A subject as it appears inside other shapes. */
export const SubjectRef = z.object({ id: z.string(), name: z.string() });
export type SubjectRef = z.infer<typeof SubjectRef>;

export const SubjectResponse = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type SubjectResponse = z.infer<typeof SubjectResponse>;

export const SubjectListResponse = z.object({ items: z.array(SubjectResponse) });
export type SubjectListResponse = z.infer<typeof SubjectListResponse>;

const subjectName = z
  .string()
  .trim()
  .min(1, 'Subject name is required')
  .max(80, 'Subject name is too long')
  .refine(...plainText('Subject name'));
const subjectCode = z
  .string()
  .trim()
  .max(20, 'Subject code is too long')
  .refine(...plainText('Subject code'));

export const CreateSubjectRequest = z.object({
  name: subjectName,
  code: subjectCode.optional(),
  schoolId: bodySchoolId,
});
export type CreateSubjectRequest = z.infer<typeof CreateSubjectRequest>;

export const UpdateSubjectRequest = z.object({ name: subjectName.optional(), code: subjectCode.nullable().optional() });
export type UpdateSubjectRequest = z.infer<typeof UpdateSubjectRequest>;

/** A teacher as listed on a class (docs/product.md, "Classes and subjects"). */
export const AssignedTeacher = z.object({
  teacherId: z.string(),
  teacherName: z.string(),
  subjects: z.array(SubjectRef),
  isClassTeacher: z.boolean(),
});
export type AssignedTeacher = z.infer<typeof AssignedTeacher>;

/** A student as listed on a class (docs/product.md, "Classes and subjects"). */
export const ClassStudent = z.object({
  studentId: z.string(),
  name: z.string(),
  rollNumber: z.number().int(),
  email: z.string(),
  isActive: z.boolean(),
  profileImage: z.string().nullable(),
});
export type ClassStudent = z.infer<typeof ClassStudent>;

/** A class in lists. `studentCount` counts active students. */
export const ClassResponse = z.object({
  id: z.string(),
  name: z.string(),
  section: z.string(),
  academicYear: z.string(),
  /** The class as shown everywhere (docs/product.md, "Classes and subjects"): `Grade 6 A`, with its year in brackets when another class of the school has its name and section. */
  label: z.string(),
  subjects: z.array(SubjectRef),
  assignedTeachers: z.array(AssignedTeacher),
  classTeacherId: z.string().nullable(),
  classTeacherName: z.string().nullable(),
  studentCount: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type ClassResponse = z.infer<typeof ClassResponse>;

/** One class with its roster (active students first by roll number, then inactive ones). */
export const ClassDetailResponse = ClassResponse.extend({ students: z.array(ClassStudent) });
export type ClassDetailResponse = z.infer<typeof ClassDetailResponse>;

export const ClassListQuery = z.object({
  search: listSearch(),
  status: z.enum(['active', 'inactive', 'all'], { error: 'Unknown status' }).default('active'),
  academicYear: z.string().trim().max(20).optional(),
  /** Company staff only: which school to read (docs/product.md, "Who may do what"). School users may omit it or pass their own. */
  schoolId: readSchoolId,
});
export type ClassListQuery = z.infer<typeof ClassListQuery>;

/** `GET /classes/options`: which school (company staff only), as for the list. */
export const ClassOptionsQuery = z.object({ schoolId: readSchoolId });
export type ClassOptionsQuery = z.infer<typeof ClassOptionsQuery>;

/**
 * What a class filter or picker needs: the active classes the caller may see, id and label (as `ClassResponse.label`),
 * by name. A few bytes a class instead of the whole class with its subjects and teachers.
 */
export const ClassOptionsResponse = z.object({ items: z.array(z.object({ id: z.string(), label: z.string() })) });
export type ClassOptionsResponse = z.infer<typeof ClassOptionsResponse>;

/** Classes are few per school (tens), so the list is not paginated. */
export const ClassListResponse = z.object({ items: z.array(ClassResponse) });
export type ClassListResponse = z.infer<typeof ClassListResponse>;

/** A teacher's "My Classes": the classes they teach or lead, with their own part in each. */
export const MyClass = ClassResponse.extend({ isClassTeacher: z.boolean(), mySubjects: z.array(SubjectRef) });
export type MyClass = z.infer<typeof MyClass>;
export const MyClassesResponse = z.object({ items: z.array(MyClass) });
export type MyClassesResponse = z.infer<typeof MyClassesResponse>;

const className = z
  .string()
  .trim()
  .min(1, 'Class name is required')
  .max(60, 'Class name is too long')
  .refine(...plainText('Class name'));
const sectionName = z
  .string()
  .trim()
  .max(20, 'Section is too long')
  .refine(...plainText('Section'));

export const CreateClassRequest = z.object({
  name: className,
  section: sectionName.default(''),
  academicYear: academicYearSchema.optional(),
  subjectIds: z.array(uuidSchema).max(50).default([]),
  schoolId: bodySchoolId,
});
export type CreateClassRequest = z.input<typeof CreateClassRequest>;

export const UpdateClassRequest = z.object({
  name: className.optional(),
  section: sectionName.optional(),
  academicYear: academicYearSchema.optional(),
  /** Replaces the class's subjects; teachers' subjects in this class that are no longer taught are dropped. */
  subjectIds: z.array(uuidSchema).max(50).optional(),
});
export type UpdateClassRequest = z.input<typeof UpdateClassRequest>;

/** Enrol a student into this class, moving them out of their current one. */
export const EnrolStudentRequest = z.object({
  studentId: uuidSchema,
  /** Omitted: the next free roll number of the class. */
  rollNumber: rollNumberSchema.optional(),
});
export type EnrolStudentRequest = z.infer<typeof EnrolStudentRequest>;

/** Assign (or re-assign: subjects and flag replaced) a teacher to this class. */
export const AssignTeacherRequest = z.object({
  teacherId: uuidSchema,
  /** Must be among the class's subjects. */
  subjectIds: z.array(uuidSchema).max(50).default([]),
  /** Making a teacher the class teacher takes the role from whoever had it. */
  isClassTeacher: z.boolean().default(false),
});
export type AssignTeacherRequest = z.input<typeof AssignTeacherRequest>;

/** `?schoolId=` on single-row reads: company staff name the school (see people.ts). */
export const ClassReadQuery = z.object({ schoolId: readSchoolId });

export const SubjectListQuery = z.object({
  status: z.enum(['active', 'inactive', 'all'], { error: 'Unknown status' }).default('active'),
  schoolId: readSchoolId,
});
export type SubjectListQuery = z.input<typeof SubjectListQuery>;

export const ClassStudentParams = z.object({ id: uuidSchema, studentId: uuidSchema });
export const ClassTeacherParams = z.object({ id: uuidSchema, teacherId: uuidSchema });

/** CSV exports answer `text/csv; charset=utf-8` as an attachment. */
export const CsvFile = z.string();
