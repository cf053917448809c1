import { useMemo, useRef } from 'react';

/** A random v4 UUID; randomUUID exists only on https and localhost, getRandomValues everywhere. */
export function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface IntentKey {
  /** The Idempotency-Key of `request`: the one sent before while it is the same request, else a new one. */
  keyFor(request: unknown): string;
  /** The request was answered: the next one is a new intent. */
  done(): void;
}

/**
 * One Idempotency-Key per intent of the user (docs/product.md, "Billing: what is due"): the request sent again as
 * it was (a second click after an answer lost to the network) carries the key it carried, so the server does it
 * once; once answered, or changed (another length typed), it is another intent and gets another key.
 */
export function useIntentKey(): IntentKey {
  const last = useRef<{ request: string; key: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(request) {
        const text = JSON.stringify(request);
        if (last.current?.request !== text) last.current = { request: text, key: newKey() };
        return last.current.key;
      },
      done() {
        last.current = null;
      },
    }),
    [],
  );
}
