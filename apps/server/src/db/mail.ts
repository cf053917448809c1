import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { hasEntitlement } from '@lyceum/shared/entitlements';
import { DEFAULT_LANGUAGE, DEFAULT_SCHOOL_LOCALE, isLanguage } from '@lyceum/shared/locale';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from './client.ts';
import { mailOutbox } from './schema/index.ts';
import { withSystem } from './tenancy.ts';
import { newId } from '../lib/ids.ts';
import { encodeHeaderValue } from '../lib/mail-headers.ts';
import { maskedEmail } from '../lib/masked-email.ts';
import type { MailKind, MailLocale } from '../lib/mail-texts.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  kind: MailKind;
  /** The school the mail is sent for, when a school sends it (counted against a trial's daily cap). */
  schoolId?: string;
}

export const PRODUCT_NAME = 'Lyceum';

/**
 * White Label (issue 3): mail to a member of a school that holds the add-on carries the school's name
 * instead of the product's. Looked up by recipient, so every sender (reset, invitation, …) is covered.
 */
export async function mailBrandFor(tx: Tx, to: string): Promise<string> {
  const result = await tx.execute<{ name: string; addons: string[] }>(sql`
    select sc.name, array(
      select a.name from school_subscriptions s join plans p on p.id = s.plan_id
      join addons a on a.id = any(s.addon_ids || p.addon_ids)
      where s.school_id = sc.id and s.status = 'active' and s.end_date > now()) as addons
    from accounts acc
    join users u on u.account_id = acc.id and u.deleted_at is null
    join schools sc on sc.id = u.school_id
    where lower(acc.email) = ${to.toLowerCase()}
    limit 1`);
  const row = (result.rows as { name: string; addons: string[] }[])[0];
  return row && hasEntitlement(row.addons, 'white_label') ? row.name : PRODUCT_NAME;
}

interface LocaleRow extends Record<string, unknown> {
  account_id: string;
  language: string | null;
  time_zone: string | null;
}

const localeOfRow = (row: LocaleRow | undefined): MailLocale => ({
  language: isLanguage(row?.language) ? row.language : DEFAULT_LANGUAGE,
  timeZone: row?.time_zone ?? DEFAULT_SCHOOL_LOCALE.timeZone,
});

/**
 * The language a mail to these accounts is written in: the person's own (`accounts.language`), else their
 * school's, else English; and their school's time zone for its dates (docs/product.md, "Messages in the
 * user's language").
 */
export async function mailLocalesOf(tx: Tx, accountIds: readonly string[]): Promise<Map<string, MailLocale>> {
  if (accountIds.length === 0) return new Map();
  const result = await tx.execute<LocaleRow>(sql`
    select acc.id as account_id, coalesce(acc.language, sc.language) as language, sc.time_zone
    from accounts acc
    left join users u on u.account_id = acc.id and u.deleted_at is null
    left join schools sc on sc.id = u.school_id
    where acc.id in (${sql.join(
      accountIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return new Map((result.rows as LocaleRow[]).map((row) => [row.account_id, localeOfRow(row)]));
}

/** `mailLocalesOf` for one address (English and UTC when it has no account). */
export async function mailLocaleOf(tx: Tx, email: string): Promise<MailLocale> {
  const result = await tx.execute<LocaleRow>(sql`
    select acc.id as account_id, coalesce(acc.language, sc.language) as language, sc.time_zone
    from accounts acc
    left join users u on u.account_id = acc.id and u.deleted_at is null
    left join schools sc on sc.id = u.school_id
    where lower(acc.email) = ${email.toLowerCase()}
    limit 1`);
  return localeOfRow((result.rows as LocaleRow[])[0]);
}

/** Queues a message in the same transaction as the change that caused it, so neither happens without the other. */
export async function enqueueMail(tx: Tx, message: MailMessage): Promise<string> {
  const id = newId();
  const brand = await mailBrandFor(tx, message.to);
  const rebrand = (text: string) => (brand === PRODUCT_NAME ? text : text.replaceAll(PRODUCT_NAME, brand));
  await tx
    .insert(mailOutbox)
    .values({ id, ...message, subject: rebrand(message.subject), text: rebrand(message.text) });
  return id;
}

/**
 * Mail given up this recently is queued again by `npm run cli -- requeue-mail`; older mail stays failed: its links
 * (invitations last 7 days, resets an hour) have expired, and the person asks again.
 */
export const REQUEUE_WITHIN_DAYS = 7;

/** Queues the mail given up within REQUEUE_WITHIN_DAYS again, with a fresh set of attempts; counts both kinds. */
export async function requeueFailedMail(db: Database, now: Date): Promise<{ requeued: number; older: number }> {
  const since = new Date(now.getTime() - REQUEUE_WITHIN_DAYS * 86_400_000);
  return withSystem(db, async (tx) => {
    const requeued = await tx
      .update(mailOutbox)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: null })
      .where(and(eq(mailOutbox.status, 'failed'), gte(mailOutbox.createdAt, since)))
      .returning({ id: mailOutbox.id });
    const [older] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'failed'));
    return { requeued: requeued.length, older: older?.n ?? 0 };
  });
}

/**
 * How long a mail waits after each failed attempt: 30 seconds, doubling up to an hour, then hourly. An SMTP
 * outage of up to about six hours loses no mail; after the last attempt the mail is given up (`failed`, one
 * error line) and `npm run cli -- requeue-mail` queues it again (README.md, "Mail").
 */
export const MAIL_RETRY_DELAYS_MS: readonly number[] = [
  30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000, 3_600_000, 3_600_000, 3_600_000,
];
/** Attempts before a mail is given up: the first, and one after each wait (13, over about 6 hours). */
export const MAIL_ATTEMPTS = MAIL_RETRY_DELAYS_MS.length + 1;
/** Mail tried per pass, oldest first; a pass runs every 30 s (app.ts) and after each queued mail. */
const MAIL_PER_PASS = 50;
/**
 * How long a pass's claim on its mail holds: longer than a pass of MAIL_PER_PASS mails takes while SMTP answers,
 * short enough that mail claimed by a process that stopped is sent soon after. (A pass stuck on a server that
 * neither answers nor hangs up for longer may see another process send its mail too: once more, never lost.)
 */
const MAIL_CLAIM_MS = 15 * 60_000;

type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Delivers queued mail after commit: over SMTP when SMTP_URL is set, otherwise as .eml files in
 * DATA_DIR/mail and a log line, so a fresh install can still follow invitation and reset links.
 *
 * A failed mail is tried again after a growing wait (MAIL_RETRY_DELAYS_MS), so a pass tries only the mail that is
 * due: during an outage each mail costs one attempt per wait, never one per pass, and a pass tries at most
 * MAIL_PER_PASS of them.
 */
export class MailDispatcher {
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private transport: nodemailer.Transporter | null;
  private readonly clock: () => Date;

  constructor(
    private readonly db: Database,
    private readonly options: {
      smtpUrl?: string;
      from: string;
      mailDir: string;
      log: FastifyBaseLogger;
      /** Now, as the back-off reads it (deps.clock; tests move it on). */
      clock?: () => Date;
    },
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
    this.clock = options.clock ?? (() => new Date());
  }

  /**
   * Whether the SMTP server in SMTP_URL takes a connection and the login, asked once at start so a wrong host or
   * password shows then rather than at the first mail: the warning's text, or null (fine, or no SMTP_URL).
   */
  async check(): Promise<string | null> {
    if (!this.transport) return null;
    try {
      await this.transport.verify();
      return null;
    } catch (err) {
      return (
        `Mail: the SMTP server in SMTP_URL refused a test connection (${(err as Error).message}): mail waits in the ` +
        'outbox and is tried again (README.md: Mail)'
      );
    }
  }

  /**
   * Delivers everything queued so far. A call during a pass schedules one more pass after it (shared by
   * all such calls), so mail committed after the running pass began is never left behind.
   */
  flush(): Promise<void> {
    if (this.queued) return this.queued;
    if (this.running) {
      this.queued = this.running.then(() => {
        this.queued = null;
        return this.flush();
      });
      return this.queued;
    }
    this.running = this.deliverPending().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /**
   * Takes the mail that is due, for this pass alone: each row is claimed (its next attempt moved MAIL_CLAIM_MS
   * on) in the statement that picks it, skipping rows another process is claiming, so processes sharing one
   * outbox (docs/scaling.md) never send the same mail twice. A process that stops mid-pass leaves its claims to
   * run out, and the mail is tried again then.
   */
  private async claimDue(): Promise<OutboxRow[]> {
    const now = this.clock();
    const due = (tx: Tx) =>
      tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.status, 'pending'),
            or(isNull(mailOutbox.nextAttemptAt), lte(mailOutbox.nextAttemptAt, now)),
          ),
        )
        .orderBy(asc(mailOutbox.createdAt))
        .limit(MAIL_PER_PASS)
        .for('update', { skipLocked: true });
    const claimed = await withSystem(this.db, (tx) =>
      tx
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(now.getTime() + MAIL_CLAIM_MS) })
        .where(inArray(mailOutbox.id, due(tx)))
        .returning(),
    );
    return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  private async deliverPending(): Promise<void> {
    const due = await this.claimDue();
    for (const message of due) {
      try {
        await this.deliver(message);
        await withSystem(this.db, (tx) =>
          tx
            .update(mailOutbox)
            .set({ status: 'sent', sentAt: this.clock(), attempts: message.attempts + 1, nextAttemptAt: null })
            .where(eq(mailOutbox.id, message.id)),
        );
      } catch (err) {
        await this.failed(message, err);
      }
    }
  }

  /** One failed attempt: a warn line and the next attempt's time, or, after the last, an error line and `failed`. */
  private async failed(message: OutboxRow, err: unknown): Promise<void> {
    const attempts = message.attempts + 1;
    const delay = MAIL_RETRY_DELAYS_MS[attempts - 1];
    // Named by id and kind, the recipient masked, never the text: it holds the one-time link.
    const fields = { err, mailId: message.id, kind: message.kind, to: maskedEmail(message.to), attempts };
    const what = `${message.kind ?? 'a'} mail ${message.id} to ${fields.to}`;
    const nextAttemptAt = delay === undefined ? null : new Date(this.clock().getTime() + delay);
    if (nextAttemptAt) {
      this.options.log.warn(
        { ...fields, nextAttemptAt },
        `mail delivery failed (attempt ${attempts} of ${MAIL_ATTEMPTS}; next at ${nextAttemptAt.toISOString()}): ${what}`,
      );
    } else {
      this.options.log.error(
        fields,
        `mail given up after ${attempts} attempts: ${what} (npm run cli -- requeue-mail queues it again)`,
      );
    }
    await withSystem(this.db, (tx) =>
      tx
        .update(mailOutbox)
        .set({ attempts, status: nextAttemptAt ? 'pending' : 'failed', nextAttemptAt, lastError: String(err) })
        .where(eq(mailOutbox.id, message.id)),
    );
  }

  private async deliver(message: OutboxRow): Promise<void> {
    if (this.transport) {
      await this.transport.sendMail({
        from: this.options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
      return;
    }
    await mkdir(this.options.mailDir, { recursive: true });
    const file = path.join(this.options.mailDir, `${message.id}.eml`);
    const eml = [
      `From: ${encodeHeaderValue(this.options.from)}`,
      `To: ${encodeHeaderValue(message.to)}`,
      `Subject: ${encodeHeaderValue(message.subject)}`,
      `Date: ${message.createdAt.toUTCString()}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      message.text,
    ].join('\r\n');
    await writeFile(file, eml);
    // One line a console shows whole: who, what, and the links to follow (the text is in the file).
    const links = message.text.match(/https?:\/\/\S+/g) ?? [];
    this.options.log.info(
      { to: message.to, subject: message.subject, file },
      `mail written to ${file} (no SMTP_URL) for ${message.to}: ${message.subject}` +
        (links.length > 0 ? `; link: ${links.join(' ')}` : ''),
    );
  }
}
