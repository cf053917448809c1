import type { Conversation } from '@lyceum/shared/messages';
import { badgeLabel } from '@lyceum/shared/constants';
import { Users } from 'lucide-react';
import { Avatar } from '../../../components/ui/avatar';
import { cn } from '../../../lib/cn';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n';
import { richText } from '../../../lib/rich-text';

/** The caller's conversations, latest activity first, each with its last message and unread count. */
export function ConversationList({
  items,
  selected,
  onSelect,
}: {
  items: Conversation[];
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const { t } = useT('messages');
  const format = useFormat();
  return (
    <ul className="divide-y divide-slate-100" aria-label={t('list.label')}>
      {items.map((c) => {
        // A message of attachments only is previewed by its first file's name.
        const text = c.lastMessage ? c.lastMessage.body || (c.lastMessage.attachments[0]?.name ?? '') : '';
        // The message's text isolated from the "You:" around it, so a Latin text keeps its place in Arabic.
        // i18n-exempt: `{body}` is the placeholder richText fills with the isolated text.
        const yours = t('list.you', { body: '{body}' });
        const preview = c.lastMessage
          ? c.lastMessage.mine
            ? richText(yours, { body: <bdi dir="auto">{text}</bdi> })
            : text
          : t('list.noMessages');
        return (
          <li key={c.id}>
            <button
              type="button"
              onClick={() => onSelect(c.id)}
              aria-current={c.id === selected ? 'true' : undefined}
              className={cn(
                'flex w-full items-center gap-3 px-3 py-3 text-start hover:bg-slate-50',
                c.id === selected && 'bg-blue-50',
              )}
            >
              {c.kind === 'direct' ? (
                <Avatar name={c.title} src={c.image} />
              ) : (
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
                  <Users className="size-4" aria-hidden="true" />
                </span>
              )}
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  {/* A title is someone's name or a group's: laid out (and cut short) in its own direction. */}
                  <span
                    className={cn('truncate text-sm text-slate-900', c.unread > 0 ? 'font-semibold' : 'font-medium')}
                    dir="auto"
                  >
                    {c.title}
                  </span>
                  {c.lastMessage && (
                    <time className="shrink-0 text-xs text-slate-600" dateTime={c.lastMessage.createdAt}>
                      {format.relative(c.lastMessage.createdAt)}
                    </time>
                  )}
                </span>
                <span className="flex items-center justify-between gap-2">
                  {/* Someone else's text alone is laid out (and cut short) in its own direction. */}
                  <span
                    className="truncate text-xs text-slate-600"
                    dir={c.lastMessage && !c.lastMessage.mine ? 'auto' : undefined}
                  >
                    {preview}
                  </span>
                  {c.unread > 0 && (
                    <span className="shrink-0 rounded-full bg-blue-600 px-1.5 text-xs font-semibold text-white">
                      <span aria-hidden="true">{badgeLabel(c.unread)}</span>
                      <span className="sr-only">{t('list.unread', { count: c.unread })}</span>
                    </span>
                  )}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
