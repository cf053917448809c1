import type { AuthResponse, SessionResponse, SessionSchool, SessionUser } from '@lyceum/shared/auth';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { forgetDrafts } from '../features/attendance/lib/draft-store';
import { ApiError, api, isApiError, setUnauthorizedHandler } from './api-client';
import { translate } from './i18n/i18n';
import { shouldRetry } from './query-client';
import { forgetTabUser, rememberTabUser } from './tab-user';

/** The client auth state (docs/product.md, "Your own profile"): loading, then authenticated (user, school) or not. */
export interface AuthState {
  isLoading: boolean;
  user: SessionUser | null;
  school: SessionSchool | null;
  /** The bell's unread count as of the session request; null when the session came from elsewhere (sign-in). */
  unread: number | null;
  /** The Messages badge's count as of the session request (school users); null when unknown. */
  unreadMessages: number | null;
  /** Whether a school admin's address waits for confirmation, as of the session request; null when unknown. */
  mailVerificationRequired: boolean | null;
  /** The profile could not be loaded for another reason than being signed out (network, 5xx). */
  error: Error | null;
  /**
   * The profile could not be asked for: no network (the browser says so, or the request got no answer). Not
   * signed out; the session is read again as soon as the connection returns.
   */
  offline: boolean;
  retry: () => void;
  /** Store a fresh session (after login, signup or a profile update) or clear it (`null`). */
  setSession: (session: AuthResponse | null) => void;
}

export const AuthContext = createContext<AuthState | null>(null);

export const authKeys = { me: ['auth', 'me'] as const };

/**
 * The cached session: `GET /auth/me` (one request per fresh page load for what every page needs: user, school
 * with its brand, unread count), or the auth state a sign-in or profile change answered (without `unread`).
 */
export type Session = AuthResponse &
  Partial<Pick<SessionResponse, 'unread' | 'unreadMessages' | 'mailVerificationRequired'>>;

/** A session read that hangs (a bad connection) counts as no network, so the offline page can show. */
const SESSION_READ_TIMEOUT_MS = 10_000;

export async function getMe(signal?: AbortSignal): Promise<Session | null> {
  try {
    return await api.get<Session>('/auth/me', { signal, timeoutMs: SESSION_READ_TIMEOUT_MS });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = queryOptions({
  queryKey: authKeys.me,
  queryFn: ({ signal }) => getMe(signal),
  staleTime: 5 * 60_000,
  retry: shouldRetry,
});

/**
 * Answers that are the same whoever asks (`GET /plans`, public): kept across a change of session, so the
 * sign-up page that shows them does not ask again as the new session replaces the old.
 */
const SESSION_FREE_KEYS: readonly unknown[] = [authKeys.me[0], 'plans'];

/** Replaces the session and drops every cached answer that belonged to the previous one. */
export function replaceSession(queryClient: QueryClient, session: AuthResponse | null): void {
  queryClient.setQueryData<Session | null>(authKeys.me, session);
  queryClient.removeQueries({ predicate: (query) => !SESSION_FREE_KEYS.includes(query.queryKey[0]) });
  // A sign-in or sign-up answer carries the user but not what the session read adds (the school's White Label
  // brand, the unread count): read it once in the background, so the brand shows without a reload.
  if (session && !('unread' in session)) void queryClient.invalidateQueries({ queryKey: authKeys.me });
}

/**
 * True from the moment the user signs out until the login page has forgotten the session: the 401s that other
 * calls still in flight get meanwhile are the sign-out itself, not an expired session, so they neither clear
 * the session early (the route guard would send the page being left to /login?redirectTo=…) nor toast.
 */
let signingOut = false;

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const me = useQuery(meQueryOptions);
  const { refetch } = me;

  const setSession = useCallback((session: AuthResponse | null) => replaceSession(queryClient, session), [queryClient]);

  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        if (signingOut || !queryClient.getQueryData(authKeys.me)) return;
        replaceSession(queryClient, null);
        toast.error(translate('common', 'errors.sessionExpired'), { id: 'session-expired' });
      }),
    [queryClient],
  );

  // Whose unsent marks the offline page may show after a reload (lib/tab-user.ts); null is signed out.
  const userId = me.data?.user.id;
  const signedOut = me.data === null;
  useEffect(() => {
    if (userId) rememberTabUser(userId);
    else if (signedOut) forgetTabUser();
  }, [userId, signedOut]);

  const offline =
    me.data === undefined && (me.fetchStatus === 'paused' || (isApiError(me.error) && me.error.status === 0));

  // Back online, the session is asked for again. The query's own reconnect does not always: a page loaded
  // without a network starts "online" in React Query's eyes, so the browser's 'online' event changes nothing there.
  useEffect(() => {
    if (!offline) return;
    const again = () => void refetch();
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [offline, refetch]);

  const value = useMemo<AuthState>(
    () => ({
      isLoading: me.isPending,
      user: me.data?.user ?? null,
      school: me.data?.school ?? null,
      unread: me.data?.unread ?? null,
      unreadMessages: me.data?.unreadMessages ?? null,
      mailVerificationRequired: me.data?.mailVerificationRequired ?? null,
      error: me.data ? null : me.error,
      offline,
      retry: () => void refetch(),
      setSession,
    }),
    [me.isPending, me.data, me.error, offline, refetch, setSession],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/**
 * Same session, fresher profile (a profile, picture or language change answers the auth state): keeps what
 * only `GET /auth/me` carries, the school's brand and mail flag and the unread count, instead of dropping them.
 */
export function refreshSessionProfile(queryClient: QueryClient, session: AuthResponse): void {
  queryClient.setQueryData<Session | null>(authKeys.me, (previous) => ({
    ...session,
    school: session.school && {
      ...session.school,
      brand: session.school.brand ?? previous?.school?.brand ?? null,
      ...(previous?.school?.mailAllowed === undefined ? {} : { mailAllowed: previous.school.mailAllowed }),
    },
    ...(previous?.unread === undefined ? {} : { unread: previous.unread }),
    ...(previous?.unreadMessages === undefined ? {} : { unreadMessages: previous.unreadMessages }),
    ...(previous?.mailVerificationRequired === undefined
      ? {}
      : { mailVerificationRequired: previous.mailVerificationRequired }),
  }));
}

/** Moves the session's unread count (the bell's badge before its list is loaded); no-op when it is unknown. */
export function adjustSessionUnread(queryClient: QueryClient, change: (unread: number) => number): void {
  queryClient.setQueryData<Session | null>(authKeys.me, (session) =>
    session && session.unread !== undefined ? { ...session, unread: Math.max(0, change(session.unread)) } : session,
  );
}

/** The auth state, or `null` outside an AuthProvider. */
export function useAuthContext(): AuthState | null {
  return useContext(AuthContext);
}

export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside <AuthProvider>');
  return auth;
}

/**
 * Signs out in two steps: the server session ends and the app leaves for /login while still holding the
 * user; the login page then forgets the session (useCompleteSignOut). Clearing it here instead would let the
 * still-mounted route guard redirect first, to /login?redirectTo=… of the page being left.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    signingOut = true;
    // The shell goes first: ending the session also ends its live stream, whose reconnect re-reads the session,
    // and a 401 there would let the route guard send the page to /login?redirectTo=… before we leave it.
    await navigate('/login', { replace: true, state: { signedOut: true } });
    try {
      await api.post<void>('/auth/logout');
    } catch {
      // Signed out locally either way; the server session expires on its own.
    }
  }, [navigate]);
}

/** Second step of useLogout, run by the login page once the protected shell has unmounted. */
export function useCompleteSignOut(signedOut: boolean): void {
  const queryClient = useQueryClient();
  const auth = useContext(AuthContext);
  const userId = auth?.user?.id;
  useEffect(() => {
    if (signedOut && userId) {
      // Marks set but not submitted stay only in the session of who set them: a device handed on after a
      // sign-out keeps none of them (docs/product.md, "Attendance on a bad connection"). Here, once the mark
      // page has gone (it writes its draft as it goes).
      forgetDrafts(userId);
      replaceSession(queryClient, null);
    }
    if (signedOut) signingOut = false;
  }, [signedOut, userId, queryClient]);
}
