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
});
