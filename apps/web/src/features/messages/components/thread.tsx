import { type Conversation, MESSAGE_BODY_MAX, type Message, SendMessageRequest } from '@lyceum/shared/messages';
import { ArrowLeft, Flag, MessagesSquare, Send } from 'lucide-react';
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { AttachmentList } from '../../../components/attachments/attachment-list';
import { AttachButton, DraftFileList } from '../../../components/attachments/attachment-picker';
import { useAttachmentDraft } from '../../../components/attachments/use-attachment-draft';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { FieldError } from '../../../components/ui/field-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useMarkRead, useSendMessage, useThread } from '../api/messages-api';
import { ArrivalsLog } from './arrivals-log';
import { GroupSettings } from './group-settings';
import { LoadMore } from './load-more';
import { ReportDialog } from './report-dialog';
// This component checks a shared schema itself: zod's checks without their own message say ours.
import '../../../lib/zod-words';

function Bubble({ message, seen, onReport }: { message: Message; seen: boolean; onReport: (id: string) => void }) {
  const { t } = useT('messages');
  const format = useFormat();
  return (
    <li className={cn('flex flex-col', message.mine ? 'items-end' : 'items-start')} data-testid="message">
      {!message.mine && (
        <span className="flex items-center gap-1.5 px-1 text-xs font-medium text-slate-600">
          <Avatar name={message.senderName} src={message.senderImage} size="xs" className="size-5 text-[0.625rem]" />
          <span dir="auto">{message.senderName}</span>
        </span>
      )}
      <div
        className={cn(
          'max-w-[85%] space-y-2 rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap',
          message.mine ? 'bg-blue-600 text-white' : 'bg-slate-100 text-slate-900',
        )}
      >
        {/* Someone's text is laid out in its own direction: Arabic in an English page (or the reverse) reads
            right to left, its punctuation at its end (docs/product.md, "In the web app"). */}
        {message.body && <p dir="auto">{message.body}</p>}
        <AttachmentList attachments={message.attachments} tone={message.mine ? 'dark' : 'light'} />
      </div>
      <span className="flex items-center gap-2 px-1 text-xs text-slate-500">
        <time dateTime={message.createdAt}>{format.dateTime(message.createdAt)}</time>
        {seen && <span data-testid="seen">{t('thread.seen')}</span>}
        {!message.mine && (
          <button
            type="button"
            onClick={() => onReport(message.id)}
            className="inline-flex items-center gap-1 rounded px-1 text-slate-500 hover:text-red-700"
          >
            <Flag className="size-3" aria-hidden="true" />
            {t('thread.report')}
          </button>
        )}
      </span>
    </li>
  );
}

/**
 * One conversation: its messages (oldest at the top, older pages on request), the "Seen" receipt, reporting,
 * and the reply box.
 */
export function Thread({
  conversation,
  onBack,
  focusReply = false,
  onReplyFocused,
}: {
  conversation: Conversation;
  onBack: () => void;
  /** Give the reply box the focus (the conversation was just started with New message, to write in it). */
  focusReply?: boolean;
  onReplyFocused?: () => void;
}) {
  const { t } = useT('messages');
  const thread = useThread(conversation.id);
  const send = useSendMessage(conversation.id);
  const files = useAttachmentDraft();
  const markRead = useMarkRead();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reporting, setReporting] = useState<string | null>(null);
  const end = useRef<HTMLLIElement>(null);
  const reply = useRef<HTMLTextAreaElement>(null);
  const touch = useMediaQuery('(pointer: coarse)');
  useEffect(() => {
    if (!focusReply) return;
    reply.current?.focus();
    onReplyFocused?.();
  }, [focusReply, onReplyFocused]);
  const scroller = useRef<HTMLDivElement>(null);
  /** The distance from the bottom of the thread to the top of the view when older messages were asked for. */
  const fromBottom = useRef<number | null>(null);

  const pages = thread.data?.pages;
  const newest = pages?.[0]?.items[0];
  // Whatever the caller sees is read: on opening, and when a message arrives while the thread is open.
  const { mutate: markReadNow } = markRead;
  useEffect(() => {
    if (newest && !newest.mine && conversation.unread > 0) markReadNow(conversation.id);
  }, [newest, conversation.id, conversation.unread, markReadNow]);
  useEffect(() => {
    if (newest) end.current?.scrollIntoView?.({ block: 'end' });
  }, [newest]);
  // Older messages go in above what the reader is looking at; keep it where it was, not jumped down the page.
  const pageCount = pages?.length ?? 0;
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box || fromBottom.current === null || pageCount === 0) return;
    box.scrollTop = box.scrollHeight - fromBottom.current;
    fromBottom.current = null;
  }, [pageCount]);
  const loadOlder = () => {
    const box = scroller.current;
    fromBottom.current = box ? box.scrollHeight - box.scrollTop : null;
    void thread.fetchNextPage();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (files.busy) {
      setError(null);
      return;
    }
    const parsed = SendMessageRequest.safeParse({ body, attachmentIds: files.ids });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    const { body: text, attachmentIds } = parsed.data;
    send.mutate(attachmentIds.length > 0 ? { body: text, attachmentIds } : { body: text }, {
      onSuccess: () => {
        setBody('');
        files.sent(attachmentIds);
      },
      onError: (err) => setError(isApiError(err) ? (err.fields?.body ?? null) : null),
    });
  };

  // Keyset pages do not overlap; should a live refetch and an older page's read ever cross, a message is still
  // shown once (and its key stays unique).
  const seenIds = new Set<string>();
  const messages = (pages ?? [])
    .flatMap((page) => page.items)
    .filter((m) => !seenIds.has(m.id) && Boolean(seenIds.add(m.id)))
    .reverse();
  const othersReadAt = pages?.[0]?.othersReadAt ?? null;
  const lastMine = [...messages].reverse().find((m) => m.mine);
  const seenId = lastMine && othersReadAt && othersReadAt >= lastMine.createdAt ? lastMine.id : null;

  return (
    <section className="flex min-h-0 flex-1 flex-col" aria-label={conversation.title}>
      <header className="flex shrink-0 items-center gap-2 border-b border-slate-200 px-3 py-2">
        <Button variant="ghost" size="sm" onClick={onBack} className="md:hidden" aria-label={t('thread.back')}>
          <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
        </Button>
        {conversation.kind === 'direct' && <Avatar name={conversation.title} src={conversation.image} size="xs" />}
        {/* The title is someone's name, a class or a group's name: laid out in its own direction, so an Arabic
            name in an English page (or a Latin one in Arabic) keeps its order and its brackets. */}
        <h2 className="truncate text-base font-semibold text-slate-900" dir="auto">
          {conversation.title}
        </h2>
        {conversation.kind !== 'direct' && (
          <span className="shrink-0 text-xs text-slate-500">{t(`kind.${conversation.kind}`)}</span>
        )}
        {conversation.kind === 'group' && <GroupSettings conversation={conversation} onGone={onBack} />}
      </header>
      <div
        ref={scroller}
        className="min-h-0 flex-1 overflow-y-auto p-3 [overflow-anchor:none]"
        data-testid="thread-scroller"
      >
        {thread.isPending ? (
          <div className="space-y-3" role="status" aria-label={t('thread.loading')}>
            <Skeleton className="h-10 w-2/3" />
            <Skeleton className="ms-auto h-10 w-1/2" />
          </div>
        ) : !pages ? (
          <ErrorState error={thread.error} onRetry={() => void thread.refetch()} retrying={thread.isFetching} />
        ) : messages.length === 0 ? (
          <EmptyState
            icon={<MessagesSquare className="size-6" aria-hidden="true" />}
            title={t('thread.emptyTitle')}
            description={t('thread.emptyDescription')}
          />
        ) : (
          <>
            {thread.hasNextPage && (
              <LoadMore
                className="mb-3"
                label={t('thread.older')}
                loading={thread.isFetchingNextPage}
                failed={thread.isFetchNextPageError}
                error={thread.error}
                onLoad={loadOlder}
              />
            )}
            <ol className="space-y-3" aria-label={t('thread.messages')}>
              {messages.map((m) => (
                <Bubble key={m.id} message={m} seen={m.id === seenId} onReport={setReporting} />
              ))}
              <li ref={end} aria-hidden="true" />
            </ol>
          </>
        )}
      </div>
      {conversation.readOnly ? (
        // A deactivated class's group or someone gone: its history is read, nothing is written there (the server
        // refuses too).
        <p className="shrink-0 border-t border-slate-200 p-3 text-sm text-slate-600" data-testid="read-only">
          {t(conversation.kind === 'direct' ? 'thread.readOnlyPersonGone' : 'thread.readOnly')}
        </p>
      ) : (
        <form onSubmit={submit} className="shrink-0 border-t border-slate-200 p-3" noValidate>
          <label htmlFor="message-body" className="sr-only">
            {t('thread.write')}
          </label>
          <div className="mb-2 empty:hidden">
            <DraftFileList draft={files} />
          </div>
          <div className="flex items-end gap-2">
            <textarea
              ref={reply}
              id="message-body"
              value={body}
              rows={2}
              maxLength={MESSAGE_BODY_MAX}
              placeholder={t('thread.write')}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'message-body-error' : undefined}
              onChange={(e) => setBody(e.target.value)}
              onKeyDown={(e) => {
                // Enter sends with a keyboard; a touch keyboard has no Shift+Enter, so there Enter is a new line
                // and the Send button sends; nor does the Enter that ends an input method's composition send.
                if (e.key === 'Enter' && !e.shiftKey && !touch && !e.nativeEvent.isComposing) submit(e);
              }}
              className="block min-w-0 flex-1 resize-none rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500/30 focus:outline-none"
            />
            <AttachButton draft={files} compact />
            <Button type="submit" loading={send.isPending} disabled={files.busy} aria-label={t('thread.send')}>
              <Send className="size-4 rtl:-scale-x-100" aria-hidden="true" />
              <span className="hidden sm:inline">{t('thread.send')}</span>
            </Button>
          </div>
          {error && <FieldError id="message-body" message={error} />}
        </form>
      )}
      <ArrivalsLog messages={pages ? messages : undefined} />
      <ReportDialog messageId={reporting} onClose={() => setReporting(null)} />
    </section>
  );
}
