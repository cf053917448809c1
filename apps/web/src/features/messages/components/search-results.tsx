import type { MessageSearchResult } from '@lyceum/shared/messages';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n';
import { useMessageSearch } from '../api/messages-api';

/** Messages of the caller's own conversations containing the search; a hit opens its conversation. */
export function SearchResults({ q, onOpen }: { q: string; onOpen: (conversationId: string) => void }) {
  const { t } = useT('messages');
  const format = useFormat();
  const search = useMessageSearch(q);
  if (q.trim().length < 2) return <p className="p-3 text-sm text-slate-500">{t('search.tooShort')}</p>;
  if (search.isPending) {
    return (
      <div className="flex justify-center p-4" role="status" aria-label={t('search.loading')}>
        <Spinner className="size-5" />
      </div>
    );
  }
  if (search.isError) {
    return (
      <p className="p-3 text-sm text-red-700" role="alert">
        {errorMessage(search.error)}
      </p>
    );
  }
  const items: MessageSearchResult['items'] = search.data.items;
  if (items.length === 0) return <p className="p-3 text-sm text-slate-500">{t('search.none')}</p>;
  return (
    <ul className="divide-y divide-slate-100" aria-label={t('search.results')}>
      {items.map((m) => (
        <li key={m.id}>
          <button
            type="button"
            onClick={() => onOpen(m.conversationId)}
            className="block w-full px-3 py-2 text-start hover:bg-slate-50"
          >
            <span className="flex items-baseline justify-between gap-2">
              <span className="truncate text-sm font-medium text-slate-900" dir="auto">
                {m.conversationTitle}
              </span>
              <time className="shrink-0 text-xs text-slate-600" dateTime={m.createdAt}>
                {format.date(m.createdAt)}
              </time>
            </span>
            <span className="line-clamp-2 text-xs text-slate-600">
              {/* Someone's name and text, each isolated so neither reorders the other in a right-to-left line;
                  the text in its own direction. */}
              <bdi>{m.senderName}</bdi>: <bdi dir="auto">{m.body}</bdi>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
