import { sql } from 'drizzle-orm';
import { LANGUAGES } from '@lyceum/shared/locale';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from './closed-sets.ts';
import { createdAt, id, ts, updatedAt } from './columns.ts';

/**
 * Global identity tables: one account per e-mail address, holding the password. Profiles (company staff or a
 * school user) point at an account; the role chosen at login picks which profile is looked up first (docs/product.md, "Signing in").
 */
export const accounts = pgTable(
  'accounts',
  {
    id: id().primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    disabledAt: ts('disabled_at'),
    failedLogins: integer('failed_logins').notNull().default(0),
    failedLoginsSince: ts('failed_logins_since'),
    lastLoginAt: ts('last_login_at'),
    /** The person's own language; null follows their school's (or English for company staff). */
    language: text('language', { enum: LANGUAGES }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('accounts_email_unique').on(sql`lower(${t.email})`),
    oneOf('accounts_language_check', t.language),
  ],
);

export const companyStaff = pgTable(
  'company_staff',
  {
    id: id().primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    role: text('role', { enum: ['company_admin', 'admin', 'company_user'] }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    profileImage: text('profile_image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [oneOf('company_staff_role_check', t.role), uniqueIndex('company_staff_account_unique').on(t.accountId)],
);

/** Server-side sessions: only the SHA-256 of the cookie token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: id().primaryKey(),
    tokenHash: text('token_hash').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    profileKind: text('profile_kind', { enum: ['company', 'school'] }).notNull(),
    profileId: uuid('profile_id').notNull(),
    profileSchoolId: uuid('profile_school_id'),
    role: text('role').notNull(),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /**
     * The account had never signed in before this session (its sign-up, or its first sign-in): the dashboard
     * welcomes rather than welcomes back for the whole session (docs/product.md, "Sessions").
     */
    firstVisit: boolean('first_visit').notNull().default(false),
  },
  (t) => [
    oneOf('sessions_profile_kind_check', t.profileKind),
    uniqueIndex('sessions_token_unique').on(t.tokenHash),
    index('sessions_account_idx').on(t.accountId),
  ],
);

/** One-time tokens for password reset and invitations (set-password links). */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: id().primaryKey(),
    tokenHash: text('token_hash').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    purpose: text('purpose', { enum: ['reset', 'invite', 'verify_email'] }).notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf('one_time_tokens_purpose_check', t.purpose),
    uniqueIndex('one_time_tokens_hash_unique').on(t.tokenHash),
    index('one_time_tokens_account_idx').on(t.accountId),
  ],
);

/** Invitation codes a company_admin makes so another person may sign up as company admin. */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: id().primaryKey(),
    codeHash: text('code_hash').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => companyStaff.id),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    usedBy: uuid('used_by'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('company_invitations_code_unique').on(t.codeHash)],
);

/**
 * Setup codes for the platform's first company admin (docs/security.md, "The first company admin"): a server
 * starting while no company staff exists writes one and prints it in its log, and `npm run cli -- setup-code` makes
 * one; the first company-admin sign-up must carry one. Only the hash is kept; all are deleted once that admin exists.
 */
export const setupCodes = pgTable('setup_codes', {
  codeHash: text('code_hash').primaryKey(),
  createdAt: createdAt(),
});

/** Every e-mail the product sends, written in the same transaction as the change that caused it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id().primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Not tried again before this (growing back-off after a failure, db/mail.ts); null: at once. */
    nextAttemptAt: ts('next_attempt_at'),
    /** What the mail is for (lib/mail-texts.ts, MailKind): the log names a mail by it. Null for mail queued before. */
    kind: text('kind'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
    /** The school the mail was sent for (invitations, password links), counted against a trial's daily cap. */
    schoolId: uuid('school_id'),
  },
  (t) => [
    oneOf('mail_outbox_status_check', t.status),
    index('mail_outbox_pending_idx').on(t.status, t.createdAt),
    index('mail_outbox_school_idx').on(t.schoolId, t.createdAt).where(sql`${t.schoolId} is not null`),
  ],
);
