/**
 * At most `size` of some costly work at once; the rest wait their turn in arrival order. For password hashing
 * (argon2id takes about 19 MB and a core for a few tens of milliseconds per hash): more at once than there are
 * cores is no faster, only more memory, and a flood of sign-ins must not be able to take the server's memory.
 */
export class Slots {
  #free: number;
  readonly #waiting: (() => void)[] = [];
  #busy = 0;
  #started = 0;

  constructor(readonly size: number) {
    this.#free = size;
  }

  /** How many are running now. */
  get busy(): number {
    return this.#busy;
  }

  /** How many have started since the process began (tells, without a clock, how much work a request did). */
  get started(): number {
    return this.#started;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#free > 0) this.#free--;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#busy++;
    this.#started++;
    try {
      return await work();
    } finally {
      this.#busy--;
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free++;
    }
  }
}
