import { isCompanyRole } from '@lyceum/shared/roles';
import { CalendarX2 } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useMySchool } from '../../../api/get-my-school';
import { PageHeader } from '../../../components/ui/page-header';
import { useAuth } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/i18n';
import { useMySubscription } from '../api/get-my-subscription';
import { ContactSalesDialog } from '../components/contact-sales-dialog';

/** The plan expiry screen: what a school user sees once the school's subscription has lapsed. */
export function PlanExpiredPage() {
  const { t } = useT('subscription');
  const { user, school } = useAuth();
  const [contacting, setContacting] = useState(false);
  const isSchoolAdmin = user?.role === 'school_admin';
  // A lapsed subscription is renewed; a cancelled one cannot be, so its admin is sent to sales with My
  // Subscription's words (docs/product.md, "Statuses, expiry and renewal"). Renew waits for the answer, so it
  // never shows for a cancelled one; should the read fail, My Subscription says why. Read afresh, as the card
  // below: it may have been read before the lapse, or before a renewal.
  const mine = useMySubscription(isSchoolAdmin, 0);
  // Everyone else cannot read My Subscription; the school's card says which it was, read afresh (the card
  // may have been read before the cancellation). Until it answers, the lapse's words stand.
  const card = useMySchool(!isSchoolAdmin && user?.schoolId != null, 0);
  const cancelled = isSchoolAdmin
    ? mine.data?.subscription?.status === 'cancelled'
    : card.data?.subscriptionStatus === 'cancelled';
  // The screen is for a school with no subscription in force (docs/product.md, "When a subscription lapses
  // mid-session"): opened directly, or reloaded after a renewal, while it is active, it sends the user on. Only
  // an answer read since the screen opened counts: one cached from before the lapse would send them back to
  // the page whose 402 brought them here.
  const status = isSchoolAdmin
    ? mine.isFetchedAfterMount && mine.data?.subscription?.status
    : card.isFetchedAfterMount && card.data?.subscriptionStatus;
  const offerRenewal = isSchoolAdmin && !mine.isPending && !cancelled;
  // A cancelled subscription is not renewed but replaced by a plan, so the message to sales asks for one.
  const salesMessage = cancelled
    ? school
      ? t('expired.cancelledSalesMessageFor', { school: school.name })
      : t('expired.cancelledSalesMessage')
    : school
      ? t('expired.salesMessageFor', { school: school.name })
      : t('expired.salesMessage');
  // Company staff are never held back by a school's subscription, and have no school to renew.
  if (user && isCompanyRole(user.role)) return <Navigate to="/dashboard" replace />;
  if (status === 'active') return <Navigate to="/dashboard" replace />;
  return (
    <>
      <PageHeader title={cancelled ? t('expired.cancelledTitle') : t('expired.title')} />
      <Card className="mx-auto max-w-xl p-6 text-center sm:p-8">
        <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-red-50 text-red-600">
          <CalendarX2 className="size-7" aria-hidden="true" />
        </div>
        <p className="text-base font-semibold text-slate-900">{school?.name ?? t('expired.yourSchool')}</p>
        {/* A cancelled subscription cannot be renewed: its admin is told so, everyone else to ask their admin,
            not to have it renewed. A lapsed one: everyone else is sent to their admin, and the admin, who is
            that person, is told what they can do (the hint below). */}
        <p role="alert" className="mt-2 text-sm text-slate-600">
          {isSchoolAdmin
            ? cancelled
              ? t('mine.cancelled')
              : t('expired.adminMessage')
            : cancelled
              ? t('expired.cancelledMessage')
              : t('expired.message')}
        </p>
        {offerRenewal && <p className="mt-2 text-sm text-slate-600">{t('expired.adminHint')}</p>}
        <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
          {offerRenewal && (
            <Link to="/subscription" className={buttonClasses('primary')}>
              {t('expired.renew')}
            </Link>
          )}
          <Button variant={offerRenewal ? 'secondary' : 'primary'} onClick={() => setContacting(true)}>
            {t('expired.contactSales')}
          </Button>
        </div>
      </Card>
      {contacting && <ContactSalesDialog open onOpenChange={setContacting} defaultMessage={salesMessage} />}
    </>
  );
}
