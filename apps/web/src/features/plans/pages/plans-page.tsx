import type { Addon, Plan } from '@lyceum/shared/company';
import { UNLIMITED } from '@lyceum/shared/plans';
import { Layers, Plus, Puzzle } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Badge, StatusBadge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs } from '../../../components/ui/tabs';
import { useSingleFlight } from '../../../components/ui/use-single-flight';
import { useIsPlatformManager } from '../../../lib/company-role';
import { formatMoney, formatNumber, useFormat } from '../../../lib/i18n/format';
import { translate, useT } from '../../../lib/i18n/i18n';
import { useCompanyAddons } from '../../../api/get-company-addons';
import { useCompanyPlans } from '../../../api/get-company-plans';
import { useSaveAddon } from '../api/save-addon';
import { useSavePlan } from '../api/save-plan';
import { AddonFormDialog } from '../components/addon-form-dialog';
import { LIMIT_KEYS, PlanFormDialog } from '../components/plan-form-dialog';

function CardsSkeleton() {
  const { t } = useT('plans');
  return (
    <div role="status" aria-label={t('page.loading')} className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {['a', 'b', 'c'].map((k) => (
        <Skeleton key={k} className="h-72" />
      ))}
    </div>
  );
}

type Editing<T> = { item: T | null } | null;

function PlanCard({
  plan,
  addons,
  canManage,
  onEdit,
  onToggle,
  toggling,
}: {
  plan: Plan;
  addons: readonly Addon[];
  canManage: boolean;
  onEdit: () => void;
  onToggle: () => void;
  toggling: boolean;
}) {
  const { t } = useT('plans');
  const included = addons.filter((a) => plan.addonIds.includes(a.id)).map((a) => a.name);
  return (
    <Card className="flex flex-col overflow-hidden">
      <div className="h-1.5" style={{ backgroundColor: plan.color }} aria-hidden="true" />
      <article aria-labelledby={`plan-${plan.id}`} className="flex flex-1 flex-col p-5">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={`plan-${plan.id}`} className="text-lg font-semibold text-slate-900">
            {plan.name}
          </h2>
          {plan.isPopular && <Badge tone="accent">{t('card.popular')}</Badge>}
          {!plan.isActive && <StatusBadge status="inactive" />}
        </div>
        <p className="mt-1 text-sm text-slate-500">{plan.description}</p>
        <p className="mt-3 text-2xl font-semibold text-slate-900 tabular-nums">
          {formatMoney(plan.priceMinor, plan.currency)}
          <span className="text-sm font-normal text-slate-500"> {t('card.perMonth')}</span>
        </p>
        <p className="text-xs text-slate-500">
          {t('card.summary', { percent: plan.yearlyDiscountPercent, count: plan.activeSubscriptions })}
        </p>
        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          {LIMIT_KEYS.map((key) => (
            <div key={key} className="contents">
              <dt className="text-slate-500">{t(`limits.${key}`)}</dt>
              <dd className="text-end font-medium text-slate-800 tabular-nums">
                {plan.limits[key] === UNLIMITED ? t('limits.unlimited') : formatNumber(plan.limits[key])}
              </dd>
            </div>
          ))}
        </dl>
        {plan.features.length > 0 && (
          <ul className="mt-4 list-inside list-disc space-y-0.5 text-sm text-slate-700">
            {plan.features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        )}
        {included.length > 0 && (
          <p className="mt-3 text-sm text-slate-600">{t('card.includes', { names: included.join(', ') })}</p>
        )}
        {canManage && (
          <div className="mt-auto flex flex-wrap gap-2 pt-5">
            <Button
              variant="secondary"
              size="sm"
              onClick={onEdit}
              aria-label={t('card.editLabel', { name: plan.name })}
            >
              {t('card.edit')}
            </Button>
            <Button variant="ghost" size="sm" onClick={onToggle} loading={toggling}>
              {plan.isActive ? t('card.deactivate') : t('card.reactivate')}
              <span className="sr-only"> {plan.name}</span>
            </Button>
          </div>
        )}
      </article>
    </Card>
  );
}

function AddonCard({
  addon,
  canManage,
  onEdit,
  onToggle,
  toggling,
}: {
  addon: Addon;
  canManage: boolean;
  onEdit: () => void;
  onToggle: () => void;
  toggling: boolean;
}) {
  const { t } = useT('plans');
  return (
    <Card className="flex flex-col p-5">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-base font-semibold text-slate-900">{addon.name}</h2>
        {!addon.isActive && <StatusBadge status="inactive" />}
      </div>
      <p className="mt-1 text-sm text-slate-500">{addon.description}</p>
      <p className="mt-3 text-lg font-semibold text-slate-900 tabular-nums">
        {formatMoney(addon.priceMinor, addon.currency)}
        <span className="text-sm font-normal text-slate-500"> {t('card.per', { period: addon.billingPeriod })}</span>
      </p>
      {addon.features.length > 0 && <p className="mt-2 text-sm text-slate-600">{addon.features.join(' · ')}</p>}
      {canManage && (
        <div className="mt-auto flex flex-wrap gap-2 pt-4">
          <Button variant="secondary" size="sm" onClick={onEdit} aria-label={t('card.editLabel', { name: addon.name })}>
            {t('card.edit')}
          </Button>
          <Button variant="ghost" size="sm" onClick={onToggle} loading={toggling}>
            {addon.isActive ? t('card.deactivate') : t('card.reactivate')}
            <span className="sr-only"> {addon.name}</span>
          </Button>
        </div>
      )}
    </Card>
  );
}

/** Subscription Plans: the plans and add-ons on offer; managers create, edit and deactivate them. */
export function PlansPage() {
  const { t } = useT('plans');
  useFormat();
  const [tab, setTab] = useState<'plans' | 'addons'>('plans');
  const canManage = useIsPlatformManager();
  const plans = useCompanyPlans();
  const addons = useCompanyAddons();
  const savePlan = useSavePlan();
  const saveAddon = useSaveAddon();
  const [editingPlan, setEditingPlan] = useState<Editing<Plan>>(null);
  const [editingAddon, setEditingAddon] = useState<Editing<Addon>>(null);
  const [deactivating, setDeactivating] = useState<{ kind: 'plan' | 'addon'; id: string; name: string } | null>(null);

  const addonItems = addons.data?.items ?? [];
  const flight = useSingleFlight();
  const toggle = (kind: 'plan' | 'addon', item: Plan | Addon) => {
    if (item.isActive) {
      setDeactivating({ kind, id: item.id, name: item.name });
      return;
    }
    const mutation = kind === 'plan' ? savePlan : saveAddon;
    flight.run(item.id, async () => {
      await mutation.mutateAsync({ id: item.id, input: { isActive: true } });
      toast.success(translate('plans', 'page.offeredAgain', { name: item.name }));
    });
  };
  const confirmDeactivate = () => {
    if (!deactivating) return;
    const mutation = deactivating.kind === 'plan' ? savePlan : saveAddon;
    mutation.mutate(
      { id: deactivating.id, input: { isActive: false } },
      {
        onSuccess: () => {
          toast.success(translate('plans', 'page.noLongerOffered', { name: deactivating.name }));
          setDeactivating(null);
        },
      },
    );
  };

  const query = tab === 'plans' ? plans : addons;
  let body: React.ReactNode;
  if (query.isPending) body = <CardsSkeleton />;
  else if (query.isError)
    body = <ErrorState error={query.error} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  else if (tab === 'plans')
    body =
      (plans.data?.items.length ?? 0) === 0 ? (
        <Card>
          <EmptyState icon={<Layers className="size-6" aria-hidden="true" />} title={t('page.noPlans')} />
        </Card>
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {plans.data?.items.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              addons={addonItems}
              canManage={canManage}
              onEdit={() => setEditingPlan({ item: plan })}
              onToggle={() => toggle('plan', plan)}
              toggling={flight.running(plan.id)}
            />
          ))}
        </div>
      );
  else
    body =
      addonItems.length === 0 ? (
        <Card>
          <EmptyState icon={<Puzzle className="size-6" aria-hidden="true" />} title={t('page.noAddons')} />
        </Card>
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {addonItems.map((addon) => (
            <AddonCard
              key={addon.id}
              addon={addon}
              canManage={canManage}
              onEdit={() => setEditingAddon({ item: addon })}
              onToggle={() => toggle('addon', addon)}
              toggling={flight.running(addon.id)}
            />
          ))}
        </div>
      );

  return (
    <>
      <PageHeader
        title={t('page.title')}
        description={t('page.description')}
        actions={
          canManage && (
            <Button
              onClick={() => (tab === 'plans' ? setEditingPlan({ item: null }) : setEditingAddon({ item: null }))}
            >
              <Plus className="size-4" aria-hidden="true" />
              {tab === 'plans' ? t('page.newPlan') : t('page.newAddon')}
            </Button>
          )
        }
      />
      <Tabs
        label={t('page.catalogue')}
        value={tab}
        onChange={(id) => setTab(id as 'plans' | 'addons')}
        tabs={[
          { id: 'plans', label: t('page.plans'), count: plans.data?.items.length },
          { id: 'addons', label: t('page.addons'), count: addons.data?.items.length },
        ]}
      >
        {body}
      </Tabs>
      {editingPlan && (
        <PlanFormDialog
          key={editingPlan.item?.id ?? 'new'}
          open
          onOpenChange={(open) => !open && setEditingPlan(null)}
          plan={editingPlan.item}
          addons={addonItems}
        />
      )}
      {editingAddon && (
        <AddonFormDialog
          key={editingAddon.item?.id ?? 'new'}
          open
          onOpenChange={(open) => !open && setEditingAddon(null)}
          addon={editingAddon.item}
        />
      )}
      <ConfirmDialog
        open={deactivating !== null}
        onOpenChange={(open) => !open && setDeactivating(null)}
        title={t('page.deactivateTitle', { name: deactivating?.name ?? '' })}
        description={t('page.deactivateDescription')}
        confirmLabel={t('card.deactivate')}
        tone="danger"
        pending={savePlan.isPending || saveAddon.isPending}
        onConfirm={confirmDeactivate}
      />
    </>
  );
}
