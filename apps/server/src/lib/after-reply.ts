import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a route starts once its answer is on its way, so the answer's timing says nothing about what the work
 * found (docs/security.md, "Public entry points": /forgot-password). A failure is logged, never answered.
 * `settled()` waits for everything started so far: the app waits for it before closing the database, and tests
 * for what the work wrote.
 */
export class AfterReply {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Runs `work` on the next turn of the event loop, after the current reply has been written. */
  run(what: string, work: () => Promise<unknown>): void {
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .then(
        () => undefined,
        (err: unknown) => this.log.error({ err }, `${what} failed after its reply`),
      )
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }
}
