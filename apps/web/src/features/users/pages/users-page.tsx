import { ACCOUNT_ROLES, type UserAccountResponse } from '@lyceum/shared/people';
import { ROLE_LABELS } from '@lyceum/shared/roles';
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
import { useUrlFilters } from '../../../components/people/use-url-filters';
import { Badge, StatusBadge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import type { DataTableColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListPage } from '../../../components/ui/list-page';
import { useDialogState } from '../../../components/ui/use-dialog-state';
import { SearchInput } from '../../../components/ui/search-input';
import { Select } from '../../../components/ui/select';
import { pagedTableProps } from '../../../api/paged-list';
import { useAuth } from '../../../lib/auth';
import { useUsers } from '../api/get-users';
import { useResendInvitation } from '../api/resend-invitation';
import { useSetUserActive } from '../api/set-user-active';
import { CreateUserDialog } from '../components/create-user-dialog';
import { ResetPasswordDialog } from '../components/reset-password-dialog';

const ROLE_OPTIONS = ACCOUNT_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

type UsersDialog =
  | { kind: 'create' }
  | { kind: 'reset'; user: UserAccountResponse }
  | { kind: 'toggle'; user: UserAccountResponse }
  | { kind: 'created'; title: string; accounts: CreatedAccount[] };

function ManageUsers() {
  const { user: me } = useAuth();
  const [filters, setFilter] = useUrlFilters({ search: '', role: '', status: 'active' });
  const list = useUsers(filters);
  const dialogs = useDialogState<UsersDialog>();
  const setActive = useSetUserActive();
  const resend = useResendInvitation();
  const filtered = Boolean(filters.search || filters.role) || filters.status !== 'active';
  const isPrincipal = me?.role === 'principal';

  // Each row's promise, not `mutate`'s callbacks: those fire only for the latest call, and two rows may be resent at once.
  const resendTo = (u: UserAccountResponse) =>
    resend.mutateAsync(u.id).then(
      () => toast.success(`Invitation sent again to ${u.email}`),
      () => undefined, // the query client's error toast has said why
    );

  const columns: DataTableColumn<UserAccountResponse>[] = [
    {
      id: 'name',
      header: 'Account',
      mobile: 'title',
      cell: (u) => <PersonCell name={u.name} sub={u.email} src={u.profileImage} />,
    },
    { id: 'role', header: 'Role', cell: (u) => ROLE_LABELS[u.role] },
    {
      id: 'status',
      header: 'Status',
      cell: (u) => (
        <span className="flex flex-wrap gap-1">
          <StatusBadge status={u.isActive ? 'active' : 'inactive'} />
          {u.invitationPending && <Badge tone="warning">Invitation pending</Badge>}
        </span>
      ),
    },
    { id: 'seen', header: 'Last sign-in', cell: (u) => lastSeen(u.lastLoginAt) },
  ];

  return (
    <ListPage
      title="Users"
      description={
        list.total !== undefined
          ? `${list.total} accounts in this view.`
          : 'Every account of the school, whatever its role.'
      }
      actions={
        <>
          <ExportLink path="/users/export" filters={filters} />
          <Button onClick={() => dialogs.open({ kind: 'create' })}>
            <Plus className="size-4" aria-hidden="true" />
            {isPrincipal ? 'Add principal' : 'Add principal or admin'}
          </Button>
        </>
      }
      filters={
        <>
          <SearchInput
            id="users-search"
            label="Search accounts by name or e-mail"
            placeholder="Search accounts"
            value={filters.search}
            onChange={(v) => setFilter('search', v)}
          />
          <Select
            id="users-role"
            label="Role"
            hideLabel
            placeholder="All roles"
            options={ROLE_OPTIONS}
            value={filters.role}
            onChange={(e) => setFilter('role', e.target.value)}
          />
          <Select
            id="users-status"
            label="Status"
            hideLabel
            options={STATUS_OPTIONS}
            value={filters.status}
            onChange={(e) => setFilter('status', e.target.value)}
          />
        </>
      }
      table={{
        label: 'Accounts',
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
                  aria-label={`Resend invitation to ${u.name}`}
                >
                  Resend invitation
                </Button>
              )}
              {u.isActive && (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => dialogs.open({ kind: 'reset', user: u })}
                  aria-label={`Reset ${u.name}'s password`}
                >
                  Reset password
                </Button>
              )}
              <Button
                size="sm"
                variant="ghost"
                onClick={() => dialogs.open({ kind: 'toggle', user: u })}
                aria-label={`${u.isActive ? 'Deactivate' : 'Activate'} ${u.name}`}
              >
                {u.isActive ? 'Deactivate' : 'Activate'}
              </Button>
            </>
          );
        },
        empty: filtered ? (
          <EmptyState title="No accounts match" description="Try another search, role or status." />
        ) : (
          <EmptyState icon={<UserCog className="size-6" aria-hidden="true" />} title="No accounts yet" />
        ),
      }}
    >
      <CreateUserDialog
        open={dialogs.is('create')}
        onOpenChange={dialogs.onOpenChange}
        canCreateAdmins={!isPrincipal}
        onCreated={(accounts) => dialogs.open({ kind: 'created', title: 'Account created', accounts })}
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
            title: 'Password reset',
            accounts: [{ kind: ROLE_LABELS[u.role], name: u.name, email: u.email, temporaryPassword: password }],
          })
        }
      />
      <ToggleActiveDialog
        target={dialogs.of('toggle')?.user ?? null}
        onClose={dialogs.close}
        mutate={setActive.mutate}
        pending={setActive.isPending}
        limitNoun="account"
        mode="activate"
      />
    </ListPage>
  );
}

/** /users: every account of the school (school administrators and principals). */
export function UsersPage() {
  const { user } = useAuth();
  if (isStaff(user?.role)) return <ManageUsers />;
  return (
    <NotForRole title="Users" description="The list of accounts is for the school's administrators and principals." />
  );
}
