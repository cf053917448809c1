import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { DatabaseHandle, Tx } from './db/client.ts';
import type { AfterReply } from './lib/after-reply.ts';
import type { AnswerCache } from './lib/answer-cache.ts';
import type { DailyLimit } from './lib/daily-limit.ts';
import type { MailDispatcher } from './db/mail.ts';
import type { LiveEventHub } from './lib/live-events.ts';
import type { StorageDriver } from './lib/storage/index.ts';

/** What buildApp() (app.ts) builds once and hands to every service as its first argument (`app.deps`). */
export interface Deps {
  config: Config;
  database: DatabaseHandle;
  db: DatabaseHandle['db'];
  mail: MailDispatcher;
  storage: StorageDriver;
  /** This process's end of the live events channel (one LISTEN connection, the open streams). */
  live: LiveEventHub;
  log: FastifyBaseLogger;
  /**
   * The company module's "this school may be used" rule, read by sign-in. Injected by app.ts so that auth,
   * which company depends on, does not depend on company in turn.
   */
  subscriptionGate: (tx: Tx, schoolId: string, now: Date) => Promise<boolean>;
  /** This process's cache of the school day's hot answers (register, history, dashboards, student and class lists). */
  answers: AnswerCache;
  /**
   * Now, for the school-day figures (today, days left), the times read against them (sign-in, a sign-up's trial)
   * and every rule of the subscriptions (expiry, renewal, the session and API-key gates, entitlements, the school's
   * status, usage's and metering's month, revenue's today, a payment's date); tests set it to stand either side of
   * a midnight or an end date. SQL gets it as a parameter (`instantSql`), never the database's now().
   */
  clock: () => Date;
  /**
   * Schools signed up per client address today, in this process (`SIGNUP_DAILY_LIMIT_PER_ADDRESS`; docs/security.md,
   * "Public entry points"). Counted by this process's clock above.
   */
  signups: DailyLimit;
  /**
   * Changes each school on a trial made today, in this process (TRIAL_CHANGES_PER_DAY; docs/security.md, "Trial
   * caps on what a school writes"). Counted by this process's clock above.
   */
  trialChanges: DailyLimit;
  /** Work started after a reply is sent (lib/after-reply.ts); tests await `settled()` for what it wrote. */
  afterReply: AfterReply;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
