import { ADDON_KEYS } from '@lyceum/shared/entitlements';
import { type ReactNode, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useParams } from 'react-router';
import { BackLink } from '../../../components/ui/back-link';
import { Badge, StatusBadge } from '../../../components/ui/badge';
import { BillingFigures } from '../../../components/ui/billing-figures';
import { Button } from '../../../components/ui/button';
import { CardSection } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { LtrText } from '../../../components/ui/ltr-text';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSkeleton } from '../../../components/ui/skeleton';
import { UsageList } from '../../../components/ui/usage-meter';
import { useIsPlatformManager } from '../../../lib/company-role';
import { formatDate, formatMoney, useFormat } from '../../../lib/i18n/format';
import { translate, useT } from '../../../lib/i18n/i18n';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useSchool } from '../api/get-school';
import { useSetSchoolActive } from '../api/set-school-active';
import { AssignPlanDialog } from '../components/assign-plan-dialog';
import { EditSchoolDialog } from '../components/edit-school-dialog';
import { RenewDialog } from '../components/renew-dialog';
import { SubscriptionHistoryList } from '../components/subscription-history';

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
const PEOPLE_LINKS = ['students', 'teachers', 'parents', 'classes'] as const;

/** A school seen by company staff: details, subscription and its history; for platform managers also usage, admins and every action. */
export function SchoolDetailPage() {
  const { t } = useT('schools');
  useFormat();
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
        <PageHeader title={t('detail.title')} />
        <ErrorState error={detail.error} onRetry={() => detail.refetch()} retrying={detail.isFetching} />
      </>
    );
  }
  const { school, subscription, history, usage, admins, entitlements } = detail.data;
  // What the server renews: the active subscription, or else the newest one when it expired (a cancelled one
  // cannot be renewed: docs/product.md, "Statuses, expiry and renewal"). History lists the newest first.
  const lapsed = !subscription && history.items[0]?.status === 'expired' ? history.items[0] : null;
  // A cancelled one is named as such (its history row says Cancelled), not as if the school never had one.
  const cancelledSub = !subscription && history.items[0]?.status === 'cancelled' ? history.items[0] : null;
  const renewable = subscription ?? lapsed;
  const shown = subscription ?? lapsed ?? cancelledSub;
  // Entitlements are the add-ons bought (listed with the subscription) and those its plan includes: the chips
  // add only the latter, so no add-on is shown twice.
  const bought = new Set(subscription?.addonNames.map((name) => name.toLowerCase()));
  const included = entitlements.filter((key) => !bought.has(ADDON_KEYS[key].toLowerCase()));

  return (
    <>
      <BackLink to="/schools">{t('detail.back')}</BackLink>
      <PageHeader
        title={school.name}
        description={<StatusBadge status={school.status} />}
        actions={
          canManage && (
            <>
              <Button variant="secondary" onClick={() => setDialog('edit')}>
                {t('detail.edit')}
              </Button>
              <Button variant="secondary" onClick={() => setDialog('assign')}>
                {t('detail.assignPlan')}
              </Button>
              <Button variant={school.isActive ? 'danger' : 'primary'} onClick={() => setDialog('active')}>
                {school.isActive ? t('detail.deactivate') : t('detail.reactivate')}
              </Button>
            </>
          )
        }
      />
      <div className="grid gap-6 xl:grid-cols-2">
        <CardSection
          titleId="school-subscription"
          title={t('detail.subscription')}
          actions={
            canManage &&
            renewable && (
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="secondary" onClick={() => setDialog('renew')}>
                  {t('detail.renew')}
                </Button>
                {subscription?.status === 'active' && (
                  <Button size="sm" variant="ghost" onClick={() => setDialog('cancel')}>
                    {t('detail.cancelSubscription')}
                  </Button>
                )}
              </div>
            )
          }
        >
          {subscription ? (
            <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
              <Detail label={t('detail.plan')}>{subscription.planName}</Detail>
              <Detail label={t('detail.status')}>
                <StatusBadge status={subscription.status} />
              </Detail>
              <Detail label={t('detail.payment')}>
                <StatusBadge status={subscription.paymentStatus} />
              </Detail>
              <Detail label={t('detail.billing')}>
                {subscription.billingCycle === 'yearly' ? t('cycle.yearly') : t('cycle.monthly')}
              </Detail>
              <Detail label={t('detail.total')}>
                {formatMoney(subscription.totalAmountMinor, subscription.currency)}
              </Detail>
              <Detail label={t('detail.autoRenew')}>{subscription.autoRenew ? t('detail.on') : t('detail.off')}</Detail>
              <Detail label={t('detail.start')}>{date(subscription.startDate)}</Detail>
              <Detail label={t('detail.end')}>{date(subscription.endDate)}</Detail>
              <Detail label={t('detail.addons')}>{subscription.addonNames.join(', ')}</Detail>
            </dl>
          ) : lapsed ? (
            <p className="text-sm text-slate-500">
              {t('detail.expiredSubscription', { plan: lapsed.planName, date: date(lapsed.endDate) })}
            </p>
          ) : cancelledSub ? (
            <p className="text-sm text-slate-500">
              {cancelledSub.cancelledAt
                ? t('detail.cancelledSubscriptionOn', {
                    plan: cancelledSub.planName,
                    date: date(cancelledSub.cancelledAt),
                  })
                : t('detail.cancelledSubscription', { plan: cancelledSub.planName })}
            </p>
          ) : (
            <p className="text-sm text-slate-500">{t('detail.noSubscription')}</p>
          )}
          {/* What the school's newest subscription billed, was paid and owes, as its own My Subscription shows it. */}
          {shown && <BillingFigures narrow subscription={shown} className="mt-4 border-t border-slate-100 pt-4" />}
          {included.length > 0 && (
            <ul className="mt-4 flex flex-wrap gap-1.5" aria-label={t('detail.activeAddons')}>
              {included.map((key) => (
                <li key={key}>
                  <Badge tone="accent">{ADDON_KEYS[key]}</Badge>
                </li>
              ))}
            </ul>
          )}
        </CardSection>
        {/* Usage and the school's people are the platform managers' (docs/product.md, "Who may do what"): the server sends company_user neither. */}
        {canManage && (
          <CardSection titleId="school-usage" title={t('detail.usage')}>
            <UsageList items={usage} />
            <nav aria-label={t('detail.people')} className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {PEOPLE_LINKS.map((path) => (
                <Link
                  key={path}
                  to={`/${path}?schoolId=${school.id}`}
                  className="font-medium text-blue-700 hover:underline"
                >
                  {t(`detail.peopleLinks.${path}`)}
                </Link>
              ))}
            </nav>
          </CardSection>
        )}
        <CardSection titleId="school-details" title={t('detail.details')}>
          <dl className="grid gap-4 sm:grid-cols-2">
            <Detail label={t('detail.address')}>{school.address}</Detail>
            <Detail label={t('detail.principal')}>{school.principalName}</Detail>
            {/* The phone is wrapped to keep it left to right; none at all is the same dash as any empty detail. */}
            <Detail label={t('detail.phone')}>{school.phone && <LtrText>{school.phone}</LtrText>}</Detail>
            <Detail label={t('detail.email')}>{school.email}</Detail>
            <Detail label={t('detail.logo')}>
              {school.logo && (
                <img src={school.logo} alt={t('detail.logoAlt', { name: school.name })} className="size-10 rounded" />
              )}
            </Detail>
            <Detail label={t('detail.created')}>{date(school.createdAt)}</Detail>
          </dl>
        </CardSection>
        {canManage && (
          <CardSection titleId="school-admins" title={t('detail.admins')}>
            {admins.length === 0 ? (
              <p className="text-sm text-slate-500">{t('detail.noAdmins')}</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {admins.map((a) => (
                  <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                    <div className="min-w-0">
                      <p className="font-medium text-slate-900">{a.name}</p>
                      <p className="break-all text-slate-500">{a.email}</p>
                    </div>
                    <div className="flex gap-2">
                      <Badge>{t('detail.adminRole', { role: a.role })}</Badge>
                      {!a.isActive && <StatusBadge status="inactive" />}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </CardSection>
        )}
        <CardSection titleId="school-history" title={t('detail.history')} className="xl:col-span-2">
          <SubscriptionHistoryList history={history} />
        </CardSection>
      </div>

      {dialog === 'edit' && <EditSchoolDialog school={school} open onOpenChange={close} />}
      {dialog === 'assign' && (
        <AssignPlanDialog schoolId={school.id} current={subscription} open onOpenChange={close} />
      )}
      {dialog === 'renew' && renewable && (
        <RenewDialog schoolId={school.id} subscription={renewable} open onOpenChange={close} />
      )}
      <ConfirmDialog
        open={dialog === 'cancel'}
        onOpenChange={close}
        title={t('detail.cancelTitle')}
        description={t('detail.cancelDescription', { name: school.name })}
        confirmLabel={t('detail.cancelSubscription')}
        cancelLabel={t('detail.keepIt')}
        tone="danger"
        pending={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => {
              toast.success(translate('schools', 'detail.cancelled'));
              setDialog(null);
            },
          })
        }
      />
      <ConfirmDialog
        open={dialog === 'active'}
        onOpenChange={close}
        title={
          school.isActive
            ? t('detail.deactivateTitle', { name: school.name })
            : t('detail.reactivateTitle', { name: school.name })
        }
        description={school.isActive ? t('detail.deactivateDescription') : t('detail.reactivateDescription')}
        confirmLabel={school.isActive ? t('detail.deactivate') : t('detail.reactivate')}
        tone={school.isActive ? 'danger' : 'primary'}
        pending={setActive.isPending}
        onConfirm={() =>
          setActive.mutate(!school.isActive, {
            onSuccess: (s) => {
              toast.success(
                translate('schools', s.isActive ? 'detail.reactivated' : 'detail.deactivated', { name: s.name }),
              );
              setDialog(null);
            },
          })
        }
      />
    </>
  );
}
