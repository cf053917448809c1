import { useServerMessage } from '../../lib/i18n/server-messages';

/**
 * A control's inline error, referenced by its `aria-describedby`. The message comes from a shared zod schema
 * (checked in the browser) or from the server, so it is shown through the shared-message table.
 */
export function FieldError({ id, message }: { id: string; message: string }) {
  const inUiLanguage = useServerMessage();
  return (
    <p id={`${id}-error`} className="text-xs font-medium text-red-600">
      {inUiLanguage(message)}
    </p>
  );
}
