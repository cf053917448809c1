import { isCompanyRole } from '@lyceum/shared/roles';
import type { AddonRequest } from '@lyceum/shared/company';
import { ADDON_KEYS } from '@lyceum/shared/entitlements';
import { UNLIMITED } from '@lyceum/shared/plans';
import { CreditCard } from 'lucide-react';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation } from 'react-router';
import { Badge, StatusBadge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { BillingFigures, Figure } from '../../../components/ui/billing-figures';
import { Card, CardSection } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { usePaymentFor } from '../../../components/ui/payment-for';
import { PaymentStatusBadge } from '../../../components/ui/payment-status-badge';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSkeleton } from '../../../components/ui/skeleton';
import { UsageList } from '../../../components/ui/usage-meter';
import { useAuth } from '../../../lib/auth';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n';
import { useMyAddonRequests } from '../../../api/get-my-addon-requests';
import { useMyPayments } from '../api/get-my-payments';
import { useMySubscription } from '../api/get-my-subscription';
import { ContactSalesDialog } from '../components/contact-sales-dialog';
import { PaymentModal, type PaymentTarget } from '../components/payment-modal';
import { UpgradeDialog } from '../components/upgrade-dialog';
import { subscriptionPayment } from '../payment-due';

interface Paying {
  target: PaymentTarget;
  description: string;
  amountMinor: number;
  currency: string;
  /** Paying for another period of a paid subscription: the payment also asks the company to renew it. */
  renewal?: boolean;
  /** Of the amount, the next billing cycle a renewal payment pays ahead. */
  nextCycleMinor?: number;
}

/**
 * Add-on requests the school may still pay for: approved ones, and pending ones it wants to prepay, each with its
 * charge for one billing cycle. One whose payment awaits confirmation says so instead of offering Pay, which the
 * server would refuse (`A payment for this add-on is already awaiting confirmation.`), and one paid in full says
 * nothing is outstanding (docs/product.md, "Billing: what is due").
 */
function PayableRequests({
  requests,
  awaiting,
  onPay,
}: {
  requests: AddonRequest[];
  awaiting: (r: AddonRequest) => boolean;
  onPay: (r: AddonRequest) => void;
}) {
  const { t } = useT('subscription');
  const format = useFormat();
  if (requests.length === 0) return <p className="text-sm text-slate-500">{t('requests.empty')}</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {requests.map((r) => (
        <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
          <span className="font-medium text-slate-900">
            {r.addonName}{' '}
            <span className="font-normal text-slate-500">
              {t('perCycle', { price: format.money(r.amountDueMinor, r.currency), cycle: r.billingCycle })}
            </span>
          </span>
          <span className="flex items-center gap-2">
            <StatusBadge status={r.status} />
            {r.status !== 'rejected' && awaiting(r) && (
              <span className="text-xs text-slate-500">{t('requests.paymentAwaiting')}</span>
            )}
            {r.status !== 'rejected' && !awaiting(r) && r.outstandingMinor === 0 && (
              <span className="text-xs text-slate-500">{t('nothingOutstanding')}</span>
            )}
            {r.status !== 'rejected' && !awaiting(r) && r.outstandingMinor > 0 && (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => onPay(r)}
                aria-label={t('requests.payFor', { addon: r.addonName })}
              >
                {t('requests.pay')}
              </Button>
            )}
          </span>
          {r.reason && <p className="w-full text-xs text-red-700">{t('requests.reason', { reason: r.reason })}</p>}
        </li>
      ))}
    </ul>
  );
}

/** My Subscription (school admin): plan, limits and usage, add-ons, history, and renew / change / pay. */
export function MySubscriptionPage() {
  const { t } = useT('subscription');
  const format = useFormat();
  const paymentFor = usePaymentFor();
  const { user } = useAuth();
  const isSchoolAdmin = user?.role === 'school_admin';
  const data = useMySubscription(isSchoolAdmin);
  const requests = useMyAddonRequests(isSchoolAdmin);
  const payments = useMyPayments(isSchoolAdmin);
  const [paying, setPaying] = useState<Paying | null>(null);
  const [upgrading, setUpgrading] = useState(false);
  const [contacting, setContacting] = useState(false);
  // A notification opens the part it is about (#my-plan, #my-addons, #my-payments; docs/product.md,
  // "Notifications"), once the page has drawn it.
  const { hash } = useLocation();
  const loaded = data.data !== undefined;
  useEffect(() => {
    if (loaded && hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.();
  }, [loaded, hash]);

  if (!isSchoolAdmin) {
    // Company staff belong to no school: a school's subscription is on its page under Schools.
    const staff = user !== null && isCompanyRole(user.role);
    return (
      <>
        <PageHeader title={t('mine.title')} />
        <Card>
          <EmptyState
            icon={<CreditCard className="size-6" aria-hidden="true" />}
            title={staff ? t('mine.companyStaff.title') : t('mine.notAdmin.title')}
            description={staff ? t('mine.companyStaff.description') : t('mine.notAdmin.description')}
            action={
              staff ? (
                <Link to="/schools" className={buttonClasses('secondary')}>
                  {t('mine.companyStaff.goToSchools')}
                </Link>
              ) : (
                <Link to="/dashboard" className={buttonClasses('secondary')}>
                  {t('mine.backToDashboard')}
                </Link>
              )
            }
          />
        </Card>
      </>
    );
  }
  if (data.isPending) return <PageSkeleton />;
  if (data.isError) {
    return (
      <>
        <PageHeader title={t('mine.title')} />
        <ErrorState error={data.error} onRetry={() => data.refetch()} retrying={data.isFetching} />
      </>
    );
  }
  const { subscription, plan, addons, usage, history, daysLeft, entitlements } = data.data;
  // A subscription or add-on request has one pending payment at a time (docs/product.md, "Payments"): while one
  // awaits confirmation the page offers no other, which the server could only refuse, and says why.
  const pendingPayments = (payments.data?.items ?? []).filter((p) => p.status === 'pending');
  const awaitingPayment = subscription && pendingPayments.find((p) => p.subscriptionId === subscription.id);
  // Add-ons the plan includes are the school's too, though never bought: entitlements the bought ones leave.
  const includedAddons = entitlements.filter(
    (key) => !addons.some((a) => a.key === key || a.name.toLowerCase() === ADDON_KEYS[key].toLowerCase()),
  );
  // A trial in force shows as "trial" (docs/product.md, "Trials"); it is free, so nothing is due yet.
  const onTrial = (s: { status: string; isTrial: boolean }) => s.isTrial && s.status === 'active';
  const trial = subscription !== null && onTrial(subscription);
  // What is outstanding is paid as such; otherwise the payment renews (a trial's pays for what follows it). A
  // cancelled subscription is not renewed, only paid for when it was left unpaid.
  const payment = subscription && subscriptionPayment(subscription, trial);
  // The company cannot renew or change a cancelled subscription, so the page offers no renewal to pay for and
  // no plan change: the school asks sales for a plan instead (docs/product.md, "Statuses, expiry and renewal").
  const cancelled = subscription?.status === 'cancelled';
  const contactButton = (
    <Button variant="secondary" onClick={() => setContacting(true)}>
      {t('mine.contactSales')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('mine.title')}
        description={
          awaitingPayment &&
          t('mine.paymentAwaiting', { amount: format.money(awaitingPayment.amountMinor, awaitingPayment.currency) })
        }
        actions={
          <>
            {subscription && payment && !awaitingPayment && (
              <Button
                onClick={() =>
                  setPaying({
                    target: { subscriptionId: subscription.id },
                    description: t('mine.payingFor', {
                      renewal: payment.renewal ? 'yes' : 'no',
                      plan: subscription.planName,
                      cycle: subscription.billingCycle,
                    }),
                    amountMinor: payment.amountMinor,
                    currency: subscription.currency,
                    renewal: payment.renewal,
                    nextCycleMinor: payment.nextCycleMinor,
                  })
                }
              >
                {t(`mine.${payment.kind}`)}
              </Button>
            )}
            {!cancelled && (
              <Button variant="secondary" onClick={() => setUpgrading(true)}>
                {t('mine.upgrade')}
              </Button>
            )}
            {contactButton}
          </>
        }
      />
      <div className="grid gap-6 xl:grid-cols-2">
        <CardSection
          titleId="my-plan"
          title={plan ? t('mine.planTitle', { plan: plan.name }) : t('mine.noPlan')}
          className="xl:col-span-2"
        >
          {subscription ? (
            <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
              <Figure label={t('mine.figure.status')}>
                <StatusBadge status={trial ? 'trial' : subscription.status} />
              </Figure>
              <Figure label={t('mine.figure.payment')}>
                {trial && subscription.paymentStatus !== 'paid' ? (
                  t('mine.freeTrial')
                ) : (
                  <StatusBadge status={subscription.paymentStatus} />
                )}
              </Figure>
              <Figure label={t('mine.figure.billing')}>{t('mine.cycle', { cycle: subscription.billingCycle })}</Figure>
              <Figure label={trial ? t('mine.figure.afterTrial') : t('mine.figure.price')}>
                {format.money(subscription.totalAmountMinor, subscription.currency)}
              </Figure>
              <Figure label={t('mine.figure.ends')}>{format.date(subscription.endDate)}</Figure>
              <Figure label={t('mine.figure.daysLeft')}>
                {/* Counted on the school's calendar: 0 while active means today is the last day. */}
                {daysLeft === null
                  ? '—'
                  : daysLeft < 0 || (daysLeft === 0 && subscription.status !== 'active')
                    ? t('mine.expired')
                    : daysLeft === 0
                      ? t('mine.endsToday')
                      : t('mine.days', { days: daysLeft })}
              </Figure>
            </dl>
          ) : (
            <p className="text-sm text-slate-500">{t('mine.noSubscription')}</p>
          )}
          {subscription && (
            <BillingFigures subscription={subscription} className="mt-4 border-t border-slate-100 pt-4" />
          )}
          {cancelled && <p className="mt-4 text-sm text-slate-600">{t('mine.cancelled')}</p>}
          {plan && plan.features.length > 0 && (
            <ul className="mt-4 flex flex-wrap gap-1.5">
              {plan.features.map((f) => (
                <li key={f}>
                  <Badge>{f}</Badge>
                </li>
              ))}
            </ul>
          )}
        </CardSection>
        <CardSection titleId="my-usage" title={t('mine.usage')}>
          <div className="space-y-3">
            <UsageList items={usage} />
            {plan && (
              <p className="text-xs text-slate-500">
                {t('mine.schoolsOnPlan', {
                  limit:
                    plan.limits.maxSchools === UNLIMITED ? t('mine.unlimited') : format.number(plan.limits.maxSchools),
                })}
              </p>
            )}
          </div>
        </CardSection>
        <CardSection
          titleId="my-addons"
          title={t('mine.addons')}
          actions={
            // The marketplace is for a subscription in force: a lapsed or cancelled school would only be sent
            // on to the plan-expiry screen (402), so it is sent to renew or to sales from this page instead.
            subscription?.status === 'active' && (
              <Link to="/addon-marketplace" className={buttonClasses('secondary', 'sm')}>
                {t('mine.marketplace')}
              </Link>
            )
          }
        >
          {addons.length === 0 && includedAddons.length === 0 ? (
            <p className="text-sm text-slate-500">{t('mine.noAddons')}</p>
          ) : (
            <ul className="flex flex-wrap gap-1.5" aria-label={t('mine.activeAddons')}>
              {addons.map((a) => (
                <li key={a.id}>
                  <Badge tone="accent">{a.name}</Badge>
                </li>
              ))}
              {includedAddons.map((key) => (
                <li key={key}>
                  <Badge tone="accent">{t('mine.includedAddon', { addon: ADDON_KEYS[key] })}</Badge>
                </li>
              ))}
            </ul>
          )}
          <h3 className="mt-5 mb-2 text-sm font-semibold text-slate-900">{t('requests.title')}</h3>
          {requests.isError ? (
            <ErrorState error={requests.error} onRetry={() => requests.refetch()} />
          ) : (
            <PayableRequests
              requests={requests.data?.items ?? []}
              awaiting={(r) => pendingPayments.some((p) => p.addonRequestId === r.id)}
              onPay={(r) =>
                setPaying({
                  target: { addonRequestId: r.id },
                  description: r.addonName,
                  // What it still owes: its charge for one billing cycle, less what was paid of it already.
                  amountMinor: r.outstandingMinor,
                  currency: r.currency,
                })
              }
            />
          )}
        </CardSection>
        <CardSection titleId="my-payments" title={t('mine.payments')}>
          {payments.isError ? (
            <ErrorState error={payments.error} onRetry={() => payments.refetch()} />
          ) : (payments.data?.items.length ?? 0) === 0 ? (
            <p className="text-sm text-slate-500">{t('mine.noPayments')}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {payments.data?.items.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                  <span className="min-w-0">
                    <span className="font-medium text-slate-900">{paymentFor(p)}</span>{' '}
                    {p.renewal && <Badge>{t('mine.renewal')}</Badge>}{' '}
                    <span className="text-slate-500">{format.date(p.createdAt)}</span>
                  </span>
                  <span className="flex flex-wrap items-center gap-2">
                    {/* What is outstanding is the subscription's (its figures above) or the add-on request's (its
                        row), not each payment's: repeated per row it read as every payment's own balance. */}
                    <span className="tabular-nums">{format.money(p.amountMinor, p.currency)}</span>
                    <PaymentStatusBadge status={p.status} />
                    {/* A receipt is for money received: a pending or rejected payment has none (409). */}
                    {p.status === 'confirmed' && (
                      <Link
                        to={`/payments/${p.id}/receipt`}
                        className="text-blue-700 hover:underline"
                        aria-label={t('mine.receiptOf', { receipt: p.receiptNumber })}
                      >
                        {t('mine.receipt')}
                      </Link>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CardSection>
        <CardSection titleId="my-history" title={t('mine.history')}>
          <p className="mb-2 text-sm text-slate-600">
            {t('mine.changes', { upgrades: history.totalUpgrades, downgrades: history.totalDowngrades })}
          </p>
          <ol className="divide-y divide-slate-100 text-sm">
            {history.items.map((s) => (
              <li key={s.id} className="flex flex-wrap justify-between gap-2 py-2">
                <span>
                  {/* Someone's text, isolated: in Arabic "Standard" would otherwise take the date's day with it. */}
                  <bdi>{s.planName}</bdi>{' '}
                  <span className="text-slate-500">
                    {format.date(s.startDate)} – {format.date(s.endDate)}
                  </span>
                </span>
                <StatusBadge status={onTrial(s) ? 'trial' : s.status} />
              </li>
            ))}
          </ol>
        </CardSection>
      </div>
      {paying && (
        <PaymentModal
          open
          onOpenChange={(open) => !open && setPaying(null)}
          target={paying.target}
          description={paying.description}
          amountMinor={paying.amountMinor}
          currency={paying.currency}
          renewal={paying.renewal}
          nextCycleMinor={paying.nextCycleMinor}
          onRecorded={() => {
            if (paying.renewal) toast.success(t('mine.renewalRequested'));
          }}
        />
      )}
      {upgrading && <UpgradeDialog currentPlanId={plan?.id ?? null} open onOpenChange={setUpgrading} />}
      {contacting && <ContactSalesDialog open onOpenChange={setContacting} />}
    </>
  );
}
