import {
  type AcademicYear,
  CLASS_PROMOTION_ACTIONS,
  type ClassPromotionAction,
  type Promotion,
  type PromotionPreview,
  type PromotionRequest,
} from '@lyceum/shared/years';
import { useRef, useState } from 'react';
import { nameAndSection, useActiveClasses } from '../../../api/lookups';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n';
import { useApplyPromotion, usePreviewPromotion } from '../api/years';
import { ClassExceptions, isIncomplete, type StudentException } from './student-exceptions';
import { UndoPromotionButton } from './undo-promotion-button';

type Choice = { action: ClassPromotionAction; toClassId: string };
type Step = { kind: 'setup' } | { kind: 'preview'; preview: PromotionPreview } | { kind: 'done'; promotion: Promotion };

/**
 * The year-end promotion, step by step: the source and target years, what happens to each class of the source
 * year, a preview of the counts per class where single students may be given their own outcome (the counts
 * follow each change), and the result with its undo while allowed. Nothing is written before "Promote
 * students".
 */
export function PromotionWizard({ years, onClose }: { years: AcademicYear[]; onClose: () => void }) {
  const { t } = useT('years');
  const format = useFormat();
  const current = years.find((y) => y.isCurrent);
  const [fromYearId, setFromYearId] = useState(current?.id ?? '');
  const [toYearId, setToYearId] = useState(
    () => years.filter((y) => current && y.startDate > current.startDate).at(-1)?.id ?? '',
  );
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [exceptions, setExceptions] = useState<Record<string, StudentException>>({});
  /** The request the shown preview answers: confirming waits until it is the one that would be sent. */
  const [previewed, setPreviewed] = useState('');
  const latest = useRef('');
  const [step, setStep] = useState<Step>({ kind: 'setup' });
  const [error, setError] = useState<string | null>(null);
  const classes = useActiveClasses();
  const preview = usePreviewPromotion();
  const apply = useApplyPromotion();

  const fromYear = years.find((y) => y.id === fromYearId);
  const sourceClasses = (classes.data?.items ?? []).filter(
    (c) => fromYear && c.academicYear === fromYear.name && c.studentCount > 0,
  );
  const choiceOf = (id: string): Choice => choices[id] ?? { action: CLASS_PROMOTION_ACTIONS[0], toClassId: '' };
  const request = (all = exceptions): PromotionRequest => {
    const sourceIds = new Set(sourceClasses.map((c) => c.id));
    const students = Object.entries(all)
      .filter(([, e]) => sourceIds.has(e.classId) && !isIncomplete(e))
      .map(([studentId, e]) => ({ studentId, classId: e.classId, action: e.action, toClassId: e.toClassId || null }));
    return {
      fromYearId,
      toYearId,
      classes: sourceClasses.map((c) => {
        const choice = choiceOf(c.id);
        return { classId: c.id, action: choice.action, toClassId: choice.toClassId || null };
      }),
      ...(students.length ? { students } : {}),
    };
  };
  const run = async <T,>(fn: () => Promise<T>): Promise<T | undefined> => {
    setError(null);
    try {
      return await fn();
    } catch (e) {
      setError(errorMessage(e));
      return undefined;
    }
  };
  /** Previews `body`; an answer to an older request (the admin changed something since) is dropped. */
  const previewOf = async (body: PromotionRequest) => {
    const key = JSON.stringify(body);
    latest.current = key;
    const result = await run(() => preview.mutateAsync(body));
    if (!result || latest.current !== key) return;
    setPreviewed(key);
    setStep({ kind: 'preview', preview: result });
  };
  const setException = (studentId: string, exception: StudentException | null) => {
    const next = { ...exceptions };
    if (exception) next[studentId] = exception;
    else delete next[studentId];
    setExceptions(next);
    if (!exception || !isIncomplete(exception)) void previewOf(request(next));
  };
  const yearOptions = years.map((y) => ({ value: y.id, label: y.name }));
  const classTargets = (classes.data?.items ?? []).map((o) => ({
    value: o.id,
    label: `${nameAndSection(o)} (${o.academicYear})`,
  }));
  const dateOf = (iso: string) => format.dateTime(iso);

  if (step.kind === 'done') {
    const p = step.promotion;
    return (
      <div className="space-y-4" aria-live="polite">
        {p.undoneAt ? (
          <Alert tone="info">{t('wizard.undoneResult')}</Alert>
        ) : (
          <>
            <Alert tone="success">{t('wizard.done')}</Alert>
            <p className="text-sm text-slate-700">{t('wizard.totals', p.totals)}</p>
          </>
        )}
        {p.undoUntil && (
          <p className="text-sm text-slate-600">{t('wizard.undoUntil', { date: dateOf(p.undoUntil) })}</p>
        )}
        <div className="flex flex-wrap gap-2">
          {p.undoUntil && (
            <UndoPromotionButton promotion={p} onUndone={(undone) => setStep({ kind: 'done', promotion: undone })} />
          )}
          <Button variant="ghost" onClick={onClose}>
            {t('wizard.cancel')}
          </Button>
        </div>
        {error && <Alert>{error}</Alert>}
      </div>
    );
  }

  if (step.kind === 'preview') {
    const { preview: pv } = step;
    const waiting =
      preview.isPending ||
      previewed !== JSON.stringify(request()) ||
      Object.values(exceptions).some((e) => isIncomplete(e) && sourceClasses.some((c) => c.id === e.classId));
    return (
      <div className="space-y-4">
        <p className="text-sm font-medium text-slate-800">{t('wizard.totals', pv.totals)}</p>
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-start text-slate-600">
                <th className="py-2 pe-3 text-start font-medium">{t('wizard.className')}</th>
                <th className="py-2 pe-3 text-start font-medium">{t('wizard.year')}</th>
                <th className="py-2 pe-3 text-end font-medium">{t('wizard.before')}</th>
                <th className="py-2 text-end font-medium">{t('wizard.after')}</th>
              </tr>
            </thead>
            <tbody>
              {pv.classes.map((c) => (
                <tr key={c.classId} className="border-b border-slate-100">
                  <td className="py-2 pe-3">{c.name}</td>
                  <td className="py-2 pe-3">{c.academicYear}</td>
                  <td className="py-2 pe-3 text-end">{format.number(c.before)}</td>
                  <td className="py-2 text-end">{format.number(c.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <section aria-labelledby="promotion-exceptions" className="space-y-2">
          <h4 id="promotion-exceptions" className="text-sm font-semibold text-slate-800">
            {t('wizard.exceptions.title')}
          </h4>
          <p className="text-sm text-slate-600">{t('wizard.exceptions.hint')}</p>
          <ul className="space-y-2">
            {sourceClasses.map((c) => (
              <li key={c.id}>
                <ClassExceptions
                  classId={c.id}
                  name={nameAndSection(c)}
                  classOutcome={t(`wizard.${choiceOf(c.id).action}`)}
                  exceptions={exceptions}
                  targets={classTargets}
                  onChange={setException}
                />
              </li>
            ))}
          </ul>
        </section>
        {error && <Alert>{error}</Alert>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            variant="ghost"
            onClick={() => {
              latest.current = '';
              setStep({ kind: 'setup' });
            }}
          >
            {t('wizard.back')}
          </Button>
          <Button
            loading={apply.isPending}
            disabled={waiting}
            onClick={async () => {
              const promotion = await run(() => apply.mutateAsync(request()));
              if (promotion) setStep({ kind: 'done', promotion });
            }}
          >
            {t('wizard.confirm')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          id="promotion-from"
          label={t('wizard.from')}
          placeholder={t('wizard.chooseYear')}
          options={yearOptions}
          value={fromYearId}
          onChange={(e) => setFromYearId(e.target.value)}
        />
        <Select
          id="promotion-to"
          label={t('wizard.to')}
          placeholder={t('wizard.chooseYear')}
          options={yearOptions}
          value={toYearId}
          onChange={(e) => setToYearId(e.target.value)}
        />
      </div>
      {classes.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : classes.isError ? (
        <ErrorState message={t('wizard.classesLoadFailed')} onRetry={() => classes.refetch()} />
      ) : sourceClasses.length === 0 ? (
        <p className="text-sm text-slate-600">{t('wizard.noClasses')}</p>
      ) : (
        <ul className="space-y-3">
          {sourceClasses.map((c) => {
            const name = nameAndSection(c);
            const choice = choiceOf(c.id);
            const set = (next: Partial<Choice>) => setChoices((all) => ({ ...all, [c.id]: { ...choice, ...next } }));
            return (
              <li key={c.id} className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-3">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{name}</p>
                  <p className="text-xs text-slate-500">
                    {t('wizard.students', { count: format.number(c.studentCount) })}
                  </p>
                </div>
                <Select
                  id={`promotion-action-${c.id}`}
                  label={t('wizard.action', { name })}
                  options={CLASS_PROMOTION_ACTIONS.map((a) => ({
                    value: a,
                    label: t(`wizard.${a}`),
                  }))}
                  value={choice.action}
                  onChange={(e) => set({ action: e.target.value as ClassPromotionAction })}
                />
                {choice.action === 'promote' && (
                  <Select
                    id={`promotion-target-${c.id}`}
                    label={t('wizard.target', { name })}
                    placeholder={t('wizard.chooseClass')}
                    options={classTargets.filter((o) => o.value !== c.id)}
                    value={choice.toClassId}
                    onChange={(e) => set({ toClassId: e.target.value })}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
      {error && <Alert>{error}</Alert>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          {t('wizard.cancel')}
        </Button>
        <Button
          disabled={!fromYearId || !toYearId || sourceClasses.length === 0}
          loading={preview.isPending}
          onClick={() => previewOf(request())}
        >
          {t('wizard.preview')}
        </Button>
      </div>
    </div>
  );
}
