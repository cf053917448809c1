import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, wrongPasswordResponse, apiError } from '../test/utils';
import { ApiError, api, setUnauthorizedHandler } from './api-client';

describe('api client', () => {
  let unregister: (() => void) | undefined;
  afterEach(() => unregister?.());

  it('sends JSON with the content type, even for an empty body, and same-origin credentials', async () => {
    const { fetchMock } = mockFetch({
      'POST /api/v1/notifications/read-all': () => new Response(null, { status: 204 }),
    });
    await expect(api.post('/notifications/read-all')).resolves.toBeUndefined();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/notifications/read-all');
    expect(init.body).toBe('{}');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(init.credentials).toBe('same-origin');
  });

  it('throws a typed ApiError with code, message, fields and status', async () => {
    mockFetch({
      'POST /api/v1/auth/change-password': wrongPasswordResponse,
    });
    const error = await api.post('/auth/change-password', { currentPassword: 'x', newPassword: 'y' }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'auth/wrong-password',
      message: 'The current password is incorrect.',
      fields: { currentPassword: 'The current password is incorrect.' },
    });
  });

  it('turns a network failure or a non-JSON 5xx into an "unavailable" ApiError', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('/dashboard')).rejects.toMatchObject({ status: 0, code: 'network' });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('<html>', { status: 502 })));
    await expect(api.get('/dashboard')).rejects.toMatchObject({ status: 502, code: 'unavailable' });
  });

  it('calls the 401 handler for any call except /auth/me and /auth/login', async () => {
    const onUnauthorized = vi.fn();
    unregister = setUnauthorizedHandler(onUnauthorized);
    const unauthenticated = () => apiError(401, 'unauthenticated', 'Signed out');
    mockFetch({
      'GET /api/v1/auth/me': unauthenticated,
      'POST /api/v1/auth/login': unauthenticated,
      'GET /api/v1/dashboard': unauthenticated,
    });
    await expect(api.get('/auth/me')).rejects.toMatchObject({ status: 401 });
    await expect(api.post('/auth/login', {})).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
    await expect(api.get('/dashboard?x=1')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  describe('a connection that hangs', () => {
    /** A fetch that never answers, and fails as a browser's does when its signal aborts. */
    const hanging = () =>
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      );
    afterEach(() => vi.useRealTimers());

    it('gives up after the timeout as if there were no network, so the call can be kept and retried', async () => {
      vi.useFakeTimers();
      vi.stubGlobal('fetch', hanging());
      const answer = api.post('/attendance', {}, { timeoutMs: 15_000 }).catch((e) => e);
      await vi.advanceTimersByTimeAsync(14_999);
      let settled = false;
      void answer.then(() => {
        settled = true;
      });
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await answer).toMatchObject({ status: 0, code: 'network' });
    });

    it("still answers the caller's own abort as an abort, and waits for ever without a timeout", async () => {
      vi.useFakeTimers();
      vi.stubGlobal('fetch', hanging());
      const controller = new AbortController();
      const aborted = api.get('/dashboard', { signal: controller.signal, timeoutMs: 10_000 }).catch((e) => e);
      controller.abort();
      expect(await aborted).toMatchObject({ name: 'AbortError' });
      let settled = false;
      void api.get('/dashboard').finally(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(600_000);
      expect(settled).toBe(false);
    });
  });
});
