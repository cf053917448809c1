import { academicYearSchema } from '@lyceum/shared/academics';
import { PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import {
  CreateParentRequest,
  CreateStudentRequest,
  CreateTeacherRequest,
  type ImportIssue,
  type ImportPreviewResponse,
  type ImportRequest,
  type ImportResultResponse,
  NewParentOfStudent,
  PARENT_IMPORT_COLUMNS,
  STUDENT_IMPORT_COLUMNS,
  TEACHER_IMPORT_COLUMNS,
} from '@lyceum/shared/people';
import type { SchoolRole } from '@lyceum/shared/roles';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import {
  accounts,
  classes,
  parents,
  studentParents,
  students,
  subjects,
  teachers,
  users,
} from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { academicYearIn, timeZoneOf } from '../../lib/school-day.ts';
import { audit } from '../../db/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { capIssues } from '../../lib/csv-limits.ts';
import { type Invitation, queueInvitations, takenEmails } from './accounts.ts';
import { inScope, type SchoolScope, writeScope } from '../../db/school-scope.ts';
import { type CsvRecord, type ParsedCsv, parseCsv } from './csv.ts';
import { assertRoomForNewPeople } from './plan-limits.ts';
import { emailTakenMessage } from './email-taken-message.ts';
import { schoolMailRefusal } from '../auth/index.ts';

/**
 * Bulk import (issue 4 item 8). One validation function per kind serves both the preview and the commit, so
 * what the preview accepts is exactly what the commit writes. The commit re-validates inside its transaction
 * (after locking the school row for the plan count) and writes everything with a handful of bulk inserts, or
 * nothing.
 *
 * Imported accounts get no temporary password: returning 1 000 passwords would mean 1 000 argon2id hashes
 * (~25 s here) and a spreadsheet of secrets. They are created without a password and, with `sendInvitation`
 * (the default), each receives a one-time set-password link; otherwise an administrator sends one later
 * from the Users page ("resend invitation" / "reset password").
 */

export type ImportKind = 'students' | 'teachers' | 'parents';
/** The request's options, and the academic year a row without one is put in (the school's current one). */
type ImportOptions = Omit<z.output<typeof ImportRequest>, 'csv'> & { schoolYear: string };
/** What the import routes pass: the kind (from the path) and the parsed body. */
export type ImportInput = { kind: ImportKind } & z.output<typeof ImportRequest>;

interface NewPerson {
  name: string;
  email: string;
  phone: string | null;
}
interface StudentItem extends NewPerson {
  classId: string;
  rollNumber: number;
  academicYear: string;
  parents: { key: string; relationship: string }[];
}
/** A parent row of a student file: an existing parent of the school (`id`) or one to create. */
interface ParentItem extends NewPerson {
  id: string | null;
  relationship: string;
}
interface TeacherItem extends NewPerson {
  qualification: string | null;
  experience: number | null;
  subjectIds: string[];
}
interface ParentFileItem extends NewPerson {
  relationship: string | null;
  children: string[];
}

interface Validated {
  issues: ImportIssue[];
  students: StudentItem[];
  studentParents: Map<string, ParentItem>;
  teachers: TeacherItem[];
  parents: ParentFileItem[];
}

const COLUMNS: Record<ImportKind, { known: readonly string[]; required: readonly string[] }> = {
  students: { known: STUDENT_IMPORT_COLUMNS, required: ['name', 'email'] },
  teachers: { known: TEACHER_IMPORT_COLUMNS, required: ['name', 'email'] },
  parents: { known: PARENT_IMPORT_COLUMNS, required: ['name', 'email'] },
};

/** Read (and size-checked) before any transaction opens: an oversized file never holds the database. */
const parseImportFile = (kind: ImportKind, csv: string) => parseCsv(csv, COLUMNS[kind].known, COLUMNS[kind].required);

/** The CSV template of a kind: its columns and one example row. */
export function importTemplate(deps: Deps, actor: Actor, { kind }: { kind: ImportKind }): string {
  const example: Record<ImportKind, string[]> = {
    students: [
      'Ada Lovelace',
      'ada@example.com',
      '',
      'Grade 5',
      'A',
      '1',
      academicYearIn(timeZoneOf(actor), deps.clock()),
      'Anne Lovelace',
      'anne@example.com',
      '+1 555 0100',
      'Mother',
      '',
      '',
      '',
      '',
    ],
    teachers: ['Alan Turing', 'alan@example.com', '+1 555 0101', 'MSc Mathematics', '5', 'Mathematics;Physics'],
    parents: ['Anne Lovelace', 'anne@example.com', '+1 555 0100', 'Mother', 'ada@example.com'],
  };
  return `${COLUMNS[kind].known.join(',')}\n${example[kind].map((v) => (/[,;"]/.test(v) ? `"${v}"` : v)).join(',')}\n`;
}

/**
 * Checks one cell against the create's own field schema (so a row is held to exactly what creating that
 * person one by one accepts, with the same message); records the issue and returns undefined when it fails.
 */
function cell<T>(
  issues: ImportIssue[],
  line: number,
  column: string,
  schema: z.ZodType<T>,
  raw: unknown,
): T | undefined {
  const r = schema.safeParse(raw);
  if (r.success) return r.data;
  issues.push({ line, column, message: r.error.issues[0]?.message ?? 'Invalid value' });
  return undefined;
}

/**
 * A number cell: text that is not a whole number gets `message`; a whole number then goes through the
 * create's schema, which owns the range. Returns null for an empty cell, undefined when it failed.
 */
function numberCell(
  issues: ImportIssue[],
  line: number,
  column: string,
  schema: z.ZodType<number | undefined>,
  raw: string | undefined,
  message: string,
): number | null | undefined {
  if (!raw) return null;
  const n = Number(raw);
  if (!Number.isInteger(n)) {
    issues.push({ line, column, message });
    return undefined;
  }
  return cell(issues, line, column, schema, n) ?? undefined;
}

/** The create schema whose fields judge each kind's rows. */
const CREATE_FIELDS = {
  students: CreateStudentRequest.shape,
  teachers: CreateTeacherRequest.shape,
  parents: CreateParentRequest.shape,
} as const;

const splitList = (v: string | undefined) =>
  (v ?? '')
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Existing accounts of the file's e-mails: parents of this school can be linked, anything else is taken. The
 * addresses go as one array parameter: a 5 000-row student file carries up to 15 000, and a statement with a
 * parameter each is slow to plan on the embedded database.
 */
async function emailOwners(tx: Tx, schoolId: string, emails: string[]) {
  const lower = [...new Set(emails.map((e) => e.toLowerCase()))];
  const taken = await takenEmails(tx, lower);
  const inSchool = lower.length
    ? await tx
        .select({ id: users.id, email: users.email, role: users.role, name: users.name, parentId: parents.id })
        .from(users)
        .leftJoin(parents, and(eq(parents.schoolId, users.schoolId), eq(parents.id, users.id)))
        .where(and(eq(users.schoolId, schoolId), sql`lower(${users.email}) = any(${sql.param(lower)}::text[])`))
    : [];
  return { taken, inSchool: new Map(inSchool.map((u) => [u.email.toLowerCase(), u])) };
}

async function validate(
  tx: Tx,
  scope: SchoolScope,
  kind: ImportKind,
  parsed: ParsedCsv,
  options: ImportOptions,
): Promise<Validated> {
  const out: Validated = {
    issues: [...parsed.issues],
    students: [],
    studentParents: new Map(),
    teachers: [],
    parents: [],
  };
  if (parsed.issues.some((i) => i.line === 1 || i.line === null) || parsed.records.length === 0) return out;
  const { records } = parsed;
  const allEmails = records.flatMap((r) =>
    [r.values.email, r.values.parentEmail, r.values.parent2Email].filter((e): e is string => Boolean(e)),
  );
  const owners = await emailOwners(tx, scope.schoolId, allEmails);
  const seenEmails = new Map<string, number>();
  const issues = out.issues;

  const fields = CREATE_FIELDS[kind];
  const person = (r: CsvRecord): NewPerson | undefined => {
    const name = cell(issues, r.line, 'name', fields.name, r.values.name ?? '');
    const email = cell(issues, r.line, 'email', fields.email, r.values.email ?? '');
    const phone = r.values.phone ? cell(issues, r.line, 'phone', fields.phone, r.values.phone) : '';
    if (email) {
      const first = seenEmails.get(email);
      if (first !== undefined)
        issues.push({ line: r.line, column: 'email', message: `This e-mail is also on line ${first}` });
      else seenEmails.set(email, r.line);
      if (owners.taken.has(email))
        issues.push({ line: r.line, column: 'email', message: emailTakenMessage(owners.inSchool.has(email)) });
    }
    if (name === undefined || email === undefined || phone === undefined) return undefined;
    return { name, email, phone: phone || null };
  };

  if (kind === 'students') await validateStudents(tx, scope, records, options, owners, person, out);
  if (kind === 'teachers') {
    const names = await tx
      .select({ id: subjects.id, name: subjects.name })
      .from(subjects)
      .where(and(eq(subjects.schoolId, scope.schoolId), eq(subjects.isActive, true)));
    const byName = new Map(names.map((s) => [s.name.toLowerCase(), s.id]));
    for (const r of records) {
      const p = person(r);
      const exp = numberCell(
        issues,
        r.line,
        'experience',
        CreateTeacherRequest.shape.experience,
        r.values.experience,
        PEOPLE_MESSAGES.importExperience,
      );
      const subjectIds: string[] = [];
      for (const s of splitList(r.values.subjects)) {
        const id = byName.get(s.toLowerCase());
        if (id) subjectIds.push(id);
        else issues.push({ line: r.line, column: 'subjects', message: `Unknown subject "${s}"` });
      }
      const qualification = cell(
        issues,
        r.line,
        'qualification',
        CreateTeacherRequest.shape.qualification,
        r.values.qualification ?? '',
      );
      if (p && exp !== undefined && qualification !== undefined)
        out.teachers.push({
          ...p,
          qualification: qualification || null,
          experience: exp,
          subjectIds: [...new Set(subjectIds)],
        });
    }
  }
  if (kind === 'parents') {
    const childEmails = records.flatMap((r) => splitList(r.values.childEmails).map((e) => e.toLowerCase()));
    const kids = childEmails.length
      ? await tx
          .select({ id: students.id, email: users.email })
          .from(students)
          .innerJoin(users, and(eq(users.schoolId, students.schoolId), eq(users.id, students.id)))
          .where(
            and(
              eq(students.schoolId, scope.schoolId),
              sql`lower(${users.email}) = any(${sql.param(childEmails)}::text[])`,
            ),
          )
      : [];
    const kidByEmail = new Map(kids.map((k) => [k.email.toLowerCase(), k.id]));
    for (const r of records) {
      const p = person(r);
      const relationship = r.values.relationship
        ? cell(issues, r.line, 'relationship', CreateParentRequest.shape.relationship, r.values.relationship)
        : null;
      const children: string[] = [];
      for (const e of splitList(r.values.childEmails)) {
        const id = kidByEmail.get(e.toLowerCase());
        if (id) children.push(id);
        else
          issues.push({
            line: r.line,
            column: 'childEmails',
            message: `No student of this school has the e-mail ${e}`,
          });
      }
      if (p && relationship !== undefined)
        out.parents.push({ ...p, relationship: relationship ?? null, children: [...new Set(children)] });
    }
  }
  return out;
}

async function validateStudents(
  tx: Tx,
  scope: SchoolScope,
  records: CsvRecord[],
  options: ImportOptions,
  owners: Awaited<ReturnType<typeof emailOwners>>,
  person: (r: CsvRecord) => NewPerson | undefined,
  out: Validated,
): Promise<void> {
  const issues = out.issues;
  const classRows = await tx
    .select({ id: classes.id, name: classes.name, section: classes.section, academicYear: classes.academicYear })
    .from(classes)
    .where(and(eq(classes.schoolId, scope.schoolId), eq(classes.isActive, true)));
  if (options.classId && !classRows.some((c) => c.id === options.classId)) {
    issues.push({ line: null, column: 'classId', message: PEOPLE_MESSAGES.classNotFound });
    return;
  }
  const year = options.schoolYear;
  // The school's classes by name and section (any case), looked up once per row rather than scanned.
  const classKey = (name: string, section: string) => `${name.toLowerCase()}\u0000${section.toLowerCase()}`;
  const classesByKey = new Map<string, typeof classRows>();
  for (const c of classRows) {
    const key = classKey(c.name, c.section);
    const same = classesByKey.get(key);
    if (same) same.push(c);
    else classesByKey.set(key, [c]);
  }
  const findClass = (name: string, section: string) => {
    const matches = classesByKey.get(classKey(name, section)) ?? [];
    return matches.length > 1 ? (matches.find((c) => c.academicYear === year) ?? matches[0]) : matches[0];
  };
  const rolls = await tx
    .select({ classId: students.classId, roll: students.rollNumber })
    .from(students)
    .where(eq(students.schoolId, scope.schoolId));
  const usedRolls = new Map<string, Map<number, number>>();
  const used = (classId: string) => {
    let m = usedRolls.get(classId);
    if (!m) {
      m = new Map();
      usedRolls.set(classId, m);
    }
    return m;
  };
  for (const r of rolls) used(r.classId).set(r.roll, 0);
  const pendingRolls: StudentItem[] = [];
  // The e-mails of the students read so far, so a later row's parent who is one of them is found at once.
  const studentEmails = new Set<string>();

  for (const r of records) {
    const p = person(r);
    const v = r.values;
    let classId: string | undefined;
    if (v.className) {
      const c = findClass(v.className, v.section ?? '');
      if (c) classId = c.id;
      else
        issues.push({
          line: r.line,
          column: 'className',
          message: `${PEOPLE_MESSAGES.classNotFound}: "${[v.className, v.section].filter(Boolean).join(' ')}"`,
        });
    } else if (options.classId) classId = options.classId;
    else
      issues.push({
        line: r.line,
        column: 'className',
        message: 'Class is required (or choose the class to import into)',
      });

    let rollNumber = 0;
    const n = numberCell(
      issues,
      r.line,
      'rollNumber',
      CreateStudentRequest.shape.rollNumber,
      v.rollNumber,
      PEOPLE_MESSAGES.importRollNumber,
    );
    if (typeof n === 'number') {
      if (classId) {
        const taken = used(classId).get(n);
        if (taken !== undefined) {
          issues.push({
            line: r.line,
            column: 'rollNumber',
            message:
              taken === 0 ? PEOPLE_MESSAGES.rollNumberTaken(n) : PEOPLE_MESSAGES.importRollNumberRepeated(n, taken),
          });
        } else {
          used(classId).set(n, r.line);
          rollNumber = n;
        }
      }
    }
    const academicYear = v.academicYear
      ? cell(issues, r.line, 'academicYear', academicYearSchema, v.academicYear)
      : year;

    const links: { key: string; relationship: string }[] = [];
    const rowParentEmails = new Set<string>();
    for (const prefix of ['parent', 'parent2'] as const) {
      const email = v[`${prefix}Email`];
      if (!email) {
        if (v[`${prefix}Name`])
          issues.push({ line: r.line, column: `${prefix}Email`, message: "The parent's e-mail is required" });
        continue;
      }
      const parentEmail = cell(issues, r.line, `${prefix}Email`, NewParentOfStudent.shape.email, email);
      if (!parentEmail) continue;
      const relationship = cell(
        issues,
        r.line,
        `${prefix}Relationship`,
        NewParentOfStudent.shape.relationship,
        v[`${prefix}Relationship`] || 'Guardian',
      );
      if (relationship === undefined) continue;
      if (p && parentEmail === p.email) {
        issues.push({
          line: r.line,
          column: `${prefix}Email`,
          message: "A parent's e-mail must differ from the student's",
        });
        continue;
      }
      // As creating one student with two new parents: each parent needs their own e-mail (docs/product.md, "Students").
      if (rowParentEmails.has(parentEmail)) {
        issues.push({ line: r.line, column: `${prefix}Email`, message: PEOPLE_MESSAGES.ownEmailEach });
        continue;
      }
      rowParentEmails.add(parentEmail);
      const existing = owners.inSchool.get(parentEmail);
      if (existing?.parentId) {
        if (!out.studentParents.has(parentEmail)) {
          out.studentParents.set(parentEmail, {
            id: existing.id,
            name: existing.name,
            email: parentEmail,
            phone: null,
            relationship,
          });
        }
      } else if (owners.taken.has(parentEmail) || studentEmails.has(parentEmail)) {
        const elsewhere = owners.taken.has(parentEmail) && !owners.inSchool.has(parentEmail);
        issues.push({ line: r.line, column: `${prefix}Email`, message: emailTakenMessage(!elsewhere) });
        continue;
      } else if (!out.studentParents.has(parentEmail)) {
        const name = cell(issues, r.line, `${prefix}Name`, NewParentOfStudent.shape.name, v[`${prefix}Name`] ?? '');
        const phone = v[`${prefix}Phone`]
          ? cell(issues, r.line, `${prefix}Phone`, NewParentOfStudent.shape.phone, v[`${prefix}Phone`] ?? '')
          : '';
        if (name === undefined || phone === undefined) continue;
        out.studentParents.set(parentEmail, { id: null, name, email: parentEmail, phone: phone || null, relationship });
      }
      links.push({ key: parentEmail, relationship });
    }
    if (p && classId && academicYear) {
      const item = { ...p, classId, rollNumber, academicYear, parents: links };
      out.students.push(item);
      studentEmails.add(item.email);
      if (rollNumber === 0) pendingRolls.push(item);
    }
  }
  // A parent listed as a student of the same file cannot also be that student.
  for (const s of out.students) {
    if (out.studentParents.has(s.email) && out.studentParents.get(s.email)?.id === null) {
      issues.push({
        line: null,
        column: 'parentEmail',
        message: `${s.email} is both a student and a parent in this file`,
      });
    }
  }
  // Rows without a roll number get the next free numbers of their class, in file order.
  const next = new Map<string, number>();
  for (const item of pendingRolls) {
    const taken = used(item.classId);
    let n = next.get(item.classId) ?? Math.max(0, ...taken.keys()) + 1;
    while (taken.has(n)) n++;
    taken.set(n, -1);
    item.rollNumber = n;
    next.set(item.classId, n + 1);
  }
}

/** Plan limits and the trial cap on people for what the file would add (file-level issue, also in the preview). */
async function planIssue(
  tx: Tx,
  schoolId: string,
  adding: Partial<Record<SchoolRole, number>>,
): Promise<ImportIssue | null> {
  try {
    await assertRoomForNewPeople(tx, schoolId, adding);
    return null;
  } catch (err) {
    if (err instanceof AppError && err.code === 'plan_limit') return { line: null, column: null, message: err.message };
    throw err;
  }
}

function additions(kind: ImportKind, v: Validated): Partial<Record<SchoolRole, number>> {
  if (kind === 'students')
    return { student: v.students.length, parent: [...v.studentParents.values()].filter((p) => p.id === null).length };
  if (kind === 'teachers') return { teacher: v.teachers.length };
  return { parent: v.parents.length };
}

/** The role each row of a kind's file adds: one person a row, whatever else the row brings. */
const ROW_ROLE: Record<ImportKind, SchoolRole> = { students: 'student', teachers: 'teacher', parents: 'parent' };

/** A row with every cell empty (a spreadsheet's trailing `,,,` line): it adds no one. */
const isBlank = (r: CsvRecord) => Object.values(r.values).every((v) => v === '');

/**
 * The plan limit a file passes by its rows alone (docs/product.md, "CSV import and export"): each row of an
 * importable file adds one person of its kind, so a file whose distinct e-mails already pass the room the plan
 * leaves cannot be imported whatever its rows say, and is refused before they are checked one by one (up to
 * 5 000 rows, each with its zod checks). Empty rows and a repeated e-mail add no one, so they are not counted
 * (a file within the room once they are left out is checked row by row, which names them); the ones the file
 * has are named with the row check's own words, so the preview never calls them valid.
 */
async function rowCountIssues(tx: Tx, schoolId: string, kind: ImportKind, parsed: ParsedCsv) {
  if (parsed.issues.length > 0 || parsed.records.length === 0) return null;
  const fields = CREATE_FIELDS[kind];
  const rowIssues: ImportIssue[] = [];
  const firstLine = new Map<string, number>();
  for (const r of parsed.records) {
    if (isBlank(r)) {
      cell(rowIssues, r.line, 'name', fields.name, '');
      cell(rowIssues, r.line, 'email', fields.email, '');
      continue;
    }
    const email = r.values.email?.toLowerCase();
    if (!email) continue;
    const first = firstLine.get(email);
    if (first === undefined) firstLine.set(email, r.line);
    else if (fields.email.safeParse(email).success)
      rowIssues.push({ line: r.line, column: 'email', message: `This e-mail is also on line ${first}` });
  }
  const limit = await planIssue(tx, schoolId, { [ROW_ROLE[kind]]: firstLine.size });
  return limit ? [...rowIssues, limit] : null;
}

/** The preview's answer: the file's rows, each valid when no problem names its line. */
function previewAnswer(parsed: ParsedCsv, issues: ImportIssue[]): ImportPreviewResponse {
  const badLines = new Set(issues.flatMap((i) => (i.line !== null && i.line > 1 ? [i.line] : [])));
  const rows = parsed.records.map((r) => ({ line: r.line, values: r.values, valid: !badLines.has(r.line) }));
  return {
    columns: parsed.columns,
    rows,
    rowCount: rows.length,
    validCount: rows.filter((r) => r.valid).length,
    errors: capIssues(issues.sort((a, b) => (a.line ?? 0) - (b.line ?? 0))),
  };
}

export async function previewImport(
  deps: Deps,
  actor: Actor,
  { kind, csv, ...options }: ImportInput,
): Promise<ImportPreviewResponse> {
  const scope = writeScope(actor, undefined);
  const parsed = parseImportFile(kind, csv);
  const schoolYear = academicYearIn(timeZoneOf(actor), deps.clock());
  return inScope(deps.db, scope, async (tx) => {
    const tooMany = await rowCountIssues(tx, scope.schoolId, kind, parsed);
    if (tooMany) return previewAnswer(parsed, tooMany);
    const v = await validate(tx, scope, kind, parsed, { ...options, schoolYear });
    if (v.issues.length === 0) {
      const limit = await planIssue(tx, scope.schoolId, additions(kind, v));
      if (limit) v.issues.push(limit);
    }
    // The import would be refused if the school may not send these invitations (docs/product.md, "Trial
    // schools and mail"): the preview says so up front instead of calling the file ready.
    if (options.sendInvitation) {
      const invited = Object.values(additions(kind, v)).reduce((sum, n) => sum + (n ?? 0), 0);
      const refusal = await schoolMailRefusal(tx, scope.schoolId, Math.max(invited, 1), actor.accountId);
      if (refusal) v.issues.push({ line: null, column: null, message: refusal.message });
    }
    return previewAnswer(parsed, v.issues);
  });
}

function refuse(issues: ImportIssue[]): AppError {
  const fields: Record<string, string> = {};
  for (const i of issues.slice(0, 200)) fields[`${i.line ?? 'file'}:${i.column ?? '_'}`] ??= i.message;
  return new AppError('rule', PEOPLE_MESSAGES.importRefused(issues.length), fields);
}

/** Inserts in slices, so one statement never carries more parameters than PostgreSQL accepts. */
async function insertAll<T>(rows: T[], write: (slice: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) await write(rows.slice(i, i + 1000));
}

/** Writes child–parent links and answers how many were made (a link that already existed is not one). */
async function insertLinks(tx: Tx, links: (typeof studentParents.$inferInsert)[]): Promise<number> {
  let made = 0;
  await insertAll(links, async (s) => {
    made += (await tx.insert(studentParents).values(s).onConflictDoNothing().returning({ id: studentParents.id }))
      .length;
  });
  return made;
}

export async function commitImport(
  deps: Deps,
  actor: Actor,
  { kind, csv, ...options }: ImportInput,
): Promise<ImportResultResponse> {
  const scope = writeScope(actor, undefined);
  const schoolId = scope.schoolId;
  const parsed = parseImportFile(kind, csv);
  const result = await inScope(deps.db, scope, async (tx) => {
    // Lock first: the plan count below and the inserts after it see no concurrent import or create.
    await tx.execute(sql`select id from schools where id = ${schoolId} for update`);
    const tooMany = await rowCountIssues(tx, schoolId, kind, parsed);
    if (tooMany) throw refuse(tooMany);
    const v = await validate(tx, scope, kind, parsed, {
      ...options,
      schoolYear: academicYearIn(timeZoneOf(actor), deps.clock()),
    });
    if (v.issues.length > 0) throw refuse(v.issues);
    const limit = await planIssue(tx, schoolId, additions(kind, v));
    if (limit) throw refuse([limit]);

    const people: (NewPerson & { role: SchoolRole; classId?: string })[] =
      kind === 'students'
        ? [
            ...v.students.map((s) => ({ ...s, role: 'student' as const })),
            ...[...v.studentParents.values()]
              .filter((p) => p.id === null)
              .map((p) => ({ ...p, role: 'parent' as const })),
          ]
        : kind === 'teachers'
          ? v.teachers.map((t) => ({ ...t, role: 'teacher' as const }))
          : v.parents.map((p) => ({ ...p, role: 'parent' as const }));
    const made = people.map((p) => ({ ...p, accountId: newId(), userId: newId() }));
    const idByEmail = new Map(made.map((m) => [m.email, m.userId]));
    await insertAll(made, (s) =>
      tx.insert(accounts).values(s.map((m) => ({ id: m.accountId, email: m.email, passwordHash: null }))),
    );
    await insertAll(made, (s) =>
      tx.insert(users).values(
        s.map((m) => ({
          schoolId,
          id: m.userId,
          accountId: m.accountId,
          name: m.name,
          email: m.email,
          phone: m.phone,
          role: m.role,
          classId: m.classId ?? null,
        })),
      ),
    );
    let parentsLinked = 0;
    if (kind === 'students') {
      await insertAll(v.students, (s) =>
        tx.insert(students).values(
          s.map((st) => ({
            schoolId,
            id: idByEmail.get(st.email) as string,
            classId: st.classId,
            rollNumber: st.rollNumber,
            academicYear: st.academicYear,
          })),
        ),
      );
      const newParents = [...v.studentParents.values()].filter((p) => p.id === null);
      await insertAll(newParents, (s) =>
        tx
          .insert(parents)
          .values(s.map((p) => ({ schoolId, id: idByEmail.get(p.email) as string, relationship: p.relationship }))),
      );
      const links = v.students.flatMap((st) =>
        st.parents.map((l) => {
          const parent = v.studentParents.get(l.key) as ParentItem;
          return {
            schoolId,
            id: newId(),
            studentId: idByEmail.get(st.email) as string,
            parentId: parent.id ?? (idByEmail.get(l.key) as string),
            relationship: l.relationship,
          };
        }),
      );
      parentsLinked = await insertLinks(tx, links);
    } else if (kind === 'teachers') {
      await insertAll(v.teachers, (s) =>
        tx.insert(teachers).values(
          s.map((t) => ({
            schoolId,
            id: idByEmail.get(t.email) as string,
            qualification: t.qualification,
            experience: t.experience,
            subjectIds: t.subjectIds,
          })),
        ),
      );
    } else {
      await insertAll(v.parents, (s) =>
        tx
          .insert(parents)
          .values(s.map((p) => ({ schoolId, id: idByEmail.get(p.email) as string, relationship: p.relationship }))),
      );
      const links = v.parents.flatMap((p) =>
        p.children.map((studentId) => ({
          schoolId,
          id: newId(),
          studentId,
          parentId: idByEmail.get(p.email) as string,
          relationship: p.relationship ?? 'Guardian',
        })),
      );
      parentsLinked = await insertLinks(tx, links);
    }
    const invitations: Invitation[] = options.sendInvitation
      ? made.map((m) => ({ accountId: m.accountId, email: m.email, name: m.name, role: m.role }))
      : [];
    const invitationsSent = await queueInvitations(tx, scope, deps.config.publicUrl, invitations);
    const created = kind === 'students' ? v.students.length : made.length;
    const parentsCreated = kind === 'teachers' ? 0 : made.filter((m) => m.role === 'parent').length;
    await audit(tx, actor, {
      schoolId,
      action: `${kind}.imported`,
      entity: kind,
      after: { created, parentsCreated, parentsLinked, invitationsSent, userIds: made.map((m) => m.userId) },
    });
    return { created, parentsCreated, parentsLinked, invitationsSent };
  });
  // The dispatcher sends 50 a pass; ask for as many passes as the import queued, in the background.
  if (result.invitationsSent > 0) {
    void (async () => {
      for (let i = 0; i < Math.ceil(result.invitationsSent / 50); i++) await deps.mail.flush();
    })().catch(() => {});
  }
  return result;
}
