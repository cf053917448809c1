import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { checkPortFree, listenProblem } from './lib/listen-address.ts';
import { StartupError } from './lib/startup-error.ts';
import { startupSummary } from './lib/startup-summary.ts';
import { issueSetupCode, setupCodeNotice } from './modules/auth/index.ts';

/**
 * Starts the server and closes it gracefully on SIGINT, SIGTERM or SIGHUP (in-flight requests finish, the database
 * closes and DATA_DIR/db.lock goes). SIGHUP too: a closed terminal or a supervisor sends it, and Node's default
 * for it is to die on the spot, leaving the embedded database unclosed (README.md, "Run it").
 */
async function main(): Promise<void> {
  const config = loadConfig();
  // Before the database: a taken port must not wait for migrations and the demo seed to be reported.
  await checkPortFree(config.port, config.host);
  const app = await buildApp(config);
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void close(signal));
  await listen(app, config.port, config.host);
  for (const line of startupSummary(config, app.startup, listeningOn(app))) app.log[line.level](line.msg);
  const setupCode = await issueSetupCode(app.deps.db);
  if (setupCode) app.log.warn(setupCodeNotice(config.publicUrl, setupCode));
  // SMTP settings are otherwise first tried by the first mail: a wrong host or password is said at start.
  void app.deps.mail.check().then((problem) => problem && app.log.warn(problem));
}

/** `127.0.0.1:3000`, `[::]:3000`: the address the socket is bound to. */
function listeningOn(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') return String(address);
  return `${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
}

/** Another process may still take the port while the database opens: that too is one line, after a clean close. */
async function listen(app: FastifyInstance, port: number, host: string): Promise<void> {
  try {
    await app.listen({ port, host });
  } catch (err) {
    const problem = listenProblem(err, port, host);
    if (!problem) throw err;
    await app.close();
    throw new StartupError(problem);
  }
}

main().catch((err) => {
  // A bad setting or an operator's mistake (README.md, "Configuration"): one line, no stack.
  console.error(err instanceof ConfigError || err instanceof StartupError ? err.message : err);
  process.exit(1);
});
