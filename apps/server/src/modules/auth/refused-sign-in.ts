import type { FastifyBaseLogger } from 'fastify';
import { clientKey } from '../../lib/client-address.ts';
import { maskedEmail } from '../../lib/masked-email.ts';
import { UNKNOWN_ADDRESS } from './sign-in-throttle.ts';

/** Why a sign-in was refused, as the log says it. */
export type RefusalReason = 'wrong password' | 'no such account' | 'held after too many failures';

/**
 * One warn line per refused sign-in (docs/security.md, "Refused sign-ins in the log"): the client's key (the one the
 * throttling counts, lib/client-address.ts) and the account masked, never the password. An operator sees a brute
 * force in the log, and a fail2ban-style filter can match the single line.
 */
export function logRefusedSignIn(
  log: FastifyBaseLogger,
  input: { email: string; ip: string | undefined; reason: RefusalReason },
): void {
  const client = input.ip ? clientKey(input.ip) : UNKNOWN_ADDRESS;
  const account = maskedEmail(input.email);
  log.warn(
    { event: 'sign-in refused', client, account, reason: input.reason },
    `sign-in refused (${input.reason}): ${account} from ${client}`,
  );
}
