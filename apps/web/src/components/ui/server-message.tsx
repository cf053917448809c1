import { useServerMessage } from '../../lib/i18n/server-messages';

/**
 * A shared or server message (its English text is its id) in the UI language, as plain text. Its language's
 * table loads the first time one is shown, so render it only where such a message is shown.
 */
export function ServerMessage({ message }: { message: string }) {
  const inUiLanguage = useServerMessage();
  return inUiLanguage(message);
}
