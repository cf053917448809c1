import { ADDON_KEYS } from '@lyceum/shared/entitlements';
import { formatMoney } from '@lyceum/shared/plans';
import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useParams } from 'react-router';
import { Badge, StatusBadge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CardSection } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSkeleton } from '../../../components/ui/skeleton';
import { UsageList } from '../../../components/ui/usage-meter';
import { errorMessage } from '../../../lib/api-client';
import { useIsPlatformManager } from '../../../lib/company-role';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useSchool } from '../api/get-school';
import { useSetSchoolActive } from '../api/set-school-active';
import { AssignPlanDialog } from '../components/assign-plan-dialog';
import { EditSchoolDialog } from '../components/edit-school-dialog';
import { RenewDialog } from '../components/renew-dialog';
import { SubscriptionHistoryList } from '../components/subscription-history';
import { formatDate } from '../../../lib/format-date';

type OpenDialog = 'edit' | 'assign' | 'renew' | 'cancel' | 'active' | null;

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children || '—'}</dd>
    </div>
  );
}

const date = (value: string) => formatDate(value);

/** The school's people and classes, read-only for company managers (the lists take `?schoolId=`). */
const PEOPLE_LINKS = [
  ['students', 'Students'],
  ['teachers', 'Teachers'],
  ['parents', 'Parents'],
  ['classes', 'Classes'],
] as const;

/** A school seen by company staff: details, subscription and its history, usage, admins, and every action. */
export function SchoolDetailPage() {
  const { id = '' } = useParams();
  const canManage = useIsPlatformManager();
  const detail = useSchool(id);
  const setActive = useSetSchoolActive(id);
  const cancel = useCancelSubscription(id);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = (open: boolean) => !open && setDialog(null);

  if (detail.isPending) return <PageSkeleton />;
  if (detail.isError) {
    return (
      <>
        <PageHeader title="School" />
        <ErrorState
          message={errorMessage(detail.error)}
          onRetry={() => detail.refetch()}
          retrying={detail.isFetching}
        />
      </>
    );
  }
  const { school, subscription, history, usage, admins, entitlements } = detail.data;

  return (
    <>
      <Link to="/schools" className="mb-3 inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900">
        <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
        Schools
      </Link>
      <PageHeader
        title={school.name}
        description={<StatusBadge status={school.status} />}
        actions={
          canManage && (
            <>
              <Button variant="secondary" onClick={() => setDialog('edit')}>
                Edit
              </Button>
              <Button variant="secondary" onClick={() => setDialog('assign')}>
                Assign plan
              </Button>
              <Button variant={school.isActive ? 'danger' : 'primary'} onClick={() => setDialog('active')}>
                {school.isActive ? 'Deactivate' : 'Reactivate'}
              </Button>
            </>
          )
        }
      />
      <div className="grid gap-6 xl:grid-cols-2">
        <CardSection
          titleId="school-subscription"
          title="Subscription"
          actions={
            canManage &&
            subscription && (
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="secondary" onClick={() => setDialog('renew')}>
                  Renew
                </Button>
                {subscription.status === 'active' && (
                  <Button size="sm" variant="ghost" onClick={() => setDialog('cancel')}>
                    Cancel subscription
                  </Button>
                )}
              </div>
            )
          }
        >
          {subscription ? (
            <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
              <Detail label="Plan">{subscription.planName}</Detail>
              <Detail label="Status">
                <StatusBadge status={subscription.status} />
              </Detail>
              <Detail label="Payment">
                <StatusBadge status={subscription.paymentStatus} />
              </Detail>
              <Detail label="Billing">{subscription.billingCycle === 'yearly' ? 'Yearly' : 'Monthly'}</Detail>
              <Detail label="Total">{formatMoney(subscription.totalAmountMinor, subscription.currency)}</Detail>
              <Detail label="Auto-renew">{subscription.autoRenew ? 'On' : 'Off'}</Detail>
              <Detail label="Start">{date(subscription.startDate)}</Detail>
              <Detail label="End">{date(subscription.endDate)}</Detail>
              <Detail label="Add-ons">{subscription.addonNames.join(', ')}</Detail>
            </dl>
          ) : (
            <p className="text-sm text-slate-500">No subscription. Assign a plan to give the school access.</p>
          )}
          {entitlements.length > 0 && (
            <ul className="mt-4 flex flex-wrap gap-1.5" aria-label="Active add-ons">
              {entitlements.map((key) => (
                <li key={key}>
                  <Badge tone="accent">{ADDON_KEYS[key]}</Badge>
                </li>
              ))}
            </ul>
          )}
        </CardSection>
        <CardSection titleId="school-usage" title="Usage">
          <UsageList items={usage} />
          {canManage && (
            <nav aria-label="This school's people" className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {PEOPLE_LINKS.map(([path, label]) => (
                <Link
                  key={path}
                  to={`/${path}?schoolId=${school.id}`}
                  className="font-medium text-blue-700 hover:underline"
                >
                  {label}
                </Link>
              ))}
            </nav>
          )}
        </CardSection>
        <CardSection titleId="school-details" title="Details">
          <dl className="grid gap-4 sm:grid-cols-2">
            <Detail label="Address">{school.address}</Detail>
            <Detail label="Principal">{school.principalName}</Detail>
            <Detail label="Phone">{school.phone}</Detail>
            <Detail label="Email">{school.email}</Detail>
            <Detail label="Logo">
              {school.logo && <img src={school.logo} alt={`${school.name} logo`} className="size-10 rounded" />}
            </Detail>
            <Detail label="Created">{date(school.createdAt)}</Detail>
          </dl>
        </CardSection>
        <CardSection titleId="school-admins" title="Administrators">
          {admins.length === 0 ? (
            <p className="text-sm text-slate-500">No administrators.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {admins.map((a) => (
                <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{a.name}</p>
                    <p className="break-all text-slate-500">{a.email}</p>
                  </div>
                  <div className="flex gap-2">
                    <Badge>{a.role === 'school_admin' ? 'School admin' : 'Principal'}</Badge>
                    {!a.isActive && <StatusBadge status="inactive" />}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardSection>
        <CardSection titleId="school-history" title="Subscription history" className="xl:col-span-2">
          <SubscriptionHistoryList history={history} />
        </CardSection>
      </div>

      {dialog === 'edit' && <EditSchoolDialog school={school} open onOpenChange={close} />}
      {dialog === 'assign' && (
        <AssignPlanDialog schoolId={school.id} current={subscription} open onOpenChange={close} />
      )}
      {dialog === 'renew' && subscription && (
        <RenewDialog schoolId={school.id} subscription={subscription} open onOpenChange={close} />
      )}
      <ConfirmDialog
        open={dialog === 'cancel'}
        onOpenChange={close}
        title="Cancel the subscription?"
        description={`${school.name}'s users can no longer sign in once it is cancelled, until a plan is assigned again.`}
        confirmLabel="Cancel subscription"
        cancelLabel="Keep it"
        tone="danger"
        pending={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => {
              toast.success('Subscription cancelled');
              setDialog(null);
            },
          })
        }
      />
      <ConfirmDialog
        open={dialog === 'active'}
        onOpenChange={close}
        title={school.isActive ? `Deactivate ${school.name}?` : `Reactivate ${school.name}?`}
        description={
          school.isActive
            ? 'Its users are signed out and cannot sign in until the school is reactivated. No data is deleted.'
            : 'Its users can sign in again (while the subscription is active).'
        }
        confirmLabel={school.isActive ? 'Deactivate' : 'Reactivate'}
        tone={school.isActive ? 'danger' : 'primary'}
        pending={setActive.isPending}
        onConfirm={() =>
          setActive.mutate(!school.isActive, {
            onSuccess: (s) => {
              toast.success(s.isActive ? `${s.name} reactivated` : `${s.name} deactivated`);
              setDialog(null);
            },
          })
        }
      />
    </>
  );
}
