import { byClientKey } from './client-address.ts';

/**
 * Reads anyone may make without signing in (the plans on offer, a school's sign-in brand, whether company
 * sign-up is open) are each one small query, but unlimited they would let one address keep the database
 * busy. Generous for a person or a page that loads them a few times; see docs/security.md, "Public entry
 * points".
 */
export const PUBLIC_READS_PER_MINUTE = 120;

export const publicReadLimit = {
  rateLimit: { max: PUBLIC_READS_PER_MINUTE, timeWindow: 60_000, keyGenerator: byClientKey },
};
