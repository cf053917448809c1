import type { AcademicYear } from '@lyceum/shared/years';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CardSection } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAuth } from '../../../lib/auth';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n';
import { useDeleteYear, useMakeCurrent, usePromotions, useYears } from '../api/years';
import { PromotionWizard } from '../components/promotion-wizard';
import { UndoPromotionButton } from '../components/undo-promotion-button';
import { YearDialog } from '../components/year-dialog';

function DatedList({ label, items }: { label: string; items: AcademicYear['terms'] }) {
  const { t } = useT('years');
  const format = useFormat();
  return (
    <div>
      <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</h4>
      {items.length === 0 ? (
        <p className="text-sm text-slate-500">{t('list.none')}</p>
      ) : (
        <ul className="text-sm text-slate-700">
          {items.map((i) => (
            <li key={i.id}>
              {/* Someone's text, isolated: right to left an unisolated `Autumn (A)` reads `(Autumn (A`. */}
              <bdi>{i.name}</bdi>:{' '}
              {t('list.range', {
                start: format.day(i.startDate),
                end: format.day(i.endDate),
              })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function YearsCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useT('years');
  const format = useFormat();
  const years = useYears();
  const makeCurrent = useMakeCurrent();
  const remove = useDeleteYear();
  const [editing, setEditing] = useState<AcademicYear | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<AcademicYear | null>(null);

  const body = () => {
    if (years.isPending) return <Skeleton className="h-32 w-full" />;
    if (years.isError) return <ErrorState message={t('list.loadFailed')} onRetry={() => years.refetch()} />;
    if (years.data.items.length === 0) return <EmptyState title={t('list.empty')} description={t('list.emptyHint')} />;
    return (
      <ul className="divide-y divide-slate-100">
        {years.data.items.map((y) => (
          <li key={y.id} className="space-y-3 py-4 first:pt-0 last:pb-0">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="min-w-0">
                <h3 className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                  {y.name}
                  {y.isCurrent && <Badge tone="success">{t('list.current')}</Badge>}
                </h3>
                <p className="text-sm text-slate-600">
                  {t('list.range', {
                    start: format.day(y.startDate),
                    end: format.day(y.endDate),
                  })}
                </p>
              </div>
              {canEdit && (
                <div className="flex flex-wrap gap-2">
                  {!y.isCurrent && (
                    <Button
                      size="sm"
                      variant="secondary"
                      loading={makeCurrent.isPending && makeCurrent.variables === y.id}
                      onClick={async () => {
                        await makeCurrent.mutateAsync(y.id);
                        toast.success(t('makeCurrent.done', { name: y.name }));
                      }}
                    >
                      {t('list.makeCurrent')}
                    </Button>
                  )}
                  <Button size="sm" variant="secondary" onClick={() => setEditing(y)}>
                    {t('list.edit')}
                  </Button>
                  {!y.isCurrent && (
                    <Button size="sm" variant="ghost" onClick={() => setDeleting(y)}>
                      {t('list.delete')}
                    </Button>
                  )}
                </div>
              )}
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <DatedList label={t('list.terms')} items={y.terms} />
              <DatedList label={t('list.holidays')} items={y.holidays} />
            </div>
          </li>
        ))}
      </ul>
    );
  };

  return (
    <CardSection
      title={t('list.title')}
      titleId="years-title"
      actions={canEdit && <Button onClick={() => setCreating(true)}>{t('list.new')}</Button>}
    >
      {body()}
      {canEdit && (
        <>
          <YearDialog
            open={creating || editing !== null}
            onOpenChange={(open) => {
              if (!open) {
                setCreating(false);
                setEditing(null);
              }
            }}
            year={editing}
            years={years.data?.items ?? []}
          />
          <ConfirmDialog
            open={deleting !== null}
            onOpenChange={(open) => !open && setDeleting(null)}
            title={t('delete.title', { name: deleting?.name ?? '' })}
            description={t('delete.description')}
            confirmLabel={t('delete.confirm')}
            tone="danger"
            pending={remove.isPending}
            onConfirm={async () => {
              if (!deleting) return;
              // A refusal stays in the dialog (ConfirmDialog); only a deletion closes it.
              await remove.mutateAsync(deleting.id);
              toast.success(t('delete.done'));
              setDeleting(null);
            }}
          />
        </>
      )}
    </CardSection>
  );
}

function PromotionCard({ canPromote }: { canPromote: boolean }) {
  const { t } = useT('years');
  const format = useFormat();
  const years = useYears();
  const promotions = usePromotions();
  const [open, setOpen] = useState(false);

  return (
    <CardSection
      title={t('wizard.title')}
      titleId="promotion-title"
      description={t('wizard.description')}
      actions={
        canPromote &&
        !open && (
          <Button variant="secondary" disabled={!years.data?.items.length} onClick={() => setOpen(true)}>
            {t('wizard.start')}
          </Button>
        )
      }
    >
      <div className="space-y-6">
        {open && years.data && <PromotionWizard years={years.data.items} onClose={() => setOpen(false)} />}
        <div>
          <h3 className="mb-2 text-sm font-semibold text-slate-800">{t('history.title')}</h3>
          {promotions.isPending ? (
            <Skeleton className="h-12 w-full" />
          ) : promotions.isError ? (
            <ErrorState message={t('history.loadFailed')} onRetry={() => promotions.refetch()} />
          ) : promotions.data.items.length === 0 ? (
            <p className="text-sm text-slate-500">{t('history.empty')}</p>
          ) : (
            <ul className="space-y-2 text-sm text-slate-700">
              {promotions.data.items.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center gap-2">
                  <span>
                    {t('history.line', {
                      fromYear: p.fromYear,
                      toYear: p.toYear,
                      date: format.dateTime(p.appliedAt),
                      name: p.appliedByName,
                    })}
                  </span>
                  <span className="text-slate-500">{t('wizard.totals', p.totals)}</span>
                  {p.undoneAt && <Badge>{t('history.undone')}</Badge>}
                  {canPromote && p.undoUntil && <UndoPromotionButton promotion={p} size="sm" />}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </CardSection>
  );
}

/** Settings → Academic years: the school admin keeps the calendar and promotes; the principal reads. */
export function AcademicYearsPage() {
  const { t } = useT('years');
  const { user } = useAuth();
  const isAdmin = user?.role === 'school_admin';
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="space-y-6">
        <YearsCard canEdit={isAdmin} />
        <PromotionCard canPromote={isAdmin} />
      </div>
    </>
  );
}
