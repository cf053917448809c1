import type { Actor } from './actor.ts';

/**
 * Resolved sessions, kept for a few seconds so a page's burst of API calls does not each pay the session
 * lookup (five joined tables). Correctness rules:
 * - keyed by the token's hash: an entry can only ever answer the holder of that very cookie;
 * - every change this process audits (and every session revocation) bumps `epoch`, which empties the cache,
 *   and bumps it again once its transaction committed (db/tenancy.ts), so within one process a sign-out,
 *   deactivation, role or subscription change takes effect at once;
 * - another server process's change reaches this one's cache after at most `ttlMs` (SESSION_CACHE_MS,
 *   default 2 s; 0 turns the cache off), and an entry never outlives its session's expiry.
 */
let epoch = 0;

/** Called by audit() and the session revokers: anything that may change who a cookie is. */
export function noteSessionRelevantChange(): void {
  epoch++;
}

interface Entry {
  actor: Actor;
  until: number;
  epoch: number;
}

const MAX_ENTRIES = 10_000;

export class SessionCache {
  private readonly entries = new Map<string, Entry>();

  constructor(readonly ttlMs: number) {}

  get(tokenHash: string): Actor | null {
    if (this.ttlMs <= 0) return null;
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    if (entry.epoch !== epoch || Date.now() >= entry.until) {
      this.entries.delete(tokenHash);
      return null;
    }
    return entry.actor;
  }

  /** `epochAtLookup`: the epoch read before the database was asked, so a change racing the lookup wins. */
  set(tokenHash: string, actor: Actor, sessionExpiresAt: Date, epochAtLookup: number): void {
    if (this.ttlMs <= 0 || epochAtLookup !== epoch) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(tokenHash, {
      actor,
      until: Math.min(Date.now() + this.ttlMs, sessionExpiresAt.getTime()),
      epoch: epochAtLookup,
    });
  }

  static epoch(): number {
    return epoch;
  }
}
