import { API_BASE } from './api-client';

/**
 * A tab opened before a deploy still runs the old build, whose page code the server no longer has (a 404): only
 * a reload gets the new one (docs/product.md, "The route guard and redirects"). The app reloads by itself, but
 * at most once a minute, the time kept in this tab's sessionStorage: a file that is truly broken, or a server
 * still serving the old build, then shows the "new version" panel instead of reloading in a loop.
 */
export const RELOADED_AT_KEY = 'lyceum.new-build-reload';
export const RELOAD_GAP_MS = 60_000;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function store(): Store | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Whether the tab may reload now, noting the time if so. Without a store to note it in, never: it could loop. */
export function mayReload(storage: Store | null, now: number): boolean {
  if (!storage) return false;
  try {
    const last = Number(storage.getItem(RELOADED_AT_KEY));
    // A time ahead of now (the clock set back) guards nothing.
    if (last > 0 && last <= now && now - last < RELOAD_GAP_MS) return false;
    storage.setItem(RELOADED_AT_KEY, String(now));
    return true;
  } catch {
    return false;
  }
}

/** The browser's reload, apart so tests can watch it (the test DOM cannot navigate). */
export const page = { reload: () => window.location.reload() };

/** Reloads the tab for the new build unless it did so within RELOAD_GAP_MS; whether it reloads. */
export function reloadForNewBuild(now = Date.now()): boolean {
  if (!mayReload(store(), now)) return false;
  page.reload();
  return true;
}

/**
 * Whether the server answers. A page's code or texts that failed to load while it does are gone (a new version
 * was deployed and the old files with it): only a reload helps. While it does not, retrying the load will, and
 * a reload would only show the browser's error page.
 */
export async function serverAnswers(): Promise<boolean> {
  try {
    return (await fetch(`${API_BASE}/health`, { cache: 'no-store' })).ok;
  } catch {
    return false;
  }
}

/** A file of this build failed to load: if the server answers, the build was replaced, and the tab reloads once. */
export async function recoverFromLostFile(): Promise<boolean> {
  return (await serverAnswers()) && reloadForNewBuild();
}

/**
 * Vite's signal that a lazily loaded file (a chunk or its CSS) failed: every dynamic import outside the routes
 * too (the revenue chart, the sign-in form's rules, the server's messages). The error still reaches its caller
 * (LoadFailed's panel for a page), which shows while the reload is on its way or when the guard refuses it.
 */
export function listenForLostFiles(target: Pick<Window, 'addEventListener'> = window): void {
  target.addEventListener('vite:preloadError', () => void recoverFromLostFile());
}
