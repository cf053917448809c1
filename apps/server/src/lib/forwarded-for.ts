import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Which X-Forwarded-For entries the server believes, as Fastify's `trustProxy` takes it: `false` (none: the
 * socket's address is the client), a number of proxy hops in front of the server, or the proxies' addresses
 * and ranges. Never "all": the left-most entry is whatever the client wrote, so believing it would let anyone
 * pick a new address per request and walk past every per-address limit.
 */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for the reserved ranges, accepted as they are. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

const HOW =
  'set TRUST_PROXY to the number of proxies in front of the server (e.g. 1) or their addresses or ranges, comma-separated (e.g. 10.0.0.0/8)';

/** The TRUST_PROXY environment variable, validated. */
export const TrustProxySetting = z
  .string()
  .default('false')
  .transform((raw, ctx): TrustProxy => {
    const value = raw.trim();
    if (value === 'false' || value === '0') return false;
    if (value === 'true') {
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY=true would take the client's own X-Forwarded-For entry as its address; ${HOW}`,
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 10) return hops;
      ctx.addIssue({ code: 'custom', message: `TRUST_PROXY: ${value} hops is more than any real chain of proxies` });
      return z.NEVER;
    }
    const entries = value.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !isAddressOrRange(e));
    if (bad.length > 0 || entries.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY: "${bad.join('", "')}" is not an address or range; ${HOW}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * The setting in the form Fastify takes. Fastify treats a bare number as "trust nothing", so a hop count becomes
 * a function that trusts the first `hops` addresses counted from the socket (proxy-addr's index 0).
 */
export function fastifyTrustProxy(
  setting: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}
