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

export function setPasswordLink(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}
