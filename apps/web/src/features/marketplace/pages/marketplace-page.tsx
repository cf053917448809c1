import { isCompanyRole } from '@lyceum/shared/roles';
import type { AddonRequest, MarketplaceResponse } from '@lyceum/shared/company';
import { Check, Puzzle, Store } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Badge, StatusBadge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAuth } from '../../../lib/auth';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n';
import { useMyAddonRequests } from '../../../api/get-my-addon-requests';
import { useMarketplace } from '../api/get-marketplace';
import { useRequestAddon } from '../api/request-addon';

type Item = MarketplaceResponse['items'][number];

function AddonTile({ item, lastRequest }: { item: Item; lastRequest: AddonRequest | undefined }) {
  const { t } = useT('marketplace');
  const format = useFormat();
  const request = useRequestAddon();
  const pending = Boolean(item.pendingRequestId);
  const [confirming, setConfirming] = useState(false);
  const price = format.money(item.priceMinor, item.currency);
  // A request is a purchase on its way: asked first, naming what it costs and what follows (docs/product.md,
  // "Add-on requests and entitlements"). A refusal stays in the dialog.
  const ask = async () => {
    await request.mutateAsync({ addonId: item.id });
    setConfirming(false);
    toast.success(t('requested', { name: item.name }));
  };
  return (
    <Card className="flex flex-col p-5">
      <article aria-labelledby={`addon-${item.id}`} className="flex flex-1 flex-col">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={`addon-${item.id}`} className="text-base font-semibold text-slate-900">
            {item.name}
          </h2>
          {item.owned && (
            <Badge tone="success">
              <Check className="me-1 size-3" aria-hidden="true" />
              {item.includedInPlan ? t('badge.included') : t('badge.active')}
            </Badge>
          )}
          {!item.owned && pending && <StatusBadge status="pending" label={t('badge.requested')} />}
        </div>
        <p className="mt-1 text-sm text-slate-500">{item.description}</p>
        <p className="mt-3 text-lg font-semibold text-slate-900 tabular-nums">
          {price}
          <span className="text-sm font-normal text-slate-500"> {t('per', { period: item.billingPeriod })}</span>
        </p>
        {item.features.length > 0 && (
          <ul className="mt-2 space-y-0.5 text-sm text-slate-700">
            {item.features.map((f) => (
              <li key={f} className="flex items-center gap-1.5">
                <Check className="size-3.5 text-emerald-600" aria-hidden="true" />
                {f}
              </li>
            ))}
          </ul>
        )}
        {!item.owned && !pending && lastRequest?.status === 'rejected' && (
          <p className="mt-2 text-xs text-red-700">
            {lastRequest.reason ? t('rejectedBecause', { reason: lastRequest.reason }) : t('rejected')}
          </p>
        )}
        <div className="mt-auto pt-4">
          {item.owned ? null : pending ? (
            <Link to="/subscription" className={buttonClasses('secondary', 'sm')}>
              {t('payOrCheck')}
            </Link>
          ) : (
            <Button size="sm" onClick={() => setConfirming(true)} aria-label={t('requestNamed', { name: item.name })}>
              {t('request')}
            </Button>
          )}
        </div>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t('confirmRequest.title', { name: item.name })}
          description={t('confirmRequest.description', { name: item.name, price, period: item.billingPeriod })}
          confirmLabel={t('confirmRequest.confirm')}
          pending={request.isPending}
          onConfirm={ask}
        />
      </article>
    </Card>
  );
}

/** Marketplace (school admin): add-ons with price and features, the ones the school has, and requests. */
export function MarketplacePage() {
  const { t } = useT('marketplace');
  const { user } = useAuth();
  const isSchoolAdmin = user?.role === 'school_admin';
  const market = useMarketplace(isSchoolAdmin);
  const requests = useMyAddonRequests(isSchoolAdmin);

  const header = <PageHeader title={t('title')} description={t('description')} />;
  if (!isSchoolAdmin) {
    // Company staff belong to no school: the add-ons on offer and schools' requests are their own pages.
    const staff = user !== null && isCompanyRole(user.role);
    return (
      <>
        {staff ? <PageHeader title={t('title')} /> : header}
        <Card>
          <EmptyState
            icon={<Store className="size-6" aria-hidden="true" />}
            title={staff ? t('companyStaff.title') : t('notAdmin.title')}
            description={staff ? t('companyStaff.description') : t('notAdmin.description')}
            action={
              staff ? (
                <Link to="/subscription-plans" className={buttonClasses('secondary')}>
                  {t('companyStaff.goToPlans')}
                </Link>
              ) : (
                <Link to="/dashboard" className={buttonClasses('secondary')}>
                  {t('backToDashboard')}
                </Link>
              )
            }
          />
        </Card>
      </>
    );
  }
  if (market.isPending) {
    return (
      <>
        {header}
        <div role="status" aria-label={t('loading')} className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {['a', 'b', 'c'].map((k) => (
            <Skeleton key={k} className="h-56" />
          ))}
        </div>
      </>
    );
  }
  if (market.isError) {
    return (
      <>
        {header}
        <ErrorState error={market.error} onRetry={() => market.refetch()} retrying={market.isFetching} />
      </>
    );
  }
  const lastRequestOf = (addonId: string) => requests.data?.items.find((r) => r.addonId === addonId);
  return (
    <>
      {header}
      {market.data.items.length === 0 ? (
        <Card>
          <EmptyState icon={<Puzzle className="size-6" aria-hidden="true" />} title={t('empty')} />
        </Card>
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {market.data.items.map((item) => (
            <AddonTile key={item.id} item={item} lastRequest={lastRequestOf(item.id)} />
          ))}
        </div>
      )}
    </>
  );
}
