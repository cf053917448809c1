import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, chromium, type Page } from 'playwright-core';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SCREENSHOTS = path.join(ROOT, 'test-results', 'screenshots');

const CHROMIUM_CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
  Boolean,
) as string[];

/** Flags that keep Chromium from reaching for the network this machine does not have. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function chromiumPath(): string {
  const found = CHROMIUM_CANDIDATES.find((p) => existsSync(p));
  if (!found) throw new Error('Chromium not found: run `bash scripts/install-browser.sh` (Debian package chromium).');
  return found;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface StartedServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** The real server on a fresh embedded database with the demo seed, serving the built web app. */
export async function startServer(): Promise<StartedServer> {
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` first.');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lyceum-e2e-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'apps/server/src/server.ts')],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  // If this process dies before stop(), the server must not outlive it (it holds our stdout open).
  const killServer = () => child.kill('SIGKILL');
  process.once('exit', killServer);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not become healthy in 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    stop: () =>
      new Promise((resolve) => {
        process.off('exit', killServer);
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
}

/** A page in its own browser context (cookies are per context), closed together with it. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number } = { width: 1280, height: 800 },
): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  // Closing the browser closes every page first; the context is then already going away, so its close may reject.
  page.on('close', () => {
    context.close().catch(() => undefined);
  });
  return page;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** Fails on serious or critical accessibility violations (axe). */
export async function assertAccessible(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length > 0) {
    const detail = bad.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join('; ')}`,
    );
    throw new Error(`accessibility violations on ${where}:\n  ${detail.join('\n  ')}`);
  }
}

export interface Journey {
  name: string;
  run(ctx: { browser: Browser; server: StartedServer }): Promise<void>;
}

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

export function assertEqual<T>(actual: T, expected: T, message: string): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    throw new Error(`${message}\n  expected: ${JSON.stringify(expected)}\n  actual:   ${JSON.stringify(actual)}`);
  }
}

/**
 * The newest e-mail to `to` in the server's outbox (DATA_DIR/mail/*.eml, written when no SMTP_URL is set),
 * waiting up to `timeoutMs` for it to be delivered. Returns the whole message text.
 */
export async function waitForMail(server: StartedServer, to: string, timeoutMs = 15_000): Promise<string> {
  const dir = path.join(server.dataDir, 'mail');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
    const found = files
      .map((f) => readFileSync(path.join(dir, f), 'utf8'))
      .filter((text) => text.split('\r\n').some((line) => line.toLowerCase() === `to: ${to.toLowerCase()}`));
    if (found.length > 0) return found[found.length - 1] as string;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} in ${dir} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
