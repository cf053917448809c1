import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { hasEntitlement } from '@lyceum/shared/entitlements';
import { DEFAULT_LANGUAGE, DEFAULT_SCHOOL_LOCALE, isLanguage } from '@lyceum/shared/locale';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from './client.ts';
import { mailOutbox } from './schema/index.ts';
import { withSystem } from './tenancy.ts';
import { newId } from '../lib/ids.ts';
import { encodeHeaderValue } from '../lib/mail-headers.ts';
import type { MailLocale } from '../lib/mail-texts.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
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
 * Delivers queued mail after commit: over SMTP when SMTP_URL is set, otherwise as .eml files in
 * DATA_DIR/mail and a log line, so a fresh install can still follow invitation and reset links.
 */
export class MailDispatcher {
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private transport: nodemailer.Transporter | null;

  constructor(
    private readonly db: Database,
    private readonly options: { smtpUrl?: string; from: string; mailDir: string; log: FastifyBaseLogger },
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
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

  private async deliverPending(): Promise<void> {
    const pending = await withSystem(this.db, (tx) =>
      tx
        .select()
        .from(mailOutbox)
        .where(sql`${mailOutbox.status} = 'pending' and ${mailOutbox.attempts} < 5`)
        .orderBy(asc(mailOutbox.createdAt))
        .limit(50),
    );
    for (const message of pending) {
      try {
        await this.deliver(message);
        await withSystem(this.db, (tx) =>
          tx
            .update(mailOutbox)
            .set({ status: 'sent', sentAt: new Date(), attempts: message.attempts + 1 })
            .where(eq(mailOutbox.id, message.id)),
        );
      } catch (err) {
        this.options.log.warn({ err, mailId: message.id }, 'mail delivery failed');
        const attempts = message.attempts + 1;
        await withSystem(this.db, (tx) =>
          tx
            .update(mailOutbox)
            .set({ attempts, status: attempts >= 5 ? 'failed' : 'pending', lastError: String(err) })
            .where(eq(mailOutbox.id, message.id)),
        );
      }
    }
  }

  private async deliver(message: typeof mailOutbox.$inferSelect): Promise<void> {
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
    this.options.log.info(
      { to: message.to, subject: message.subject, file },
      `mail written (no SMTP_URL):\n${message.text}`,
    );
  }
}
