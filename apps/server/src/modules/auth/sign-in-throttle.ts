import { MESSAGES } from '@lyceum/shared/errors';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { withSystem } from '../../db/tenancy.ts';
import { clientKey } from '../../lib/client-address.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * Password guessing is slowed on three keys at once, all counted in the database so every server process sees
 * the same numbers, and all keyed by the e-mail as typed, so an address without an account is throttled exactly
 * like one with (no enumeration):
 *
 * - one e-mail from one client address: FREE_FAILURES_PER_PAIR wrong passwords, then a hold that doubles with
 *   every further failure. Held attempts are refused before the password is checked, so a guess made during a
 *   hold tells nothing, and they are not counted.
 * - one e-mail from every address (a botnet on one account): past FREE_FAILURES_PER_ACCOUNT, a growing hold for
 *   addresses the account has not signed in from recently;
 * - one address against every e-mail (password spraying): past FREE_FAILURES_PER_ADDRESS, a growing hold for
 *   e-mails that have not signed in from that address recently.
 *
 * A client address is its `clientKey` (lib/client-address.ts): an IPv6 client's whole /64 counts as one.
 *
 * The owner is never locked out by someone else's failures: their own address (no failures of its own) passes
 * the first rule, and the wider holds spare the addresses the account has recently signed in from. The design
 * and its trade-offs are in docs/security.md ("Sign-in throttling").
 */
export const FREE_FAILURES_PER_PAIR = 5;
export const FREE_FAILURES_PER_ACCOUNT = 20;
export const FREE_FAILURES_PER_ADDRESS = 100;
export const FIRST_HOLD_MS = 60_000;
export const LONGEST_HOLD_MS = 60 * 60_000;
/** Failures are forgotten this long after the last one. */
export const FAILURE_MEMORY_MS = 24 * 3_600_000;
/** An address stays recognised for an e-mail this long after a successful sign-in from it. */
export const RECOGNISED_FOR_MS = 90 * 86_400_000;
/** Stale rows are removed at most this often per process. */
const SWEEP_EVERY_MS = 10 * 60_000;

/** Used when a request's client address is unknown; such requests share one key. */
export const UNKNOWN_ADDRESS = 'unknown';

export const tooManyAttempts = () => new AppError('auth/too-many-requests', MESSAGES.tooManyRequests);

/** How long a key is held after its last failure, given how many failures it has beyond its free ones. */
export function holdMs(failuresBeyondFree: number): number {
  if (failuresBeyondFree < 0) return 0;
  return Math.min(LONGEST_HOLD_MS, FIRST_HOLD_MS * 2 ** Math.min(failuresBeyondFree, 30));
}

const emailKey = (email: string) => email.trim().toLowerCase();

interface WideCounts extends Record<string, unknown> {
  account_failures: number;
  account_last: string | null;
  address_failures: number;
  address_last: string | null;
  recognised: boolean;
}

const heldUntil = (failures: number, free: number, last: string | null) =>
  last && failures >= free ? new Date(last).getTime() + holdMs(failures - free) : 0;

let lastSweep = 0;

/**
 * Call before checking a password. Refuses (429) while any of the three keys is held; otherwise counts the
 * attempt as a failure up front — so parallel guesses cannot slip past the limit between check and count — and
 * returns `succeeded`, which the caller runs once the password proved right to undo that count.
 */
export async function beginPasswordAttempt(
  db: Database,
  email: string,
  ip: string | undefined,
): Promise<{ succeeded: () => Promise<void> }> {
  const key = emailKey(email);
  const address = ip ? clientKey(ip) : UNKNOWN_ADDRESS;
  const memory = `${FAILURE_MEMORY_MS} milliseconds`;
  const recognisedFor = `${RECOGNISED_FOR_MS} milliseconds`;
  await sweepNowAndThen(db);

  const wide = await withSystem(db, async (tx) => {
    const result = await tx.execute<WideCounts>(sql`
      select
        coalesce(sum(failures) filter (where email_key = ${key} and recent), 0)::int as account_failures,
        max(last_failure_at) filter (where email_key = ${key} and recent) as account_last,
        coalesce(sum(failures) filter (where ip = ${address} and recent), 0)::int as address_failures,
        max(last_failure_at) filter (where ip = ${address} and recent) as address_last,
        coalesce(bool_or(email_key = ${key} and ip = ${address}
          and last_success_at > now() - ${recognisedFor}::interval), false) as recognised
      from (
        select *, failures > 0 and last_failure_at > now() - ${memory}::interval as recent
        from sign_in_attempts
        where email_key = ${key} or ip = ${address}
      ) a`);
    return result.rows[0] as WideCounts | undefined;
  });
  if (wide && !wide.recognised) {
    const now = Date.now();
    if (heldUntil(wide.account_failures, FREE_FAILURES_PER_ACCOUNT, wide.account_last) > now) throw tooManyAttempts();
    if (heldUntil(wide.address_failures, FREE_FAILURES_PER_ADDRESS, wide.address_last) > now) throw tooManyAttempts();
  }

  // One statement decides and counts, under the row's lock: no row comes back while the pair is held.
  const counted = await withSystem(db, async (tx) => {
    const result = await tx.execute(sql`
      insert into sign_in_attempts as a (email_key, ip, failures, last_failure_at)
      values (${key}, ${address}, 1, now())
      on conflict (email_key, ip) do update set
        failures = case when a.last_failure_at is null or a.last_failure_at <= now() - ${memory}::interval
          then 1 else a.failures + 1 end,
        last_failure_at = now()
      where not (
        a.failures >= ${FREE_FAILURES_PER_PAIR}
        and a.last_failure_at > now() - ${memory}::interval
        and a.last_failure_at + least(
          ${LONGEST_HOLD_MS}::float8,
          ${FIRST_HOLD_MS}::float8 * power(2, least(a.failures - ${FREE_FAILURES_PER_PAIR}, 30))
        ) * interval '1 millisecond' > now()
      )
      returning a.failures`);
    return result.rows.length > 0;
  });
  if (!counted) throw tooManyAttempts();

  return {
    succeeded: async () => {
      await withSystem(db, (tx) =>
        tx.execute(sql`
          update sign_in_attempts set failures = 0, last_failure_at = null, last_success_at = now()
          where email_key = ${key} and ip = ${address}`),
      );
    },
  };
}

/** The owner proved control of the mailbox (password reset): other people's failures no longer hold the account. */
export async function forgetFailuresOf(tx: Tx, accountId: string): Promise<void> {
  await tx.execute(sql`
    update sign_in_attempts set failures = 0, last_failure_at = null
    where email_key = (select lower(email) from accounts where id = ${accountId})`);
}

async function sweepNowAndThen(db: Database): Promise<void> {
  if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = Date.now();
  await withSystem(db, (tx) =>
    tx.execute(sql`
      delete from sign_in_attempts
      where (last_failure_at is null or last_failure_at <= now() - ${`${FAILURE_MEMORY_MS} milliseconds`}::interval)
        and (last_success_at is null or last_success_at <= now() - ${`${RECOGNISED_FOR_MS} milliseconds`}::interval)`),
  );
}
