import type { ReactNode } from 'react';

/**
 * Text written left to right in every language: a phone number, a temporary password, a code. It is isolated
 * as left-to-right text, so a right-to-left page shows it as written (docs/product.md, "In the web app"):
 * unisolated, `06 11 22 33 44` is drawn `44 33 22 11 06` and a password's leading `%` moves to its end.
 */
export function LtrText({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <bdi dir="ltr" className={className}>
      {children}
    </bdi>
  );
}

/** A phone number as written, or a dash when there is none. */
export function PhoneText({ phone }: { phone: string | null | undefined }) {
  return phone ? <LtrText>{phone}</LtrText> : '—';
}
