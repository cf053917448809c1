/**
 * Computed answers of the school day's hot reads (a class's month register, a student's history, the
 * principal's today-by-class, every school user's dashboard and session answer, the student and class lists, a student's profile, each reader's
 * announcements, conversations and notifications), kept for a few seconds so that 32 readers of the same register do not each pay
 * PostgreSQL for it (docs/product.md, "Performance budgets"; docs/scaling.md, "Answers cache"). Correctness rules:
 * - keyed by the school and a key naming the read and every input of its answer (the class and month, the
 *   student and, where the answer depends on the reader, the reader; the school's date where the clock matters),
 *   so an entry only ever answers a reader of that school: another school's id is looked up under its own school;
 * - the caller decides access on every request; where that decision needs a query, the decision is kept too,
 *   keyed by the reader's user id (never shared between users), under the same epoch as the answer;
 * - every change in a school makes all of its entries invalid at once: `noteSchoolChange(schoolId)` after any
 *   successful change request of that school's people (plugins/answers-refresh.ts), `noteSchoolChange(null)`
 *   (every school) after one by company staff or a public route, and after the writers that run outside a
 *   request (the subscription sweep, the demo seed); a sign-in notes its own school (its time is in the
 *   lists). The bump comes after the change committed, before its answer leaves, so the writer's next read
 *   sees it; a read stores its answer only if no bump happened since it
 *   read the epoch before asking the database, so a read racing a write cannot keep the old answer;
 * - a live event (lib/live-events.ts) notes its school's change in every process as it arrives;
 * - another server process's change without one reaches this one after at most `ttlMs` (ANSWER_CACHE_MS, default 2 s;
 *   0 turns the cache off);
 * - bounded in bytes and entries (the server's memory budget is 250 MB): oldest entries go first;
 * - single flight (`through`): readers missing the same school, key and epoch together share one load.
 */

/** One counter for every change; a school's epoch is the tick of its last change or of the last change to all. */
let tick = 0;
let allChangedAt = 0;
const schoolChangedAt = new Map<string, number>();
/** More schools than this with a change noted: forget them and count it as a change to all (memory bound). */
const MAX_SCHOOLS_TRACKED = 100_000;

/** Every cached answer of `schoolId` (null: of every school) is invalid from now on. */
export function noteSchoolChange(schoolId: string | null): void {
  tick++;
  if (schoolId === null || schoolChangedAt.size >= MAX_SCHOOLS_TRACKED) {
    schoolChangedAt.clear();
    allChangedAt = tick;
    return;
  }
  schoolChangedAt.set(schoolId, tick);
}

/** The school's epoch: read it before asking the database, hand it to `set`. */
export function answersEpoch(schoolId: string): number {
  return Math.max(allChangedAt, schoolChangedAt.get(schoolId) ?? 0);
}

interface Entry {
  value: unknown;
  bytes: number;
  epoch: number;
  until: number;
}

export const ANSWER_CACHE_MAX_BYTES = 8 * 1024 * 1024;
const MAX_ENTRIES = 20_000;

export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  /** One promise per school, key and epoch being loaded (`through`); removed when it settles. */
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private bytes = 0;

  constructor(
    readonly ttlMs: number,
    private readonly maxBytes = ANSWER_CACHE_MAX_BYTES,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** The entry of `key` in `schoolId`, if stored under the school's current epoch within the TTL. */
  get<T>(schoolId: string, key: string): T | undefined {
    if (this.ttlMs <= 0) return undefined;
    const id = `${schoolId}|${key}`;
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (entry.epoch !== answersEpoch(schoolId) || Date.now() >= entry.until) {
      this.drop(id, entry);
      return undefined;
    }
    return entry.value as T;
  }

  /**
   * Keeps `value` (about `bytes` of memory) unless the school changed since `epochAtLookup` was read. A value
   * larger than an eighth of the bound is not kept: one answer must not empty the cache.
   */
  set(schoolId: string, key: string, value: unknown, bytes: number, epochAtLookup: number): void {
    if (this.ttlMs <= 0 || epochAtLookup !== answersEpoch(schoolId) || bytes > this.maxBytes / 8) return;
    const id = `${schoolId}|${key}`;
    const old = this.entries.get(id);
    if (old) this.drop(id, old);
    // Oldest first (a Map iterates in insertion order), stale or not.
    for (const [oldestId, oldest] of this.entries) {
      if (this.bytes + bytes <= this.maxBytes && this.entries.size < MAX_ENTRIES) break;
      this.drop(oldestId, oldest);
    }
    this.entries.set(id, { value, bytes, epoch: epochAtLookup, until: Date.now() + this.ttlMs });
    this.bytes += bytes;
  }

  /**
   * `load()`'s answer for `key`, from the cache when it holds one, else from the load already in flight for the
   * same school, key and epoch (single flight: when an entry expires or is dropped under load, the readers that
   * miss it together wait for one query instead of each running it). The epoch is read before `load` asks the
   * database, and synchronously, so a caller whose statements must leave in this turn of the event loop may use
   * it. A load started before a change belongs to the old epoch: a read after the change starts its own, and the
   * old one's answer is not kept. A failure is not kept either: whoever waited on it gets the error, the next
   * read loads again. The caller decides access before calling this: a load must give the same answer to
   * everyone who may join it (its key names every input).
   */
  through<T>(schoolId: string, key: string, load: () => Promise<T>, bytesOf: (value: T) => number): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const hit = this.get<T>(schoolId, key);
    if (hit !== undefined) return Promise.resolve(hit);
    const epoch = answersEpoch(schoolId);
    const flight = `${schoolId}|${key}|${epoch}`;
    const flying = this.inFlight.get(flight);
    if (flying) return flying as Promise<T>;
    const loading = load()
      .then((value) => {
        this.set(schoolId, key, value, bytesOf(value), epoch);
        return value;
      })
      .finally(() => this.inFlight.delete(flight));
    this.inFlight.set(flight, loading);
    return loading;
  }

  /** Loads running now, for tests. */
  loadsInFlight(): number {
    return this.inFlight.size;
  }

  /** Entries and their estimated bytes, for tests and the bench. */
  size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private drop(id: string, entry: Entry): void {
    this.entries.delete(id);
    this.bytes -= entry.bytes;
  }
}

/** Memory a string holds, at most (V8 keeps one byte per character for Latin-1 text, two otherwise). */
export const bytesOfText = (text: string): number => text.length * 2 + 64;

/** Memory an answer kept as an object holds, roughly: objects hold more than their JSON text. */
export const bytesOfObject = (value: unknown): number => 2 * bytesOfText(JSON.stringify(value) ?? '');
