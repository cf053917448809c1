import { afterEach, describe, expect, it, vi } from 'vitest';
import { cacheName, isKeptAsset, isStaleCache, networkOrShell, routeOf } from './routing';

const ORIGIN = 'https://school.example';
const get = (path: string, mode = 'cors') => ({ method: 'GET', url: `${ORIGIN}${path}`, mode });

describe('the service worker routes (docs/security.md, "The offline app shell")', () => {
  it('answers page navigations network first with the shell as fallback, hashed assets from the cache', () => {
    expect(routeOf(get('/attendance/mark', 'navigate'), ORIGIN)).toBe('shell');
    expect(routeOf(get('/', 'navigate'), ORIGIN)).toBe('shell');
    expect(routeOf(get('/assets/index-abc123.js', 'no-cors'), ORIGIN)).toBe('asset');
    expect(routeOf(get('/assets/index-abc123.css'), ORIGIN)).toBe('asset');
  });

  it('never touches the API, even a navigation to it: people’s data stays out of the cache', () => {
    expect(routeOf(get('/api/v1/auth/me'), ORIGIN)).toBe('pass');
    expect(routeOf(get('/api/v1/attendance/options'), ORIGIN)).toBe('pass');
    expect(routeOf(get('/api/v1/files/abc/download', 'navigate'), ORIGIN)).toBe('pass');
    expect(routeOf(get('/api/docs', 'navigate'), ORIGIN)).toBe('pass');
    expect(routeOf(get('/api', 'navigate'), ORIGIN)).toBe('pass');
  });

  it('leaves other origins, writes and other files alone', () => {
    expect(routeOf({ method: 'GET', url: 'https://cdn.example/assets/logo.png', mode: 'no-cors' }, ORIGIN)).toBe(
      'pass',
    );
    expect(routeOf({ method: 'GET', url: 'https://cdn.example/page', mode: 'navigate' }, ORIGIN)).toBe('pass');
    expect(routeOf({ method: 'POST', url: `${ORIGIN}/assets/x.js`, mode: 'cors' }, ORIGIN)).toBe('pass');
    expect(routeOf({ method: 'POST', url: `${ORIGIN}/login`, mode: 'navigate' }, ORIGIN)).toBe('pass');
    expect(routeOf(get('/sw.js'), ORIGIN)).toBe('pass');
    expect(routeOf(get('/favicon.svg', 'no-cors'), ORIGIN)).toBe('pass');
    expect(routeOf({ method: 'GET', url: 'not a url', mode: 'navigate' }, ORIGIN)).toBe('pass');
  });

  it("keeps a fetched asset only when the server had it: an older build's name is a 404, or a page from a proxy", () => {
    const answer = (ok: boolean, type: string, contentType: string | null) => ({
      ok,
      type,
      headers: { get: (name: string) => (name === 'content-type' ? contentType : null) },
    });
    expect(isKeptAsset(answer(true, 'basic', 'application/javascript; charset=utf-8'))).toBe(true);
    expect(isKeptAsset(answer(true, 'basic', 'text/html; charset=utf-8'))).toBe(false);
    expect(isKeptAsset(answer(false, 'basic', 'application/javascript'))).toBe(false);
    expect(isKeptAsset(answer(false, 'basic', 'application/json; charset=utf-8'))).toBe(false);
    expect(isKeptAsset(answer(true, 'opaque', null))).toBe(false);
  });

  it('deletes older builds’ caches on activate, never its own or another app’s', () => {
    expect(isStaleCache(cacheName('old'), 'new')).toBe(true);
    expect(isStaleCache(cacheName('new'), 'new')).toBe(false);
    expect(isStaleCache('someone-else', 'new')).toBe(false);
  });
});

describe('a page load on a bad connection', () => {
  afterEach(() => vi.useRealTimers());
  const never = () => new Promise<string>(() => {});

  it("answers the network's page when it comes in time", async () => {
    await expect(networkOrShell(Promise.resolve('network'), async () => 'shell', 4000)).resolves.toBe('network');
  });

  it('answers the cached shell when the network fails, and the failure when there is no shell', async () => {
    const failed = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(networkOrShell(failed(), async () => 'shell', 4000)).resolves.toBe('shell');
    await expect(networkOrShell(failed(), async () => undefined, 4000)).rejects.toThrow('Failed to fetch');
  });

  it('answers the cached shell once the network has hung for the wait, not before', async () => {
    vi.useFakeTimers();
    let answer: string | undefined;
    void networkOrShell(never(), async () => 'shell', 4000).then((a) => {
      answer = a;
    });
    await vi.advanceTimersByTimeAsync(3999);
    expect(answer).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(answer).toBe('shell');
  });

  it('keeps waiting for the network past the wait when nothing is cached', async () => {
    vi.useFakeTimers();
    let resolve: (v: string) => void = () => {};
    const slow = new Promise<string>((r) => {
      resolve = r;
    });
    let answer: string | undefined;
    void networkOrShell(slow, async () => undefined, 4000).then((a) => {
      answer = a;
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(answer).toBeUndefined();
    resolve('network');
    await vi.advanceTimersByTimeAsync(0);
    expect(answer).toBe('network');
  });
});
