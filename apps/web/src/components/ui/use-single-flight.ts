import { useCallback, useRef, useState } from 'react';

/**
 * One click, one request, for an action button outside a form (Confirm a payment, Approve a request): a
 * mutation's `isPending` reaches the button only once TanStack has told its observers, in a later task, so the
 * second click of a double click still finds the button enabled and sends the request again (the server's guard
 * then answers 409, shown as an error right after the success). `run(key, action)` is taken synchronously by the
 * first click and given back when the action's promise settles; until then a click on the same `key` (a row's
 * id) does nothing, and `running(key)` is true for the button's spinner. A failure was already shown where the
 * mutation shows failures (the toast, or a confirm dialog), so `run` only waits for it.
 *
 * Forms have this already (react-hook-form's `isSubmitting`), and so does `ConfirmDialog`.
 */
export function useSingleFlight() {
  const taken = useRef(new Set<string>());
  const [running, setRunning] = useState<ReadonlySet<string>>(() => new Set());

  const run = useCallback((key: string, action: () => Promise<unknown>): void => {
    if (taken.current.has(key)) return;
    taken.current.add(key);
    setRunning(new Set(taken.current));
    const release = () => {
      taken.current.delete(key);
      setRunning(new Set(taken.current));
    };
    let started: Promise<unknown>;
    try {
      started = action();
    } catch (error) {
      release();
      throw error;
    }
    started.then(release, release);
  }, []);

  return { run, running: (key: string) => running.has(key) };
}
