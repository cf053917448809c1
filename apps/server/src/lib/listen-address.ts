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
