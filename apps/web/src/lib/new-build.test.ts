import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, watchReloads } from '../test/utils';
import {
  listenForLostFiles,
  mayReload,
  RELOAD_GAP_MS,
  RELOADED_AT_KEY as KEY,
  recoverFromLostFile,
  reloadForNewBuild,
} from './new-build';

function memoryStore() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('the reload for a new build (docs/product.md, "The route guard and redirects")', () => {
  let reload: ReturnType<typeof watchReloads>;
  beforeEach(() => {
    reload = watchReloads();
  });
  afterEach(() => sessionStorage.removeItem(KEY));

  it('allows one reload a minute, so a file that is truly broken does not reload in a loop', () => {
    const store = memoryStore();
    const start = 1_000_000;
    expect(mayReload(store, start)).toBe(true);
    expect(mayReload(store, start + 1)).toBe(false);
    expect(mayReload(store, start + RELOAD_GAP_MS - 1)).toBe(false);
    expect(mayReload(store, start + RELOAD_GAP_MS)).toBe(true);
    expect(mayReload(store, start + RELOAD_GAP_MS + 10_000)).toBe(false);
  });

  it('never reloads without a store to note it in, and ignores a time it cannot read or that is ahead of now', () => {
    expect(mayReload(null, 1_000_000)).toBe(false);
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('QuotaExceededError');
      },
    };
    expect(mayReload(refusing, 1_000_000)).toBe(false);
    const store = memoryStore();
    store.setItem(KEY, 'not a time');
    expect(mayReload(store, 1_000_000)).toBe(true);
    store.setItem(KEY, String(5_000_000)); // the clock was set back since
    expect(mayReload(store, 1_000_000)).toBe(true);
  });

  it("reloads the tab once, noted in this tab's sessionStorage, and again only after the gap", () => {
    const now = Date.now();
    expect(reloadForNewBuild(now)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(KEY)).toBe(String(now));
    // The page reloaded and its file is still missing: no second reload.
    expect(reloadForNewBuild(now + 10_000)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadForNewBuild(now + RELOAD_GAP_MS + 1)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('reloads for a lost file only when the server answers: offline, a reload would show the browser error page', async () => {
    let up = false;
    mockFetch({ 'GET /api/v1/health': () => (up ? json({ status: 'ok' }) : Promise.reject(new TypeError('Failed'))) });
    expect(await recoverFromLostFile()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(KEY)).toBeNull();
    up = true;
    expect(await recoverFromLostFile()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("reloads on Vite's vite:preloadError, the signal of a lazily loaded file that failed", async () => {
    const { fetchMock } = mockFetch({ 'GET /api/v1/health': () => json({ status: 'ok' }) });
    const target = new EventTarget();
    listenForLostFiles(target);
    target.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // A second lost file right after (the reload under way, or the new build's own file broken): no loop.
    target.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
