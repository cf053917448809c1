/** Only same-app paths are followed after login, never another origin (`//evil.example`). */
export function safeRedirectPath(value: string | null | undefined, fallback = '/dashboard'): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (value === '/login' || value.startsWith('/login/') || value.startsWith('/login?')) return fallback;
  return value;
}

export function loginPathFor(intended: string): string {
  if (intended === '/' || intended === '/dashboard') return '/login';
  return `/login?redirectTo=${encodeURIComponent(intended)}`;
}
