import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { MailDispatcher } from './db/mail.ts';
import type { LiveEventHub } from './lib/live-events.ts';
import type { StorageDriver } from './lib/storage/index.ts';
import type { AuthService } from './modules/auth/index.ts';

/** What buildApp() (app.ts) builds once and hands to routes (`app.deps`) and to the services that need it. */
export interface Deps {
  config: Config;
  database: DatabaseHandle;
  db: DatabaseHandle['db'];
  mail: MailDispatcher;
  auth: AuthService;
  storage: StorageDriver;
  /** This process's end of the live events channel (one LISTEN connection, the open streams). */
  live: LiveEventHub;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
