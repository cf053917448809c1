import { z } from 'zod';
import { plainText } from './plain-text.ts';
import { bodySchoolId, readSchoolId, rollNumberSchema, SubjectRef } from './academics.ts';
import { AttendanceRate } from './attendance.ts';
import { DayLesson } from './day.ts';
import { emailSchema, nameSchema, phoneSchema, uuidSchema } from './auth.ts';
import { PEOPLE_MESSAGES } from './errors.ts';
import { listSearch } from './list-search.ts';
import { pageLimit } from './page-limit.ts';

/**
 * People and classes API (issue 4). Everything is under `/api/v1`.
 *
 * Conventions
 * - STAFF = school_admin, principal. READERS = company_admin, admin (docs/product.md, "Who may do what": company staff read any school).
 * - READERS address a school with `?schoolId=<uuid>` on every GET below (required for them; 400 without it).
 *   School users may omit it; passing another school's id answers 404.
 * - Create bodies accept `schoolId` (docs/product.md, "Creating people"). It must be the caller's own school: any other value answers
 *   404 and nothing is written. An empty string answers 400 (`schoolId must be a non-empty string`, docs/product.md, "Creating people").
 * - Per-object rules (who sees whom, issue item 9) answer 404, never 403, so ids of hidden rows reveal nothing:
 *   STAFF see everyone of the school; a teacher sees the students and parents of classes they teach or lead
 *   and themself; a parent sees their own children and themself; a student sees themself; READERS anything.
 * - Lists: `?limit=1..100 (25)&cursor=<opaque>` keyset pagination → `{ items, nextCursor, total }`.
 * - `id` of a student, teacher, parent or user is the same id: the school user's id (`users.id`).
 * - Creating a student, teacher, parent or principal/school admin creates its sign-in account in the same
 *   transaction (docs/product.md, "Accounts made by staff: temporary passwords and invitations"): `temporaryPassword` (18 characters, shown once) or, with `sendInvitation: true`,
 *   an invitation e-mail with a one-time set-password link and `temporaryPassword: null`.
 *   An e-mail that already has an account anywhere (this school, another school or company staff) answers
 *   409 `A user with this email already exists...` — the same answer wherever it is, so no school is revealed.
 * - Plan limits (students, teachers, parents, principals, school admins) answer 422 code `plan_limit` with e.g.
 *   `Student limit reached: the Basic plan allows 100 students.` (creates, reactivations, promotions, imports).
 * - CSV endpoints answer `text/csv; charset=utf-8` with `content-disposition: attachment`. Cells starting with
 *   = + - @ (or tab / carriage return) are prefixed with `'` against formula injection, except signed
 *   numbers and phone numbers written with spaces (docs/product.md, "CSV import and export").
 * - Imports: `{ csv, classId?, sendInvitation? }` (CSV text, at most 2 MB, header row first). Preview never
 *   writes; commit re-validates and writes all rows or none. Imported accounts never get a temporary password
 *   (hashing 1 000 would take ~25 s): with `sendInvitation` (default true) each gets a set-password e-mail,
 *   otherwise they sign in after the Users page's "resend invitation" or "reset password".
 *
 * Students
 *   GET    /students                          STAFF, teacher, parent, student, READERS  StudentListQuery → StudentListResponse
 *   POST   /students                          STAFF   CreateStudentRequest → 201 CreateStudentResponse
 *   GET    /students/:id                      as list                 → StudentProfileResponse
 *   PATCH  /students/:id                      STAFF   UpdateStudentRequest → StudentResponse
 *   POST   /students/:id/deactivate           STAFF   → StudentResponse (signs the student out everywhere)
 *   POST   /students/:id/reactivate           STAFF   → StudentResponse (plan limit applies)
 *   POST   /students/:id/move                 STAFF   MoveStudentRequest → StudentResponse
 *   PUT    /students/:id/parents/:parentId    STAFF   LinkParentRequest → StudentResponse (link, or change relationship)
 *   DELETE /students/:id/parents/:parentId    STAFF   → StudentResponse
 *   GET    /students/export                   STAFF, teacher, READERS (list filters) → text/csv
 *   GET    /students/import/template          STAFF   → text/csv (STUDENT_IMPORT_COLUMNS)
 *   POST   /students/import/preview           STAFF   ImportRequest → ImportPreviewResponse
 *   POST   /students/import                   STAFF   ImportRequest → ImportResultResponse (422 lists the preview's errors)
 * Teachers
 *   GET    /teachers                          STAFF, teacher (only themself), READERS  TeacherListQuery → TeacherListResponse
 *   POST   /teachers                          STAFF   CreateTeacherRequest → 201 CreateTeacherResponse
 *   GET    /teachers/:id                      STAFF, teacher (self), READERS → TeacherResponse
 *   PATCH  /teachers/:id                      STAFF   UpdateTeacherRequest → TeacherResponse
 *   POST   /teachers/:id/deactivate|reactivate STAFF  → TeacherResponse
 *   POST   /teachers/:id/promote              school_admin → TeacherResponse (docs/product.md, "Promoting a teacher": role school_admin,
 *                                             isAdmin true, id in the school's adminIds; never company access)
 *   GET    /teachers/export | /teachers/import/template, POST /teachers/import/preview | /teachers/import (as students)
 *   GET    /my-classes                        teacher, school_admin, principal → MyClassesResponse (classes taught or led)
 * Parents
 *   GET    /parents                           STAFF, teacher, parent (only themself), READERS  ParentListQuery → ParentListResponse
 *   POST   /parents                           STAFF   CreateParentRequest → 201 CreateParentResponse
 *   GET    /parents/:id                       as list → ParentResponse
 *   PATCH  /parents/:id                       STAFF   UpdateParentRequest → ParentResponse
 *   POST   /parents/:id/deactivate|reactivate STAFF   → ParentResponse (status inactive/active)
 *   GET    /parents/export | /parents/import/template, POST /parents/import/preview | /parents/import (as students)
 *   GET    /children                          parent  → ChildrenResponse (each child with class, today's attendance,
 *                                             lessons and rate; marks, fees and exams empty until their issues fill them)
 * Subjects and classes (contracts in academics.ts)
 *   GET    /subjects                          every school role, READERS  ?status&schoolId → SubjectListResponse
 *   POST   /subjects                          STAFF   CreateSubjectRequest → 201 SubjectResponse (409 on a duplicate name)
 *   PATCH  /subjects/:id                      STAFF   UpdateSubjectRequest → SubjectResponse
 *   POST   /subjects/:id/deactivate|reactivate STAFF  → SubjectResponse
 *   GET    /classes                           STAFF, teacher (theirs), READERS  ClassListQuery → ClassListResponse
 *   POST   /classes                           STAFF   CreateClassRequest → 201 ClassDetailResponse
 *   GET    /classes/:id                       STAFF, teacher (theirs), READERS → ClassDetailResponse
 *   PATCH  /classes/:id                       STAFF   UpdateClassRequest → ClassDetailResponse
 *   POST   /classes/:id/deactivate|reactivate STAFF   → ClassDetailResponse (422 while active students remain)
 *   POST   /classes/:id/students              STAFF   EnrolStudentRequest → ClassDetailResponse (enrol = move here)
 *   DELETE /classes/:id/students/:studentId   STAFF   → ClassDetailResponse (withdraws: the student is deactivated
 *                                             and keeps this class as their last one; a student never has no class)
 *   POST   /classes/:id/teachers              STAFF   AssignTeacherRequest → ClassDetailResponse
 *   DELETE /classes/:id/teachers/:teacherId   STAFF   → ClassDetailResponse
 *   GET    /classes/export                    STAFF, READERS → text/csv
 *   GET    /classes/options                   as list  ?schoolId → ClassOptionsResponse (active classes, id + label)
 * Users page (every account of the school)
 *   GET    /users                             STAFF, READERS  UserListQuery → UserListResponse
 *   POST   /users                             STAFF   CreateUserRequest (role principal | school_admin; a principal
 *                                             may create principals only) → 201 CreateUserResponse
 *   POST   /users/:id/deactivate|reactivate   STAFF   → UserAccountResponse (deactivate signs out everywhere;
 *                                             not yourself; a principal cannot change a school_admin)
 *   POST   /users/:id/resend-invitation       STAFF   → 204 (422 once the user has set a password)
 *   POST   /users/:id/reset-password          STAFF   ResetUserPasswordRequest → ResetUserPasswordResponse
 *   GET    /users/export                      STAFF, READERS → text/csv
 *
 * Messages (docs/product.md, "Creating people"): `Missing required fields: email, name, schoolId, and classId are required` (student create),
 * `Class not found`, `Teacher not found`, `Parent not found`, `Student not found` (404s),
 * `A user with this email already exists...` (409).
 */

export { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from './page-limit.ts';
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

const limitSchema = pageLimit();
const cursorSchema = z.string().max(500).optional();
const searchSchema = listSearch();
const statusFilter = z.enum(['active', 'inactive', 'all'], { error: 'Unknown status' }).default('active');

const optionalPhone = phoneSchema.optional();
const relationshipSchema = z
  .string()
  .trim()
  .min(1, 'Relationship is required')
  .max(40, 'Relationship is too long')
  .refine(...plainText('Relationship'));
export const RELATIONSHIP_SUGGESTIONS = ['Mother', 'Father', 'Guardian', 'Grandparent', 'Other'] as const;

/**
 * A create's list names each class, child or parent once: a second entry would silently replace the first's
 * relationship or class teacher role, so the request is refused whole, the repeat under its own path
 * (`children.1.studentId`).
 */
const eachOnce =
  <K extends string>(key: K, message: string) =>
  (list: readonly Record<K, string>[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    list.forEach((entry, i) => {
      if (seen.has(entry[key])) ctx.addIssue({ code: 'custom', message, path: [i, key] });
      seen.add(entry[key]);
    });
  };

/** Paging of every list. `nextCursor` is null on the last page. */
const page = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable(), total: z.number().int() });

// ---------------------------------------------------------------------------------------------- students

export const ParentLink = z.object({ id: z.string(), name: z.string(), relationship: z.string() });
export type ParentLink = z.infer<typeof ParentLink>;

/**
 * docs/product.md, "Students". `className`/`section` are the current class's, for lists; `classLabel` is that
 * class as shown everywhere (its year in brackets when another class has its name and section).
 */
export const StudentResponse = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  schoolId: z.string(),
  classId: z.string(),
  className: z.string(),
  section: z.string(),
  classLabel: z.string(),
  rollNumber: z.number().int(),
  academicYear: z.string(),
  profileImage: z.string().nullable(),
  parents: z.array(ParentLink),
  isActive: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StudentResponse = z.infer<typeof StudentResponse>;

/**
 * The student profile page. `attendanceSummary` is the student's attendance rate as their history counts it
 * (a teacher: over the classes they teach), null while nothing is recorded (docs/product.md, "Students"). The
 * other summaries belong to later issues (marks, fees, exams); until they land they are `null` / `[]`, and
 * those issues fill these same fields.
 */
export const StudentProfileResponse = StudentResponse.extend({
  classTeacherId: z.string().nullable(),
  classTeacherName: z.string().nullable(),
  attendanceSummary: AttendanceRate.nullable(),
  recentMarks: z.array(z.record(z.string(), z.unknown())),
  feeSummary: z.object({ pendingMinor: z.number(), overdueMinor: z.number(), currency: z.string() }).nullable(),
  upcomingExams: z.array(z.record(z.string(), z.unknown())),
});
export type StudentProfileResponse = z.infer<typeof StudentProfileResponse>;

export const StudentListQuery = z.object({
  search: searchSchema,
  classId: uuidSchema.optional(),
  status: statusFilter,
  sort: z.enum(['name', 'rollNumber', 'createdAt']).default('name'),
  limit: limitSchema,
  cursor: cursorSchema,
  schoolId: readSchoolId,
});
export type StudentListQuery = z.input<typeof StudentListQuery>;
export const StudentListResponse = page(StudentResponse);
export type StudentListResponse = z.infer<typeof StudentListResponse>;

/** A parent to create (or match by e-mail in this school) and link while creating a student. */
export const NewParentOfStudent = z.object({
  name: nameSchema,
  email: emailSchema,
  phone: optionalPhone,
  relationship: relationshipSchema,
});

/**
 * Required: email, name, classId (and schoolId, which the session supplies when absent). Missing any answers
 * 400 `Missing required fields: email, name, schoolId, and classId are required`.
 */
export const CreateStudentRequest = z.object({
  name: nameSchema,
  email: emailSchema,
  phone: optionalPhone,
  classId: uuidSchema,
  schoolId: bodySchoolId,
  /** Omitted: the next free roll number of the class. Unique within the class (409 otherwise). */
  rollNumber: rollNumberSchema.optional(),
  /** Omitted: current year to next year, e.g. 2026-2027. */
  academicYear: z.string().max(20, 'Academic year is too long').optional(),
  /** Existing parents of this school to link. */
  parents: z
    .array(z.object({ parentId: uuidSchema, relationship: relationshipSchema }))
    .max(4)
    .superRefine(eachOnce('parentId', PEOPLE_MESSAGES.parentListedTwice))
    .default([]),
  /** New parents to create with the student (each gets an account too, same invitation choice). */
  newParents: z.array(NewParentOfStudent).max(4).default([]),
  sendInvitation: z.boolean().default(false),
});
export type CreateStudentRequest = z.input<typeof CreateStudentRequest>;

/** One-time credentials of a created account: exactly one of the two is meaningful. */
const Credentials = {
  temporaryPassword: z.string().nullable(),
  invitationSent: z.boolean(),
};

export const CreatedParentCredentials = z.object({
  id: z.string(),
  email: z.string(),
  ...Credentials,
});

export const CreateStudentResponse = z.object({
  student: StudentResponse,
  ...Credentials,
  /** Accounts made for `newParents`. */
  parents: z.array(CreatedParentCredentials),
});
export type CreateStudentResponse = z.infer<typeof CreateStudentResponse>;

export const UpdateStudentRequest = z.object({
  name: nameSchema.optional(),
  phone: phoneSchema.nullable().optional(),
  rollNumber: rollNumberSchema.optional(),
  academicYear: z.string().max(20, 'Academic year is too long').optional(),
});
export type UpdateStudentRequest = z.input<typeof UpdateStudentRequest>;

/** `?schoolId=` on single-row reads: company staff name the school (READERS above). */
export const PersonReadQuery = z.object({ schoolId: readSchoolId });

export const StudentParentParams = z.object({ id: uuidSchema, parentId: uuidSchema });

export const MoveStudentRequest = z.object({ classId: uuidSchema, rollNumber: rollNumberSchema.optional() });
export type MoveStudentRequest = z.infer<typeof MoveStudentRequest>;

export const LinkParentRequest = z.object({ relationship: relationshipSchema });
export type LinkParentRequest = z.infer<typeof LinkParentRequest>;

// ---------------------------------------------------------------------------------------------- teachers

/** docs/product.md, "Teachers": assigned classes. */
export const AssignedClass = z.object({
  classId: z.string(),
  className: z.string(),
  section: z.string(),
  /** The class as shown everywhere (docs/product.md, "Classes and subjects"). */
  classLabel: z.string(),
  subjects: z.array(SubjectRef),
  isClassTeacher: z.boolean(),
});
export type AssignedClass = z.infer<typeof AssignedClass>;

/** docs/product.md, "Teachers". `classes` is the ids of `assignedClasses`; `experience` is in years. */
export const TeacherResponse = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  schoolId: z.string(),
  subjects: z.array(SubjectRef),
  classes: z.array(z.string()),
  assignedClasses: z.array(AssignedClass),
  qualification: z.string().nullable(),
  experience: z.number().int().nullable(),
  profileImage: z.string().nullable(),
  profilePicture: z.string().nullable(),
  isActive: z.boolean(),
  isAdmin: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TeacherResponse = z.infer<typeof TeacherResponse>;

export const TeacherListQuery = z.object({
  search: searchSchema,
  subjectId: uuidSchema.optional(),
  classId: uuidSchema.optional(),
  status: statusFilter,
  limit: limitSchema,
  cursor: cursorSchema,
  schoolId: readSchoolId,
});
export type TeacherListQuery = z.input<typeof TeacherListQuery>;
export const TeacherListResponse = page(TeacherResponse);
export type TeacherListResponse = z.infer<typeof TeacherListResponse>;

const qualificationSchema = z
  .string()
  .trim()
  .max(200, 'Qualification is too long')
  .refine(...plainText('Qualification'));
const EXPERIENCE_WHOLE = 'Experience must be a whole number of years';
/** Whole years, 0–80 (docs/product.md, "Teachers"); the teacher form checks what is typed with this same schema. */
export const experienceSchema = z
  .number({ error: EXPERIENCE_WHOLE })
  .int(EXPERIENCE_WHOLE)
  .min(0, 'Experience cannot be negative')
  .max(80, 'Experience must be at most 80 years');

/** Required: email, name (and schoolId, which the session supplies; when sent it must be non-empty). */
export const CreateTeacherRequest = z.object({
  name: nameSchema,
  email: emailSchema,
  phone: optionalPhone,
  schoolId: bodySchoolId,
  qualification: qualificationSchema.optional(),
  experience: experienceSchema.optional(),
  subjectIds: z.array(uuidSchema).max(50).default([]),
  /**
   * Classes to assign at once (same rules as POST /classes/:id/teachers). Each class once: a second entry
   * would overwrite the first, and a class teacher role it took would be lost (docs/product.md, "Teachers").
   */
  assignedClasses: z
    .array(
      z.object({
        classId: uuidSchema,
        subjectIds: z.array(uuidSchema).max(50).default([]),
        isClassTeacher: z.boolean().default(false),
      }),
    )
    .max(50)
    .superRefine(eachOnce('classId', PEOPLE_MESSAGES.classListedTwice))
    .default([]),
  sendInvitation: z.boolean().default(false),
});
export type CreateTeacherRequest = z.input<typeof CreateTeacherRequest>;

export const CreateTeacherResponse = z.object({ teacher: TeacherResponse, ...Credentials });
export type CreateTeacherResponse = z.infer<typeof CreateTeacherResponse>;

export const UpdateTeacherRequest = z.object({
  name: nameSchema.optional(),
  phone: phoneSchema.nullable().optional(),
  qualification: qualificationSchema.nullable().optional(),
  experience: experienceSchema.nullable().optional(),
  subjectIds: z.array(uuidSchema).max(50).optional(),
});
export type UpdateTeacherRequest = z.input<typeof UpdateTeacherRequest>;

// ---------------------------------------------------------------------------------------------- parents

export const ChildLink = z.object({
  id: z.string(),
  name: z.string(),
  relationship: z.string(),
  classId: z.string(),
  className: z.string(),
  section: z.string(),
  /** The class as shown everywhere (docs/product.md, "Classes and subjects"). */
  classLabel: z.string(),
});
export type ChildLink = z.infer<typeof ChildLink>;

/** docs/product.md, "Parents". `relationship` is the parent's default one; each child link carries its own. */
export const ParentResponse = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  schoolId: z.string(),
  relationship: z.string().nullable(),
  status: z.enum(['active', 'inactive']),
  isActive: z.boolean(),
  children: z.array(ChildLink),
  profileImage: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ParentResponse = z.infer<typeof ParentResponse>;

export const ParentListQuery = z.object({
  search: searchSchema,
  classId: uuidSchema.optional(),
  status: statusFilter,
  limit: limitSchema,
  cursor: cursorSchema,
  schoolId: readSchoolId,
});
export type ParentListQuery = z.input<typeof ParentListQuery>;
export const ParentListResponse = page(ParentResponse);
export type ParentListResponse = z.infer<typeof ParentListResponse>;

export const CreateParentRequest = z.object({
  name: nameSchema,
  email: emailSchema,
  phone: optionalPhone,
  schoolId: bodySchoolId,
  relationship: relationshipSchema.optional(),
  children: z
    .array(z.object({ studentId: uuidSchema, relationship: relationshipSchema.optional() }))
    .max(20)
    .superRefine(eachOnce('studentId', PEOPLE_MESSAGES.studentListedTwice))
    .default([]),
  sendInvitation: z.boolean().default(false),
});
export type CreateParentRequest = z.input<typeof CreateParentRequest>;

export const CreateParentResponse = z.object({ parent: ParentResponse, ...Credentials });
export type CreateParentResponse = z.infer<typeof CreateParentResponse>;

export const UpdateParentRequest = z.object({
  name: nameSchema.optional(),
  phone: phoneSchema.nullable().optional(),
  relationship: relationshipSchema.nullable().optional(),
});
export type UpdateParentRequest = z.input<typeof UpdateParentRequest>;

/**
 * GET /children: the signed-in parent's children, each with today's attendance (the day's worst mark, null
 * when not marked), their class's lessons today and their attendance rate. Marks, fees and exams are filled
 * by their issues; until then those lists are empty.
 */
export const ChildResponse = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  relationship: z.string(),
  classId: z.string(),
  className: z.string(),
  section: z.string(),
  rollNumber: z.number().int(),
  academicYear: z.string(),
  profileImage: z.string().nullable(),
  isActive: z.boolean(),
  classTeacherName: z.string().nullable(),
  todayAttendance: z.enum(['present', 'absent', 'late']).nullable(),
  todayLessons: z.array(DayLesson),
  /** Whole percent over all the child's records, null with none. */
  attendanceRate: z.number().int().nullable(),
  recentMarks: z.array(z.record(z.string(), z.unknown())),
  pendingFees: z.array(z.record(z.string(), z.unknown())),
  upcomingExams: z.array(z.record(z.string(), z.unknown())),
});
export type ChildResponse = z.infer<typeof ChildResponse>;
export const ChildrenResponse = z.object({ items: z.array(ChildResponse) });
export type ChildrenResponse = z.infer<typeof ChildrenResponse>;

// ---------------------------------------------------------------------------------------------- users page

export const ACCOUNT_ROLES = ['school_admin', 'principal', 'teacher', 'student', 'parent'] as const;

/**
 * One account of the school on the Users page. `invitationPending`: no password has been set yet; `invited`:
 * an invitation e-mail was sent at least once (an import without invitations sends none).
 */
export const UserAccountResponse = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ACCOUNT_ROLES),
  isActive: z.boolean(),
  invitationPending: z.boolean(),
  invited: z.boolean(),
  lastLoginAt: z.string().nullable(),
  profileImage: z.string().nullable(),
  createdAt: z.string(),
});
export type UserAccountResponse = z.infer<typeof UserAccountResponse>;

export const UserListQuery = z.object({
  search: searchSchema,
  role: z.enum(ACCOUNT_ROLES, { error: 'Choose a role' }).optional(),
  status: statusFilter,
  limit: limitSchema,
  cursor: cursorSchema,
  schoolId: readSchoolId,
});
export type UserListQuery = z.input<typeof UserListQuery>;
export const UserListResponse = page(UserAccountResponse);
export type UserListResponse = z.infer<typeof UserListResponse>;

/** Principals and school administrators are created here; the other roles on their own pages. */
export const CreateUserRequest = z.object({
  name: nameSchema,
  email: emailSchema,
  phone: optionalPhone,
  role: z.enum(['principal', 'school_admin'], { error: 'Choose principal or school_admin' }),
  schoolId: bodySchoolId,
  sendInvitation: z.boolean().default(false),
});
export type CreateUserRequest = z.input<typeof CreateUserRequest>;
export const CreateUserResponse = z.object({ user: UserAccountResponse, ...Credentials });
export type CreateUserResponse = z.infer<typeof CreateUserResponse>;

/** `temporary`: a new 18-character password returned once; `email`: a set-password link is mailed. */
export const ResetUserPasswordRequest = z.object({ mode: z.enum(['temporary', 'email']).default('temporary') });
export type ResetUserPasswordRequest = z.input<typeof ResetUserPasswordRequest>;
export const ResetUserPasswordResponse = z.object({ ...Credentials });
export type ResetUserPasswordResponse = z.infer<typeof ResetUserPasswordResponse>;

// ---------------------------------------------------------------------------------------------- import

/** Columns of the templates (header row). Students may carry one or two parents per row. */
export const STUDENT_IMPORT_COLUMNS = [
  'name',
  'email',
  'phone',
  'className',
  'section',
  'rollNumber',
  'academicYear',
  'parentName',
  'parentEmail',
  'parentPhone',
  'parentRelationship',
  'parent2Name',
  'parent2Email',
  'parent2Phone',
  'parent2Relationship',
] as const;
/** `subjects`: subject names separated by `;` (they must exist). */
export const TEACHER_IMPORT_COLUMNS = ['name', 'email', 'phone', 'qualification', 'experience', 'subjects'] as const;
/** `childEmails`: e-mails of existing students separated by `;`. */
export const PARENT_IMPORT_COLUMNS = ['name', 'email', 'phone', 'relationship', 'childEmails'] as const;

export const ImportRequest = z.object({
  // The server measures the file in bytes (413 past IMPORT_MAX_BYTES); this bound only declares that the
  // field is bounded, above any text the byte check lets through (a character is at least one byte).
  csv: z
    .string()
    .min(1, 'The CSV file is empty')
    .max(2 * IMPORT_MAX_BYTES, 'The CSV file is larger than 2 MB.'),
  /** Students only: the class of rows that leave className empty. */
  classId: uuidSchema.optional(),
  sendInvitation: z.boolean().default(true),
});
export type ImportRequest = z.input<typeof ImportRequest>;

/** `line` is the line in the file (the header is line 1); null for problems of the whole file. */
export const ImportIssue = z.object({
  line: z.number().int().nullable(),
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportIssue = z.infer<typeof ImportIssue>;

/** `valid`: no problem names the row's line (rows are not checked when the plan limit alone refuses the file). */
export const ImportPreviewResponse = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.object({ line: z.number().int(), values: z.record(z.string(), z.string()), valid: z.boolean() })),
  rowCount: z.number().int(),
  validCount: z.number().int(),
  errors: z.array(ImportIssue),
});
export type ImportPreviewResponse = z.infer<typeof ImportPreviewResponse>;

/**
 * A refused commit (any row error, or a plan limit) answers 422 code `rule`, message `The file has N errors.
 * Nothing was imported.`, and `fields` keyed `"<line>:<column>"` (e.g. `"3:email"`, `"file:_"`) — the same
 * issues the preview lists.
 */
export const ImportResultResponse = z.object({
  created: z.number().int(),
  parentsCreated: z.number().int(),
  parentsLinked: z.number().int(),
  invitationsSent: z.number().int(),
});
export type ImportResultResponse = z.infer<typeof ImportResultResponse>;
