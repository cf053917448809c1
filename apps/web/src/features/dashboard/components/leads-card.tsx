import { StatusBadge } from '../../../components/ui/badge';
import { CardSection } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useRecentLeads } from '../api/get-leads';

const KIND_LABELS = { contact_sales: 'Contact sales', renewal: 'Renewal request', upgrade: 'Upgrade request' };

/** The newest sales leads (contact-sales modal, renew and upgrade requests) for company staff. */
export function LeadsCard() {
  const leads = useRecentLeads(true);
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
                <StatusBadge status={lead.status} />
              </div>
              <p className="text-slate-600">
                {lead.name} ({lead.email}){lead.planName ? ` · ${lead.planName}` : ''} ·{' '}
                {new Date(lead.createdAt).toLocaleDateString()}
              </p>
              <p className="line-clamp-2 text-slate-500">{lead.message}</p>
            </li>
          ))}
        </ul>
      )}
    </CardSection>
  );
}
