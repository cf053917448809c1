import type { Tx } from '../../db/client.ts';
import { oneTimeTokens } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { newSecret, sha256 } from '../../lib/tokens.ts';

/** A one-time token (set-password: reset or invitation; or an address check); only its hash is stored. Returns the token itself. */
export async function issueOneTimeToken(
  tx: Tx,
  accountId: string,
  purpose: 'reset' | 'invite' | 'verify_email',
  ttlMs: number,
): Promise<string> {
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

export function setPasswordLink(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}
