import { PRODUCT_TITLE } from '@lyceum/shared/constants';
import { MESSAGES } from '@lyceum/shared/errors';
import { CalendarX2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ContactSalesDialog } from '../components/contact-sales-dialog';

/**
 * The plan-expiry screen for a school user whose sign-in was refused because the subscription lapsed
 * (public: there is no session). The sign-in page links here with the e-mail it tried.
 */
export function LapsedPlanPage() {
  const location = useLocation();
  const email = (location.state as { email?: string } | null)?.email ?? '';
  const [contacting, setContacting] = useState(false);
  const [sent, setSent] = useState(false);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-10">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <p className="text-sm font-semibold text-slate-500">{PRODUCT_TITLE}</p>
        <div className="mx-auto my-4 flex size-14 items-center justify-center rounded-full bg-red-50 text-red-600">
          <CalendarX2 className="size-7" aria-hidden="true" />
        </div>
        <h1 className="text-xl font-semibold text-slate-900">Subscription expired</h1>
        <p className="mt-2 text-sm text-slate-600">{MESSAGES.subscriptionExpired}</p>
        {sent && (
          <Alert tone="success" className="mt-4 text-start">
            Thanks! Our sales team will contact you shortly.
          </Alert>
        )}
        <div className="mt-6 flex flex-col gap-2">
          {!sent && <Button onClick={() => setContacting(true)}>Contact sales</Button>}
          <Link to="/login" className={buttonClasses('secondary')}>
            Back to sign in
          </Link>
        </div>
      </div>
      {contacting && (
        <ContactSalesDialog
          open
          onOpenChange={setContacting}
          defaultMessage="Our subscription has expired and we would like to renew."
          lapsed={{ defaultEmail: email, onSent: () => setSent(true) }}
        />
      )}
    </main>
  );
}
