/**
 * How many changes one signed-in person (or API key) may make per minute, in this process. A person at a
 * screen makes a few; past the limit it is a script, and each write can fan out into notifications, live
 * events and stored rows for a whole school (docs/product.md, "Rate limits and lock-out").
 *
 * A fixed one-minute window: the whole table is dropped when the minute turns, so it never holds more than one
 * entry per person who wrote in the current minute.
 */
export class WriteRateLimit {
  private window = -1;
  private readonly counts = new Map<string, number>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one write by `who`; false once they are past the limit, with the seconds until the next minute. */
  take(who: string): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const now = this.now();
    const window = Math.floor(now / 60_000);
    if (window !== this.window) {
      this.window = window;
      this.counts.clear();
    }
    const count = (this.counts.get(who) ?? 0) + 1;
    this.counts.set(who, count);
    if (count <= this.perMinute) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.ceil(((window + 1) * 60_000 - now) / 1000) };
  }
}
