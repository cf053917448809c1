import { LEAD_STATUSES } from '@lyceum/shared/company';
import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { StatusBadge } from '../../../components/ui/badge';
import { CardSection } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { useIsPlatformManager } from '../../../lib/company-role';
import { useRecentLeads } from '../api/get-leads';
import { useUpdateLead } from '../api/update-lead';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n';

/**
 * The newest sales leads (contact-sales modal, renew and upgrade requests) for company staff. A lead's
 * notification opens the dashboard with `?lead={id}`: the card comes into view with that lead marked.
 */
export function LeadsCard() {
  const { t } = useT('dashboard');
  const format = useFormat();
  const leads = useRecentLeads(true);
  const canManage = useIsPlatformManager();
  const update = useUpdateLead();
  const opened = useSearchParams()[0].get('lead');
  const card = useRef<HTMLDivElement>(null);
  const loaded = leads.isSuccess;
  useEffect(() => {
    if (opened && loaded) card.current?.scrollIntoView?.({ block: 'start' });
  }, [opened, loaded]);
  return (
    <div ref={card} className="scroll-mt-4">
      <CardSection titleId="leads-title" title={t('leads.title')}>
        {leads.isPending ? (
          <Skeleton className="h-24" />
        ) : leads.isError ? (
          <ErrorState error={leads.error} onRetry={() => leads.refetch()} />
        ) : leads.data.items.length === 0 ? (
          <p className="text-sm text-slate-500">{t('leads.empty')}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {leads.data.items.map((lead) => (
              <li
                key={lead.id}
                aria-current={lead.id === opened ? 'true' : undefined}
                className={`py-2 text-sm ${lead.id === opened ? '-mx-2 rounded-md bg-amber-50 px-2 ring-1 ring-amber-200' : ''}`}
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium text-slate-900">
                    <bdi>{lead.schoolName}</bdi>{' '}
                    <span className="font-normal text-slate-500">· {t(`leads.kind.${lead.kind}`)}</span>
                  </span>
                  {canManage ? (
                    <Select
                      id={`lead-${lead.id}`}
                      label={t('leads.statusOf', { school: lead.schoolName })}
                      hideLabel
                      value={lead.status}
                      disabled={update.isPending}
                      onChange={(e) =>
                        update.mutate(
                          { id: lead.id, status: e.target.value as (typeof LEAD_STATUSES)[number] },
                          {
                            onSuccess: () => toast.success(t('leads.updated')),
                          },
                        )
                      }
                      options={LEAD_STATUSES.map((s) => ({ value: s, label: t(`leads.status.${s}`) }))}
                      className="h-8 py-1 text-xs"
                    />
                  ) : (
                    <StatusBadge status={lead.status} />
                  )}
                </div>
                <p className="text-slate-600">
                  {/* Names as written, each its own direction inside a right-to-left line. */}
                  <bdi>{lead.name}</bdi> (<bdi>{lead.email}</bdi>)
                  {lead.planName ? (
                    <>
                      {' · '}
                      <bdi>{lead.planName}</bdi>
                    </>
                  ) : null}
                  {/* What a renewal or upgrade asks for comes as data, worded here in the reader's language. */}
                  {lead.billingCycle ? ` · ${t('leads.billingCycle', { cycle: lead.billingCycle })}` : null} ·{' '}
                  {format.date(lead.createdAt)}
                </p>
                {lead.receiptNumber ? (
                  <p className="text-slate-600">{t('leads.renewalPayment', { receipt: lead.receiptNumber })}</p>
                ) : null}
                {lead.message ? (
                  <p className="line-clamp-2 text-slate-500" dir="auto">
                    {lead.message}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardSection>
    </div>
  );
}
