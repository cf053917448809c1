import type { Message } from '@lyceum/shared/messages';
import { useState } from 'react';
import { useT } from '../../../lib/i18n/i18n';

/**
 * Says politely the messages others send while the conversation is open (docs/product.md, "Messages"): a
 * screen reader user in the thread learns that a reply came. Only those newer than the newest shown when the
 * thread first loaded: not the history on opening, nor older pages loaded above, nor the reader's own.
 */
export function ArrivalsLog({ messages }: { messages: readonly Message[] | undefined }) {
  const { t } = useT('messages');
  const [since, setSince] = useState<string | null>(null);
  if (messages && since === null) setSince(messages.at(-1)?.createdAt ?? '');
  const arrived = since === null ? [] : (messages ?? []).filter((m) => !m.mine && m.createdAt > since);
  return (
    <div role="log" aria-live="polite" className="sr-only">
      {arrived.map((m) => (
        <p key={m.id}>
          {m.body
            ? t('thread.arrived', { name: m.senderName, body: m.body })
            : t('thread.arrivedFiles', { name: m.senderName })}
        </p>
      ))}
    </div>
  );
}
