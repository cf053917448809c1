import { isSchoolRole } from '@lyceum/shared/roles';
import { ArrowLeft, MessageSquarePlus, MessagesSquare } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { NotForRole } from '../../../components/people/not-for-role';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { SearchInput } from '../../../components/ui/search-input';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAuth } from '../../../lib/auth';
import { cn } from '../../../lib/cn';
import { useT } from '../../../lib/i18n/i18n';
import { useConversationDetail } from '../api/groups-api';
import { conversationsOf, useConversations } from '../api/messages-api';
import { ConversationList } from '../components/conversation-list';
import { NewConversationDialog } from '../components/new-conversation-dialog';
import { GROUP_MAKERS, NewGroupButton } from '../components/new-group-dialog';
import { SearchResults } from '../components/search-results';
import { LoadMore } from '../components/load-more';
import { Thread } from '../components/thread';

/**
 * What an empty list tells each role it may do (docs/product.md, "Messages"): teachers and parents are in
 * class groups, students never are, staff make groups of their own.
 */
function emptyHint(role: string) {
  if (role === 'teacher' || role === 'parent') return 'list.emptyWithGroups' as const;
  if (role === 'student') return 'list.emptyStudent' as const;
  if (GROUP_MAKERS.includes(role)) return 'list.emptyStaff' as const;
  return 'list.emptyDescription' as const;
}

/**
 * /messages: the conversation list beside the open thread (on a phone, the list, then the thread with a back
 * button). The open conversation is in the address (`?c=`), so a reload or a shared link keeps it, even one
 * beyond the list's loaded pages. The page is as tall as the window (the route fills the view): the list and the
 * thread each scroll inside their own panel, so the reply box and the list stay in view however long the
 * conversation.
 */
export function MessagesPage() {
  const { t } = useT('messages');
  const { user } = useAuth();
  // Company staff belong to no school: no one to write to, nothing to read (docs/product.md, "Routes and who
  // may open them"); the page says so rather than offering "New message" that could only be refused.
  if (!user || !isSchoolRole(user.role)) return <NotForRole title={t('title')} description={t('notForRole')} />;
  return <SchoolMessages />;
}

function SchoolMessages() {
  const { t } = useT('messages');
  const [params, setParams] = useSearchParams();
  const selected = params.get('c');
  const [q, setQ] = useState('');
  const [composing, setComposing] = useState(false);
  // A conversation started with New message opens with its reply box focused: the point was to write.
  const [writeTo, setWriteTo] = useState<string | null>(null);
  const replyFocused = useCallback(() => setWriteTo(null), []);
  const conversations = useConversations();
  const role = useAuth().user?.role ?? '';
  const makesGroups = GROUP_MAKERS.includes(role);

  const open = (id: string | null) => {
    setParams(id ? { c: id } : {}, { replace: false });
    setQ('');
  };
  const items = conversationsOf(conversations.data?.pages);
  const listed = items.find((c) => c.id === selected) ?? null;
  // A link (or a search result) can name a conversation beyond the loaded pages of the list: it is read on its
  // own and opened at once, rather than waiting for the reader to load pages until it appears. Asked for only
  // once the list has answered without it, so opening one from the first page costs no extra request.
  const linked = selected !== null && listed === null && conversations.data !== undefined;
  const detail = useConversationDetail(selected ?? '', linked);
  const current = listed ?? (linked ? (detail.data ?? null) : null);
  const opening = current === null && linked;

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            {makesGroups && <NewGroupButton onCreated={open} />}
            <Button onClick={() => setComposing(true)}>
              <MessageSquarePlus className="size-4" aria-hidden="true" />
              {t('compose.open')}
            </Button>
          </>
        }
      />
      <Card className="flex min-h-[24rem] flex-1 flex-col overflow-hidden p-0" data-testid="messages-panels">
        <div className="flex min-h-0 flex-1 flex-col md:grid md:grid-cols-[20rem_minmax(0,1fr)] md:grid-rows-[minmax(0,1fr)]">
          <div
            className={cn(
              'flex min-h-0 flex-1 flex-col border-slate-200 md:border-e',
              (current || opening) && 'hidden md:flex',
            )}
          >
            <div className="shrink-0 border-b border-slate-200 p-3">
              <SearchInput id="message-search" label={t('search.label')} value={q} onChange={setQ} />
            </div>
            <div className="min-h-0 flex-1 overflow-y-auto" data-testid="conversation-scroller">
              {q ? (
                <SearchResults q={q} onOpen={open} />
              ) : conversations.isPending ? (
                <div className="space-y-2 p-3" role="status" aria-label={t('list.loading')}>
                  <Skeleton className="h-12" />
                  <Skeleton className="h-12" />
                  <Skeleton className="h-12" />
                </div>
              ) : !conversations.data ? (
                <ErrorState
                  error={conversations.error}
                  onRetry={() => void conversations.refetch()}
                  retrying={conversations.isFetching}
                />
              ) : items.length === 0 ? (
                <EmptyState
                  icon={<MessagesSquare className="size-6" aria-hidden="true" />}
                  title={t('list.emptyTitle')}
                  description={t(emptyHint(role))}
                />
              ) : (
                <>
                  <ConversationList items={items} selected={selected} onSelect={open} />
                  {conversations.hasNextPage && (
                    <LoadMore
                      className="p-3"
                      label={t('list.more')}
                      loading={conversations.isFetchingNextPage}
                      failed={conversations.isFetchNextPageError}
                      error={conversations.error}
                      onLoad={() => void conversations.fetchNextPage()}
                    />
                  )}
                </>
              )}
            </div>
          </div>
          <div className={cn('flex min-h-0 flex-1 flex-col', !current && !opening && 'hidden md:flex')}>
            {current ? (
              <Thread
                key={current.id}
                conversation={current}
                onBack={() => open(null)}
                focusReply={writeTo === current.id}
                onReplyFocused={replyFocused}
              />
            ) : opening ? (
              <div className="flex min-h-0 flex-1 flex-col gap-3 p-3">
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => open(null)}
                  className="self-start md:hidden"
                  aria-label={t('thread.back')}
                >
                  <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
                </Button>
                {detail.isPending ? (
                  <div className="space-y-3" role="status" aria-label={t('thread.loading')}>
                    <Skeleton className="h-10 w-2/3" />
                    <Skeleton className="ms-auto h-10 w-1/2" />
                  </div>
                ) : (
                  <ErrorState error={detail.error} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
                )}
              </div>
            ) : (
              <EmptyState
                className="flex-1"
                icon={<MessagesSquare className="size-6" aria-hidden="true" />}
                title={t('thread.noneTitle')}
                description={t('thread.noneDescription')}
              />
            )}
          </div>
        </div>
      </Card>
      <NewConversationDialog
        open={composing}
        onOpenChange={setComposing}
        onStarted={(id) => {
          open(id);
          setWriteTo(id);
        }}
      />
    </>
  );
}
