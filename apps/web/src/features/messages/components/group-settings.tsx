import {
  type Contact,
  type Conversation,
  type ConversationDetail,
  GROUP_NAME_MAX,
  RenameGroupRequest,
} from '@lyceum/shared/messages';
import { LogOut, Trash2, UserMinus, Users } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { TextField } from '../../../components/ui/field';
import { FieldError } from '../../../components/ui/field-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { isApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/i18n';
import { richText } from '../../../lib/rich-text';
import {
  useAddGroupMembers,
  useConversationDetail,
  useDeleteGroup,
  useLeaveGroup,
  useRemoveGroupMember,
  useRenameGroup,
} from '../api/groups-api';
import { MemberPicker } from './member-picker';
import { GROUP_MAKERS } from './new-group-dialog';
import { useRoleLabel } from './role-label';
// This component checks a shared schema itself: zod's checks without their own message say ours.
import '../../../lib/zod-words';

function RenameForm({ group }: { group: ConversationDetail }) {
  const { t } = useT('messages');
  const rename = useRenameGroup(group.id);
  const [name, setName] = useState(group.title);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = RenameGroupRequest.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    rename.mutate(parsed.data.name, {
      onSuccess: () => toast.success(t('groups.renamed')),
      onError: (err) => setError(isApiError(err) ? (err.fields?.name ?? null) : null),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="flex items-end gap-2">
      <TextField
        id="group-rename"
        label={t('groups.name')}
        value={name}
        maxLength={GROUP_NAME_MAX}
        onChange={(e) => setName(e.target.value)}
        containerClassName="min-w-0 flex-1"
        error={error ?? undefined}
      />
      <Button type="submit" variant="secondary" loading={rename.isPending} className={error ? 'mb-6' : undefined}>
        {t('groups.rename')}
      </Button>
    </form>
  );
}

function AddMembers({ group }: { group: ConversationDetail }) {
  const { t } = useT('messages');
  const add = useAddGroupMembers(group.id);
  const [people, setPeople] = useState<Contact[]>([]);
  const [error, setError] = useState<string | null>(null);
  const submit = () =>
    add.mutate(
      people.map((p) => p.id),
      {
        onSuccess: () => {
          toast.success(t('groups.added', { count: people.length }));
          setPeople([]);
          setError(null);
        },
        onError: (err) => setError(isApiError(err) ? (err.fields?.memberIds ?? null) : null),
      },
    );
  return (
    <section className="space-y-2" aria-labelledby="group-add-title">
      <h3 id="group-add-title" className="text-sm font-medium text-slate-700">
        {t('groups.addTitle')}
      </h3>
      <MemberPicker
        id="group-add-search"
        selected={people}
        onChange={setPeople}
        exclude={group.members.map((m) => m.id)}
        invalid={Boolean(error)}
      />
      {error && <FieldError id="group-add" message={error} />}
      <Button size="sm" onClick={submit} disabled={people.length === 0} loading={add.isPending}>
        {t('groups.add')}
      </Button>
    </section>
  );
}

function Members({ group, canChange, me }: { group: ConversationDetail; canChange: boolean; me: string }) {
  const { t } = useT('messages');
  const roleLabel = useRoleLabel();
  const remove = useRemoveGroupMember(group.id);
  return (
    <section aria-labelledby="group-members-title">
      <h3 id="group-members-title" className="text-sm font-medium text-slate-700">
        {t('groups.membersCount', { count: group.members.length })}
      </h3>
      <ul className="mt-1 divide-y divide-slate-100" aria-label={t('groups.members')}>
        {group.members.map((m) => (
          <li key={m.id} className="flex items-center gap-3 py-2">
            <Avatar name={m.name} src={m.profileImage} size="xs" />
            <span className="min-w-0 flex-1 truncate text-sm text-slate-900">{m.name}</span>
            <span className="shrink-0 text-xs text-slate-500">{roleLabel(m.role)}</span>
            {canChange && m.id !== me && (
              <Button
                variant="ghost"
                size="sm"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(m.id, { onSuccess: () => toast.success(t('groups.removed', { name: m.name })) })
                }
                aria-label={t('groups.remove', { name: m.name })}
              >
                <UserMinus className="size-4" aria-hidden="true" />
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A staff-made group's details, from its thread's header: members, and for its staff members renaming and
 * adding or taking out people; leaving for everyone; deleting for its creator or a school admin. `onGone`
 * runs once the caller is no longer in it.
 */
export function GroupSettings({ conversation, onGone }: { conversation: Conversation; onGone: () => void }) {
  const { t } = useT('messages');
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState<'leave' | 'delete' | null>(null);
  const detail = useConversationDetail(conversation.id, open);
  const leave = useLeaveGroup(conversation.id);
  const remove = useDeleteGroup(conversation.id);
  const me = user?.id ?? '';
  const isStaff = GROUP_MAKERS.includes(user?.role ?? '');
  const group = detail.data;
  const mayDelete = isStaff && group !== undefined && (group.createdBy === me || user?.role === 'school_admin');
  // The group's name isolated from the question around it, so a Latin name keeps its place in Arabic (and the
  // reverse), in its own direction.
  const aboutGroup = (key: 'groups.leaveDescription' | 'groups.deleteDescription') =>
    // i18n-exempt: `{name}` is the placeholder richText fills with the isolated name.
    richText(t(key, { name: '{name}' }), { name: <bdi dir="auto">{conversation.title}</bdi> });

  // The question replaces the details rather than stacking a second dialog over them.
  const ask = (what: 'leave' | 'delete') => {
    setOpen(false);
    setConfirming(what);
  };
  const finish = (mutation: typeof leave, done: string) =>
    mutation.mutate(undefined, {
      onSuccess: () => {
        toast.success(done);
        setConfirming(null);
        onGone();
      },
    });

  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} className="ms-auto shrink-0">
        <Users className="size-4" aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">{t('groups.details')}</span>
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={<span dir="auto">{conversation.title}</span>}
        description={t('groups.detailsDescription')}
      >
        {detail.isPending ? (
          <div className="space-y-2" role="status" aria-label={t('groups.loading')}>
            <Skeleton className="h-8" />
            <Skeleton className="h-8" />
          </div>
        ) : detail.isError || !group ? (
          <ErrorState error={detail.error} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
        ) : (
          <div className="space-y-5">
            {isStaff && <RenameForm key={group.title} group={group} />}
            <Members group={group} canChange={isStaff} me={me} />
            {isStaff && <AddMembers group={group} />}
            <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4">
              <Button variant="secondary" size="sm" onClick={() => ask('leave')}>
                <LogOut className="size-4 rtl:-scale-x-100" aria-hidden="true" />
                {t('groups.leave')}
              </Button>
              {mayDelete && (
                <Button variant="danger" size="sm" onClick={() => ask('delete')}>
                  <Trash2 className="size-4" aria-hidden="true" />
                  {t('groups.delete')}
                </Button>
              )}
            </div>
          </div>
        )}
      </Dialog>
      <ConfirmDialog
        open={confirming === 'leave'}
        onOpenChange={(next) => !next && setConfirming(null)}
        title={t('groups.leaveTitle')}
        description={aboutGroup('groups.leaveDescription')}
        confirmLabel={t('groups.leave')}
        pending={leave.isPending}
        onConfirm={() => finish(leave, t('groups.left'))}
      />
      <ConfirmDialog
        open={confirming === 'delete'}
        onOpenChange={(next) => !next && setConfirming(null)}
        title={t('groups.deleteTitle')}
        description={aboutGroup('groups.deleteDescription')}
        confirmLabel={t('groups.delete')}
        tone="danger"
        pending={remove.isPending}
        onConfirm={() => finish(remove, t('groups.deleted'))}
      />
    </>
  );
}
