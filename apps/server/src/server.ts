import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

/** Starts the server and closes it gracefully on SIGINT/SIGTERM (in-flight requests finish, the database closes). */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
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
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Lyceum is running at ${config.publicUrl}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
