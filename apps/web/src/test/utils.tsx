import type { Attachment } from '@lyceum/shared/files';
import type { AuthResponse, SessionSchool, SessionUser } from '@lyceum/shared/auth';
import type { SchoolResponse } from '@lyceum/shared/company';
import { DEFAULT_SCHOOL_LOCALE } from '@lyceum/shared/locale';
import type { Role } from '@lyceum/shared/roles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { AuthContext, type AuthState } from '../lib/auth';
import { page, RELOADED_AT_KEY } from '../lib/new-build';
import { createMutationCache } from '../lib/query-client';
import type { ApiResponses } from './api-responses';

export function makeUser(role: Role, overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: `user-${role}`,
    name: 'Ada Lovelace',
    email: `${role}@example.test`,
    role,
    schoolId: role.startsWith('company') || role === 'admin' ? null : 'school-1',
    phone: null,
    profileImage: null,
    language: null,
    firstVisit: false,
    ...overrides,
  };
}

/** A school in a test's auth state; its locale is the default unless the test is about it. */
export type TestSchool = Omit<SessionSchool, 'locale'> & Partial<Pick<SessionSchool, 'locale'>>;
const withLocale = (school: TestSchool | null): SessionSchool | null =>
  school && { locale: DEFAULT_SCHOOL_LOCALE, ...school };

export function authState(overrides: Partial<AuthState> = {}): AuthState {
  return {
    isLoading: false,
    user: null,
    school: null,
    unread: null,
    unreadMessages: null,
    mailVerificationRequired: null,
    error: null,
    offline: false,
    retry: vi.fn(),
    setSession: vi.fn(),
    ...overrides,
  };
}

export function signedIn(role: Role, school: TestSchool | null = null): AuthState {
  return authState({ user: makeUser(role), school: withLocale(school) });
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: createMutationCache(),
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY }, mutations: { retry: false } },
  });
}

interface RenderOptions {
  auth?: AuthState | null;
  path?: string;
  routes?: RouteObject[];
  queryClient?: QueryClient;
}

/** Renders inside a memory data router, a query client and (unless `auth: null`) a fixed auth state. */
export function renderWithProviders(
  ui: ReactNode,
  { auth = authState(), path = '/', routes, queryClient }: RenderOptions = {},
) {
  const client = queryClient ?? createTestQueryClient();
  const router = createMemoryRouter(routes ?? [{ path: '*', element: ui }], { initialEntries: [path] });
  const tree = (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
  const result = render(auth ? <AuthContext.Provider value={auth}>{tree}</AuthContext.Provider> : tree);
  return { ...result, router, queryClient: client };
}

/** A JSON answer that remembers the type of its body (at type level only), so a handler can be held to its contract. */
export interface JsonResponse<T> extends Response {
  readonly __body: T;
}
/** A failed answer: it fits every route. */
export interface ErrorResponse extends Response {
  readonly __error: true;
}

type Answer<T> = T | Promise<T>;
type TypedHandler<T> = (init: RequestInit & { url: string }) => Answer<JsonResponse<T> | ErrorResponse>;
type Handler = (init: RequestInit & { url: string }) => Answer<Response>;

/**
 * Handlers by `"METHOD /api/v1/path"`. A route listed in `ApiResponses` must answer with its contract's body
 * (`json(body)`) or with `apiError(...)`; other routes answer with any `Response`.
 */
export type MockHandlers = { [K in keyof ApiResponses]?: TypedHandler<ApiResponses[K]> } & Record<string, Handler>;

export function json<T>(body: T, status = 200): JsonResponse<T> {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  }) as JsonResponse<T>;
}

/** The server's error body (`{ error: { code, message, fields? } }`) with its status. */
export function apiError(
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
): ErrorResponse {
  return json({ error: { code, message, ...(fields ? { fields } : {}) } }, status) as unknown as ErrorResponse;
}

/** Stubs fetch with `"METHOD /api/v1/path"` handlers; unknown requests answer 404 and are recorded. */
export function mockFetch(handlers: MockHandlers) {
  const calls: Array<{ method: string; url: string; body: unknown; headers: Record<string, string> }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body, headers: (init.headers ?? {}) as Record<string, string> });
    const handler = (handlers as Record<string, Handler>)[`${method} ${url.split('?')[0]}`];
    if (!handler) return json({ error: { code: 'not_found', message: `No mock for ${method} ${url}` } }, 404);
    return handler({ ...init, url });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

export function authResponse(role: Role, school: TestSchool | null = null): AuthResponse {
  return { user: makeUser(role), school: withLocale(school) };
}

/** The server's answer to a wrong current password, as several tests need it. */
export function wrongPasswordResponse(): ErrorResponse {
  const message = 'The current password is incorrect.';
  return apiError(400, 'auth/wrong-password', message, { currentPassword: message });
}

/** `GET /school` for a school without White Label or add-ons; tests override what they are about. */
export function schoolResponse(overrides: Partial<SchoolResponse> = {}): SchoolResponse {
  return {
    name: 'Hill Valley High',
    address: null,
    phone: null,
    email: null,
    principalName: null,
    logo: null,
    brand: null,
    entitlements: [],
    subscriptionStatus: 'active',
    ...overrides,
  };
}

/** An uploaded PDF as `POST /attachments` answers it, for the pages that attach files. */
export const PDF_ATTACHMENT: Attachment = {
  id: '01900000-0000-7000-8000-0000000000f1',
  name: 'form.pdf',
  type: 'application/pdf',
  size: 2048,
  url: '/api/v1/attachments/01900000-0000-7000-8000-0000000000f1',
};

/**
 * The tab's reloads for a new build, watched rather than done (the test DOM cannot navigate), with no earlier reload
 * noted: each test starts with the reload allowed. vi.restoreAllMocks (setup.ts) ends the watch.
 */
export function watchReloads() {
  sessionStorage.removeItem(RELOADED_AT_KEY);
  return vi.spyOn(page, 'reload').mockImplementation(() => {});
}
