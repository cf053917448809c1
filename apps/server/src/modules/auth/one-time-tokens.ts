import { RESET_MAILS_PER_HOUR } from '@lyceum/shared/constants';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { oneTimeTokens } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { newSecret, sha256 } from '../../lib/tokens.ts';

/** A one-time token (set-password: reset or invitation; or an address check); only its hash is stored. Returns the token itself. */
export async function issueOneTimeToken(tx: Tx, accountId: string, purpose: Purpose, ttlMs: number): Promise<string> {
  const token = newSecret();
  await tx.insert(oneTimeTokens).values({
    id: newId(),
    tokenHash: sha256(token),
    accountId,
    purpose,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

type Purpose = 'reset' | 'invite' | 'verify_email';

/** How many tokens of `purpose` the account was sent within the last `windowMs`: the mail limits count these. */
export async function recentTokenCount(tx: Tx, accountId: string, purpose: Purpose, windowMs: number): Promise<number> {
  const [recent] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.accountId, accountId),
        eq(oneTimeTokens.purpose, purpose),
        gt(oneTimeTokens.createdAt, new Date(Date.now() - windowMs)),
      ),
    );
  return recent?.n ?? 0;
}

/**
 * Whether the account may be sent another password e-mail of `purpose` this hour (docs/product.md, "Rate
 * limits and lock-out": `RESET_MAILS_PER_HOUR`, whoever asks, /forgot-password or staff). Takes the account's
 * mail lock to the end of the transaction, so requests at once count one after the other: call it in the
 * transaction that then issues the token.
 */
export async function mayMailPasswordLink(tx: Tx, accountId: string, purpose: 'reset' | 'invite'): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`password-mail:${accountId}`}, 0))`);
  return (await recentTokenCount(tx, accountId, purpose, 3_600_000)) < RESET_MAILS_PER_HOUR;
}

export function setPasswordLink(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}
