import type { Contact } from '@lyceum/shared/messages';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/i18n';

/**
 * The people a contact search found (the server's list of those the caller may message), with its loading,
 * error and nobody-found states: one list for the new-message dialog and the group member picker, each
 * rendering its own row.
 */
export function ContactResults({
  contacts,
  shown,
  children,
}: {
  contacts: UseQueryResult<unknown>;
  /** The found people this list offers (all of them, or those not chosen already). */
  shown: readonly Contact[];
  children: (contact: Contact) => ReactNode;
}) {
  const { t } = useT('messages');
  // Said politely as the search narrows the list; kept in place across the states below so each new count is heard.
  const found = (
    <p role="status" className="sr-only">
      {contacts.isPending || contacts.isError ? '' : t('compose.found', { count: shown.length })}
    </p>
  );
  if (contacts.isPending)
    return (
      <>
        {found}
        <div className="flex justify-center p-3" role="status" aria-label={t('compose.loading')}>
          <Spinner className="size-5" />
        </div>
      </>
    );
  if (contacts.isError)
    return (
      <>
        {found}
        <p className="p-3 text-sm text-red-700" role="alert">
          {errorMessage(contacts.error)}
        </p>
      </>
    );
  if (shown.length === 0)
    return (
      <>
        {found}
        <p className="p-3 text-sm text-slate-500">{t('compose.none')}</p>
      </>
    );
  return (
    <>
      {found}
      <ul className="divide-y divide-slate-100" aria-label={t('compose.people')}>
        {shown.map((c) => (
          <li key={c.id}>{children(c)}</li>
        ))}
      </ul>
    </>
  );
}
