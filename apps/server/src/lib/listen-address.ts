import { createServer } from 'node:net';
import { StartupError } from './startup-error.ts';

/**
 * Where the server listens. The demo accounts share a password printed in the README, so with the demo data the
 * server answers only on this machine unless the operator chose an address, and a reachable address with the
 * demo data needs DEMO_SEED=true to say it is meant.
 */
export const LOOPBACK_HOST = '127.0.0.1';
const ALL_INTERFACES = '0.0.0.0';

export function isLoopback(host: string): boolean {
  const h = host.trim().toLowerCase();
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || /^::ffff:127(\.\d{1,3}){3}$/.test(h);
}

/**
 * `host`: HOST as set (undefined when unset); `demoSeed`: whether the demo data is seeded;
 * `demoSeedSetting`: DEMO_SEED as set. Returns the address to listen on, or why the server must not start.
 */
export function listenHost(
  host: string | undefined,
  demoSeed: boolean,
  demoSeedSetting: string | undefined,
): { host: string } | { problem: string } {
  if (host === undefined) return { host: demoSeed ? LOOPBACK_HOST : ALL_INTERFACES };
  if (!demoSeed || isLoopback(host) || demoSeedSetting === 'true') return { host };
  return {
    problem:
      `HOST=${host} would let other machines sign in with the demo accounts, whose password is published. ` +
      'Set DEMO_SEED=false to start without the demo data, or DEMO_SEED=true to expose the demo on purpose.',
  };
}

/** Why the server cannot listen on host:port, in one line for the operator; undefined for any other error. */
export function listenProblem(err: unknown, port: number, host: string): string | undefined {
  switch ((err as NodeJS.ErrnoException).code) {
    case 'EADDRINUSE':
      return `Port ${port} is in use on ${host}: stop the process that holds it, or set PORT to a free port.`;
    case 'EACCES':
      return `Port ${port} needs privileges this user does not have: set PORT to 1024 or above.`;
    case 'EADDRNOTAVAIL':
      return `HOST=${host} is not an address of this machine: set HOST to one of its addresses, or leave it unset.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return `HOST=${host} does not resolve to an address of this machine: set HOST to one of its addresses, or leave it unset.`;
    default:
      return undefined;
  }
}

/**
 * Binds host:port and lets it go again, so that a taken port stops the start at once, before the database is
 * opened and the demo seeded (which takes most of a minute on a small machine). Throws StartupError.
 */
export async function checkPortFree(port: number, host: string): Promise<void> {
  const probe = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen({ port, host, exclusive: true }, resolve);
    });
  } catch (err) {
    const problem = listenProblem(err, port, host);
    throw problem ? new StartupError(problem) : err;
  }
  await new Promise((resolve) => probe.close(resolve));
}
