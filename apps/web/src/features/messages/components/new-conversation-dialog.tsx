import { useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { SearchInput } from '../../../components/ui/search-input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/i18n';
import { useContacts, useStartConversation } from '../api/messages-api';
import { useRoleLabel } from './role-label';

/** Whom to write to: only the people the server says the caller may message, found by name. */
export function NewConversationDialog({
  open,
  onOpenChange,
  onStarted,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onStarted: (conversationId: string) => void;
}) {
  const { t } = useT('messages');
  const roleLabel = useRoleLabel();
  const [search, setSearch] = useState('');
  const contacts = useContacts(search, open);
  const start = useStartConversation();

  const pick = (userId: string) =>
    start.mutate(userId, {
      onSuccess: (conversation) => {
        onOpenChange(false);
        onStarted(conversation.id);
      },
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('compose.title')} description={t('compose.description')}>
      <SearchInput id="message-contact-search" label={t('compose.search')} value={search} onChange={setSearch} />
      <div className="mt-3 max-h-80 overflow-y-auto">
        {contacts.isPending ? (
          <div className="flex justify-center p-4" role="status" aria-label={t('compose.loading')}>
            <Spinner className="size-5" />
          </div>
        ) : contacts.isError ? (
          <p className="p-3 text-sm text-red-700" role="alert">
            {errorMessage(contacts.error)}
          </p>
        ) : contacts.data.items.length === 0 ? (
          <p className="p-3 text-sm text-slate-500">{t('compose.none')}</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label={t('compose.people')}>
            {contacts.data.items.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  disabled={start.isPending}
                  onClick={() => pick(c.id)}
                  className="flex w-full items-center justify-between gap-3 rounded-lg px-3 py-2 text-start hover:bg-slate-50 disabled:opacity-60"
                >
                  <span className="truncate text-sm font-medium text-slate-900">{c.name}</span>
                  <span className="shrink-0 text-xs text-slate-500">{roleLabel(c.role)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
