const DAY_MS = 86_400_000;

/**
 * How many of something one key (a client address's `clientKey`) may have per calendar day (UTC), in this
 * process: the schools one address may sign up (docs/product.md, "Rate limits and lock-out"). A place is taken
 * before the work and given back if the work is refused, so only what was accepted counts, and requests racing
 * for the last place cannot both have it.
 *
 * A fixed one-day window: the whole table is dropped when the day turns, and a key whose places were all given
 * back leaves it, so it never holds more than one entry per key with something accepted (or under way) today.
 */
export class DailyLimit {
  private day = -1;
  private readonly counts = new Map<string, number>();

  constructor(
    private readonly perDay: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Takes one of `who`'s places today, with the function that gives it back; refused once they are at the
   * limit, with the seconds until the next day (UTC).
   */
  take(who: string): { allowed: true; giveBack: () => void } | { allowed: false; retryAfterSeconds: number } {
    const now = this.now();
    const day = Math.floor(now / DAY_MS);
    if (day !== this.day) {
      this.day = day;
      this.counts.clear();
    }
    const count = this.counts.get(who) ?? 0;
    if (count >= this.perDay) {
      return { allowed: false, retryAfterSeconds: Math.ceil(((day + 1) * DAY_MS - now) / 1000) };
    }
    this.counts.set(who, count + 1);
    let given = false;
    const giveBack = () => {
      // Once only, and only within the day it was taken: a new day starts from nothing anyway.
      if (given || this.day !== day) return;
      given = true;
      const left = (this.counts.get(who) ?? 1) - 1;
      if (left > 0) this.counts.set(who, left);
      else this.counts.delete(who);
    };
    return { allowed: true, giveBack };
  }

  /** Keys held now (tests: one entry per key with something accepted today). */
  get size(): number {
    return this.counts.size;
  }
}
