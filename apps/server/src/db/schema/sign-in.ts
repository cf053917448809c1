import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

/**
 * Sign-in attempts per (e-mail, client address), whether or not the e-mail has an account, so known and unknown
 * addresses are throttled alike and the counts hold across server processes (modules/auth/sign-in-throttle.ts).
 * A row also remembers the last successful sign-in from that address, which makes the address "recognised"
 * for that e-mail.
 */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    emailKey: text('email_key').notNull(),
    ip: text('ip').notNull(),
    failures: integer('failures').notNull().default(0),
    lastFailureAt: ts('last_failure_at'),
    lastSuccessAt: ts('last_success_at'),
  },
  (t) => [primaryKey({ columns: [t.emailKey, t.ip] }), index('sign_in_attempts_ip').on(t.ip)],
);
