import { CreateSubjectRequest, CreateClassRequest, AssignTeacherRequest } from '@lyceum/shared/academics';
import { Announcement, CreateAnnouncementRequest } from '@lyceum/shared/announcements';
import { Notification } from '@lyceum/shared/api';
import { AttendanceRecord, isoDate } from '@lyceum/shared/attendance';
import { emailSchema, nameSchema, phoneSchema, uuidSchema } from '@lyceum/shared/auth';
import {
  AddonRequest,
  ApiKey,
  ContactSalesRequest,
  CreateAddonRequest,
  CreateApiKeyRequest,
  CreateSchoolRequest,
  Lead,
  Payment,
  SubmitPaymentRequest,
  Subscription,
} from '@lyceum/shared/company';
import { SchoolFileParams } from '@lyceum/shared/files';
import { CONVERSATION_KINDS, SendMessageRequest } from '@lyceum/shared/messages';
import { CreateParentRequest, CreateStudentRequest, CreateTeacherRequest, LinkParentRequest } from '@lyceum/shared/people';
import { COMPANY_ROLES, SCHOOL_ROLES } from '@lyceum/shared/roles';
import { CreateSlotRequest } from '@lyceum/shared/timetable';
import type pg from 'pg';
import { z } from 'zod';

/**
 * "Every generated value is one the API accepts" (issue 15): a sample of each generated table's rows is read
 * back and each column parsed with the schema the API itself uses for it (packages/shared: the create
 * request where people type the value, else the response), so a value the app could never have written —
 * a phone number with a letter, a too-short idempotency key, a time the slot form refuses — fails here,
 * naming the table and column, instead of surprising a page later. Columns named `id`, `…_id` and `…_ids`
 * are checked as the API's uuids everywhere.
 */
type Check = z.ZodType | { schema: z.ZodType; as: (value: unknown) => unknown };

/** `schools/<school>/users/<user>/profile/<file>` as the file route's parameters. */
const objectPathParams = (value: unknown) => {
  const m = /(?:^|\/)schools\/([^/]+)\/users\/([^/]+)\/profile\/([^/]+)$/.exec(String(value));
  return m ? { schoolId: m[1], userId: m[2], file: m[3] } : { file: String(value) };
};
/** PostgreSQL's `time` as the slot form writes it (HH:MM). */
const hhmm = (value: unknown) => String(value).slice(0, 5);
/** A timestamp as the API answers it. */
const iso = z.iso.datetime({ offset: true });

const schoolRole = z.enum(SCHOOL_ROLES);

export const VALUE_CHECKS: Record<string, Record<string, Check>> = {
  schools: {
    name: CreateSchoolRequest.shape.name,
    address: CreateSchoolRequest.shape.address,
    phone: CreateSchoolRequest.shape.phone,
    email: CreateSchoolRequest.shape.email,
    principal_name: CreateSchoolRequest.shape.principalName,
  },
  school_subscriptions: {
    status: Subscription.shape.status,
    payment_status: Subscription.shape.paymentStatus,
    billing_cycle: Subscription.shape.billingCycle,
    total_amount_minor: Subscription.shape.totalAmountMinor,
    subscription_type: Subscription.shape.subscriptionType,
    change_kind: Subscription.shape.changeKind,
    start_date: iso,
    end_date: iso,
  },
  accounts: { email: emailSchema },
  users: {
    name: nameSchema,
    email: emailSchema,
    phone: phoneSchema,
    role: schoolRole,
    profile_image: { schema: SchoolFileParams, as: objectPathParams },
  },
  company_staff: { name: nameSchema, email: emailSchema, role: z.enum(COMPANY_ROLES) },
  subjects: { name: CreateSubjectRequest.shape.name, code: CreateSubjectRequest.shape.code },
  classes: {
    name: CreateClassRequest.shape.name,
    section: CreateClassRequest.shape.section,
    academic_year: CreateClassRequest.shape.academicYear,
  },
  class_subjects: {},
  teachers: {
    qualification: CreateTeacherRequest.shape.qualification,
    experience: CreateTeacherRequest.shape.experience,
  },
  class_teachers: { is_class_teacher: AssignTeacherRequest.shape.isClassTeacher },
  students: {
    roll_number: CreateStudentRequest.shape.rollNumber,
    academic_year: CreateStudentRequest.shape.academicYear,
  },
  parents: { relationship: CreateParentRequest.shape.relationship },
  student_parents: { relationship: LinkParentRequest.shape.relationship },
  notifications: {
    type: Notification.shape.type,
    title: Notification.shape.title,
    body: Notification.shape.body,
    roles: z.array(schoolRole).min(1),
    created_at: iso,
  },
  audit_log: { created_at: iso },
  subscription_payments: {
    method: SubmitPaymentRequest.shape.method,
    reference: SubmitPaymentRequest.shape.reference,
    amount_minor: SubmitPaymentRequest.shape.amountMinor,
    idempotency_key: SubmitPaymentRequest.shape.idempotencyKey,
    status: Payment.shape.status,
    receipt_number: Payment.shape.receiptNumber,
  },
  addon_requests: { message: CreateAddonRequest.shape.message, status: AddonRequest.shape.status },
  sales_leads: {
    kind: Lead.shape.kind,
    name: ContactSalesRequest.shape.name,
    email: ContactSalesRequest.shape.email,
    message: ContactSalesRequest.shape.message,
  },
  stored_files: { object_path: { schema: SchoolFileParams, as: objectPathParams } },
  api_keys: {
    name: CreateApiKeyRequest.shape.name,
    scopes: CreateApiKeyRequest.shape.scopes,
    prefix: ApiKey.shape.prefix,
  },
  api_usage: { month: isoDate, calls: z.number().int().min(0) },
  timetable_slots: {
    room: CreateSlotRequest.shape.room,
    day: CreateSlotRequest.shape.day,
    start_time: { schema: CreateSlotRequest.shape.startTime, as: hhmm },
    end_time: { schema: CreateSlotRequest.shape.endTime, as: hhmm },
  },
  attendance: {
    date: isoDate,
    status: AttendanceRecord.shape.status,
    marked_by_name: nameSchema,
    academic_year: CreateClassRequest.shape.academicYear,
  },
  chat_groups: { kind: z.enum(CONVERSATION_KINDS) },
  chat_group_members: {},
  messages: { body: SendMessageRequest.shape.body, created_at: iso },
  chat_reads: { last_read_at: iso },
  announcements: {
    title: CreateAnnouncementRequest.shape.title,
    body: CreateAnnouncementRequest.shape.body,
    audience: CreateAnnouncementRequest.shape.audience,
    status: Announcement.shape.status,
  },
  announcement_reads: { read_at: iso },
};

const ROWS_PER_TABLE = 300;

/** A null is an absent value (the table's NOT NULL constraints say where one may be absent); the rest must parse. */
function checkValue(check: Check, value: unknown): string | null {
  if (value === null) return null;
  const schema = 'as' in check ? check.schema : check;
  const result = schema.safeParse('as' in check ? check.as(value) : value);
  return result.success ? null : result.error.issues.map((i) => i.message).join('; ');
}

function checksOf(table: string, row: Record<string, unknown>): [string, Check][] {
  const named = VALUE_CHECKS[table] ?? {};
  const ids = Object.keys(row)
    .filter((c) => !(c in named))
    .flatMap((c): [string, Check][] =>
      c === 'id' || c.endsWith('_id') ? [[c, uuidSchema]] : c.endsWith('_ids') ? [[c, z.array(uuidSchema)]] : [],
    );
  return [...Object.entries(named), ...ids];
}

/**
 * Checks a sample of every table in `tables` (about ROWS_PER_TABLE rows each, read from a sample of the
 * table's pages so a table of millions costs what a small one does). Answers one line per offending column,
 * with an example value; a table without an entry in VALUE_CHECKS is itself a problem (a new generator step
 * says which schemas its columns answer to).
 */
export async function checkGeneratedValues(client: pg.Client, tables: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const table of tables) {
    if (!(table in VALUE_CHECKS)) {
      problems.push(`${table}: no entry in bench/src/data/api-values.ts (which API schemas its columns answer to)`);
      continue;
    }
    const { rows: size } = await client.query<{ n: number }>(
      `select greatest(reltuples, 0)::float8 as n from pg_class where oid = $1::regclass`,
      [table],
    );
    const percent = Math.min(100, (100 * ROWS_PER_TABLE * 10) / Math.max(1, size[0]?.n ?? 0));
    // to_jsonb writes timestamps, dates and arrays as the API's JSON does.
    const { rows } = await client.query<{ r: Record<string, unknown> }>(
      `select to_jsonb(t) as r from "${table}" t tablesample system (${percent}) limit ${ROWS_PER_TABLE}`,
    );
    const bad = new Map<string, string>();
    for (const { r } of rows) {
      for (const [column, check] of checksOf(table, r)) {
        if (bad.has(column)) continue;
        const problem = checkValue(check, r[column]);
        if (problem) bad.set(column, `${table}.${column}: ${problem} (e.g. ${JSON.stringify(r[column])})`);
      }
    }
    problems.push(...bad.values());
  }
  return problems;
}
