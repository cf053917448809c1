/**
 * The id of the user signed in in this tab, kept in sessionStorage (docs/security.md, "The offline app shell"):
 * after a reload without a network the session cannot be asked for, and this id alone tells whose unsent
 * attendance marks the offline page may show. Only the id (the same one every kept submission already
 * carries); never a name, a role or a school. Forgotten at sign-out, when the session ends, and with the tab.
 */
const KEY = 'lyceum.tab-user';

function store(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function rememberTabUser(userId: string): void {
  try {
    store()?.setItem(KEY, userId);
  } catch {
    // A browser that keeps nothing shows no marks offline; the marks themselves are kept elsewhere.
  }
}

export function forgetTabUser(): void {
  store()?.removeItem(KEY);
}

export function tabUser(): string | null {
  return store()?.getItem(KEY) ?? null;
}
