import type { Contact } from '@lyceum/shared/messages';
import { Check, X } from 'lucide-react';
import { type Ref, useState } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { SearchInput } from '../../../components/ui/search-input';
import { cn } from '../../../lib/cn';
import { useT } from '../../../lib/i18n/i18n';
import { useContacts } from '../api/messages-api';
import { ContactResults } from './contact-results';
import { useRoleLabel } from './role-label';

/**
 * Chooses people for a group from those the caller may message (the server's contact list: at most 30 at a
 * time, found by name). The chosen ones stay listed above the search, each with a button to drop them.
 */
export function MemberPicker({
  id,
  selected,
  onChange,
  exclude = [],
  invalid = false,
  ref,
}: {
  id: string;
  selected: Contact[];
  onChange: (people: Contact[]) => void;
  /** People already in the group: not offered again. */
  exclude?: readonly string[];
  invalid?: boolean;
  /** The search box, which a form focuses when no one is chosen and someone must be. */
  ref?: Ref<HTMLInputElement>;
}) {
  const { t } = useT('messages');
  const roleLabel = useRoleLabel();
  const [search, setSearch] = useState('');
  const contacts = useContacts(search, true);
  const chosen = new Set(selected.map((p) => p.id));
  const toggle = (person: Contact) =>
    onChange(chosen.has(person.id) ? selected.filter((p) => p.id !== person.id) : [...selected, person]);
  const offered = (contacts.data?.items ?? []).filter((c) => !exclude.includes(c.id));

  return (
    <div className="space-y-2">
      {selected.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={t('groups.chosen')}>
          {selected.map((p) => (
            <li
              key={p.id}
              className="flex max-w-full items-center gap-1 rounded-full bg-blue-50 py-0.5 ps-0.5 pe-1 text-xs text-blue-800"
            >
              <Avatar name={p.name} src={p.profileImage} size="xs" className="size-5 text-[0.625rem]" />
              <span className="truncate">{p.name}</span>
              <button
                type="button"
                onClick={() => toggle(p)}
                className="rounded-full p-0.5 hover:bg-blue-100"
                aria-label={t('groups.unchoose', { name: p.name })}
              >
                <X className="size-3" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <SearchInput ref={ref} id={id} label={t('groups.searchPeople')} value={search} onChange={setSearch} />
      <div
        className={cn('max-h-56 overflow-y-auto rounded-lg border', invalid ? 'border-red-400' : 'border-slate-200')}
      >
        <ContactResults contacts={contacts} shown={offered}>
          {(c) => (
            <button
              type="button"
              aria-pressed={chosen.has(c.id)}
              onClick={() => toggle(c)}
              className="flex w-full items-center gap-3 px-3 py-2 text-start hover:bg-slate-50"
            >
              <span
                className={cn(
                  'flex size-4 shrink-0 items-center justify-center rounded border',
                  chosen.has(c.id) ? 'border-blue-600 bg-blue-600 text-white' : 'border-slate-300',
                )}
                aria-hidden="true"
              >
                {chosen.has(c.id) && <Check className="size-3" />}
              </span>
              <Avatar name={c.name} src={c.profileImage} size="xs" />
              <span className="min-w-0 flex-1 truncate text-sm text-slate-900">{c.name}</span>
              <span className="shrink-0 text-xs text-slate-500">{roleLabel(c.role)}</span>
            </button>
          )}
        </ContactResults>
      </div>
    </div>
  );
}
