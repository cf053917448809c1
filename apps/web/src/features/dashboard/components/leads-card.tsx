import { LEAD_STATUSES } from '@lyceum/shared/company';
import toast from 'react-hot-toast';
import { StatusBadge } from '../../../components/ui/badge';
import { CardSection } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useIsPlatformManager } from '../../../lib/company-role';
import { useRecentLeads } from '../api/get-leads';
import { useUpdateLead } from '../api/update-lead';
import { formatDate } from '../../../lib/format-date';

const KIND_LABELS = { contact_sales: 'Contact sales', renewal: 'Renewal request', upgrade: 'Upgrade request' };

/** The newest sales leads (contact-sales modal, renew and upgrade requests) for company staff. */
export function LeadsCard() {
  const leads = useRecentLeads(true);
  const canManage = useIsPlatformManager();
  const update = useUpdateLead();
  return (
    <CardSection titleId="leads-title" title="Recent sales leads">
      {leads.isPending ? (
        <Skeleton className="h-24" />
      ) : leads.isError ? (
        <ErrorState message={errorMessage(leads.error)} onRetry={() => leads.refetch()} />
      ) : leads.data.items.length === 0 ? (
        <p className="text-sm text-slate-500">No leads yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {leads.data.items.map((lead) => (
            <li key={lead.id} className="py-2 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium text-slate-900">
                  {lead.schoolName} <span className="font-normal text-slate-500">· {KIND_LABELS[lead.kind]}</span>
                </span>
                {canManage ? (
                  <Select
                    id={`lead-${lead.id}`}
                    label={`Status of the lead from ${lead.schoolName}`}
                    hideLabel
                    value={lead.status}
                    disabled={update.isPending}
                    onChange={(e) =>
                      update.mutate(
                        { id: lead.id, status: e.target.value as (typeof LEAD_STATUSES)[number] },
                        {
                          onSuccess: () => toast.success('Lead updated'),
                        },
                      )
                    }
                    options={LEAD_STATUSES.map((s) => ({ value: s, label: s.charAt(0).toUpperCase() + s.slice(1) }))}
                    className="h-8 py-1 text-xs"
                  />
                ) : (
                  <StatusBadge status={lead.status} />
                )}
              </div>
              <p className="text-slate-600">
                {lead.name} ({lead.email}){lead.planName ? ` · ${lead.planName}` : ''} · {formatDate(lead.createdAt)}
              </p>
              <p className="line-clamp-2 text-slate-500">{lead.message}</p>
            </li>
          ))}
        </ul>
      )}
    </CardSection>
  );
}
