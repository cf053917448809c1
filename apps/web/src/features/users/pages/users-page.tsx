import { ACCOUNT_ROLES, type UserAccountResponse } from '@lyceum/shared/people';
import { Plus, UserCog } from 'lucide-react';
import toast from 'react-hot-toast';
import { AccountCreatedDialog, type CreatedAccount } from '../../../components/people/account-created-dialog';
import { ExportLink } from '../../../components/people/export-link';
import { lastSeen } from '../../../components/people/format';
import { NotForRole } from '../../../components/people/not-for-role';
import { PersonCell } from '../../../components/people/person-avatar';
import { isStaff } from '../../../components/people/roles';
import { STATUS_OPTIONS } from '../../../components/people/status-filter';
import { ToggleActiveDialog } from '../../../components/people/toggle-active-dialog';
import { TeacherLessonsWayOut } from '../../../components/timetable/lessons-way-out';
import { useUrlFilters } from '../../../components/people/use-url-filters';
import { Badge, StatusBadge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import type { DataTableColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListPage } from '../../../components/ui/list-page';
import { useDialogState } from '../../../components/ui/use-dialog-state';
import { SearchInput } from '../../../components/ui/search-input';
import { ServerMessage } from '../../../components/ui/server-message';
import { Select } from '../../../components/ui/select';
import { useSchoolMailRefusal } from '../../../api/mail-verification';
import { pagedTableProps } from '../../../api/paged-list';
import { useAuth } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/i18n';
import { useUsers } from '../api/get-users';
import { useResendInvitation } from '../api/resend-invitation';
import { useSetUserActive } from '../api/set-user-active';
import { CreateUserDialog } from '../components/create-user-dialog';
import { ResetPasswordDialog } from '../components/reset-password-dialog';

type UsersDialog =
  | { kind: 'create' }
  | { kind: 'reset'; user: UserAccountResponse }
  | { kind: 'toggle'; user: UserAccountResponse }
  | { kind: 'created'; title: string; accounts: CreatedAccount[] };

const MAIL_REFUSAL_ID = 'users-mail-refusal';

function ManageUsers() {
  const { t } = useT('users');
  const { t: tc } = useT();
  const { user: me } = useAuth();
  const [filters, setFilter] = useUrlFilters({ search: '', role: '', status: 'active' });
  const list = useUsers(filters);
  const dialogs = useDialogState<UsersDialog>();
  const setActive = useSetUserActive();
  const resend = useResendInvitation();
  // While the school may not send e-mail, sending an invitation is off up front, with the server's reason.
  const mailRefusal = useSchoolMailRefusal();
  const filtered = Boolean(filters.search || filters.role) || filters.status !== 'active';
  const isPrincipal = me?.role === 'principal';
  const roleOptions = ACCOUNT_ROLES.map((r) => ({ value: r, label: tc(`roles.${r}`) }));

  // Each row's promise, not `mutate`'s callbacks: those fire only for the latest call, and two rows may be resent at once.
  const resendTo = (u: UserAccountResponse) =>
    resend.mutateAsync(u.id).then(
      () =>
        toast.success(
          u.invited ? t('toast.invitationResent', { email: u.email }) : t('toast.invitationSent', { email: u.email }),
        ),
      () => undefined, // the query client's error toast has said why
    );

  const columns: DataTableColumn<UserAccountResponse>[] = [
    {
      id: 'name',
      header: t('columns.account'),
      mobile: 'title',
      cell: (u) => <PersonCell name={u.name} sub={u.email} src={u.profileImage} />,
    },
    { id: 'role', header: t('columns.role'), cell: (u) => tc(`roles.${u.role}`) },
    {
      id: 'status',
      header: t('columns.status'),
      cell: (u) => (
        <span className="flex flex-wrap gap-1">
          <StatusBadge status={u.isActive ? 'active' : 'inactive'} />
          {/* No password yet: invited and waiting, or (imported without invitations) never mailed at all. */}
          {u.invitationPending &&
            (u.invited ? <Badge tone="warning">{t('invitationPending')}</Badge> : <Badge>{t('noPassword')}</Badge>)}
        </span>
      ),
    },
    { id: 'seen', header: t('columns.lastSignIn'), cell: (u) => lastSeen(u.lastLoginAt) },
  ];

  return (
    <ListPage
      title={t('title')}
      description={list.total !== undefined ? t('countInView', { count: list.total }) : t('description')}
      actions={
        <>
          <ExportLink path="/users/export" filters={filters} />
          <Button onClick={() => dialogs.open({ kind: 'create' })}>
            <Plus className="size-4" aria-hidden="true" />
            {isPrincipal ? t('actions.addPrincipal') : t('actions.addPrincipalOrAdmin')}
          </Button>
        </>
      }
      filters={
        <>
          <SearchInput
            id="users-search"
            label={t('filters.searchLabel')}
            placeholder={t('filters.searchPlaceholder')}
            value={filters.search}
            onChange={(v) => setFilter('search', v)}
          />
          <Select
            id="users-role"
            label={t('filters.role')}
            hideLabel
            placeholder={t('filters.allRoles')}
            options={roleOptions}
            value={filters.role}
            onChange={(e) => setFilter('role', e.target.value)}
          />
          <Select
            id="users-status"
            label={t('filters.status')}
            hideLabel
            options={STATUS_OPTIONS}
            value={filters.status}
            onChange={(e) => setFilter('status', e.target.value)}
          />
        </>
      }
      notice={
        mailRefusal && (
          <p id={MAIL_REFUSAL_ID} className="mb-4 text-sm text-slate-600">
            <ServerMessage message={mailRefusal} />
          </p>
        )
      }
      table={{
        label: t('table'),
        columns,
        ...pagedTableProps(list),
        rowKey: (u) => u.id,
        actions: (u) => {
          // The server refuses these too: no changing yourself, and a principal cannot change an administrator.
          if (u.id === me?.id || (isPrincipal && u.role === 'school_admin')) return null;
          return (
            <>
              {u.invitationPending && u.isActive && (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => resendTo(u)}
                  loading={resend.isPending && resend.variables === u.id}
                  disabled={mailRefusal !== null}
                  aria-describedby={mailRefusal ? MAIL_REFUSAL_ID : undefined}
                  aria-label={
                    u.invited ? t('actions.resendTo', { name: u.name }) : t('actions.sendTo', { name: u.name })
                  }
                >
                  {u.invited ? t('actions.resend') : t('actions.send')}
                </Button>
              )}
              {u.isActive && (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => dialogs.open({ kind: 'reset', user: u })}
                  aria-label={t('actions.resetPasswordOf', { name: u.name })}
                >
                  {t('actions.resetPassword')}
                </Button>
              )}
              <Button
                size="sm"
                variant="ghost"
                onClick={() => dialogs.open({ kind: 'toggle', user: u })}
                aria-label={t(u.isActive ? 'actions.deactivateName' : 'actions.activateName', { name: u.name })}
              >
                {u.isActive ? t('actions.deactivate') : t('actions.activate')}
              </Button>
            </>
          );
        },
        empty: filtered ? (
          <EmptyState title={t('empty.noMatchTitle')} description={t('empty.noMatchDescription')} />
        ) : (
          <EmptyState icon={<UserCog className="size-6" aria-hidden="true" />} title={t('empty.none')} />
        ),
      }}
    >
      <CreateUserDialog
        open={dialogs.is('create')}
        onOpenChange={dialogs.onOpenChange}
        canCreateAdmins={!isPrincipal}
        onCreated={(accounts) => dialogs.open({ kind: 'created', title: t('created.title'), accounts })}
      />
      <AccountCreatedDialog
        title={dialogs.of('created')?.title ?? ''}
        accounts={dialogs.of('created')?.accounts ?? null}
        onClose={dialogs.close}
      />
      <ResetPasswordDialog
        user={dialogs.of('reset')?.user ?? null}
        onClose={dialogs.close}
        onTemporaryPassword={(u, password) =>
          dialogs.open({
            kind: 'created',
            title: t('created.passwordReset'),
            accounts: [{ kind: tc(`roles.${u.role}`), name: u.name, email: u.email, temporaryPassword: password }],
          })
        }
      />
      <ToggleActiveDialog
        target={dialogs.of('toggle')?.user ?? null}
        onClose={dialogs.close}
        mutate={setActive.mutate}
        pending={setActive.isPending}
        limitNoun={t('toggle.limitNoun')}
        mode="activate"
        afterRefusal={(error) => {
          // A teacher with lessons left is refused as on the Teachers page, with the same way out.
          const target = dialogs.of('toggle')?.user;
          return target?.role === 'teacher' && <TeacherLessonsWayOut error={error} teacher={target} />;
        }}
      />
    </ListPage>
  );
}

/** /users: every account of the school (school administrators and principals). */
export function UsersPage() {
  const { t } = useT('users');
  const { user } = useAuth();
  if (isStaff(user?.role)) return <ManageUsers />;
  return <NotForRole title={t('title')} description={t('notForRole')} />;
}
