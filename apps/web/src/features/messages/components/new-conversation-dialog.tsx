import { Avatar } from '../../../components/ui/avatar';
import { useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { SearchInput } from '../../../components/ui/search-input';
import { useT } from '../../../lib/i18n/i18n';
import { useContacts, useStartConversation } from '../api/messages-api';
import { ContactResults } from './contact-results';
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
        <ContactResults contacts={contacts} shown={contacts.data?.items ?? []}>
          {(c) => (
            <button
              type="button"
              disabled={start.isPending}
              onClick={() => pick(c.id)}
              className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-start hover:bg-slate-50 disabled:opacity-60"
            >
              <Avatar name={c.name} src={c.profileImage} size="xs" />
              <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900" dir="auto">
                {c.name}
              </span>
              <span className="shrink-0 text-xs text-slate-500">{roleLabel(c.role)}</span>
            </button>
          )}
        </ContactResults>
      </div>
    </Dialog>
  );
}
