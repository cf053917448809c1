import type { ClassResponse } from '@lyceum/shared/academics';
import {
  type AcademicYear,
  CLASS_PROMOTION_ACTIONS,
  type ClassPromotionAction,
  type Promotion,
  type PromotionPreview,
  type PromotionRequest,
} from '@lyceum/shared/years';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { nameAndSection, useActiveClasses } from '../../../api/lookups';
import { Alert, FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n';
import { useApplyPromotion, usePreviewPromotion } from '../api/years';
import { isRefused, missingTargets, NO_REFUSAL, onClassLeftOut, type Refusal, refusalOf } from './promotion-refusal';
import { ClassExceptions, isIncomplete, type StudentException } from './student-exceptions';
import { UndoPromotionButton } from './undo-promotion-button';

type Choice = { action: ClassPromotionAction; toClassId: string };

/**
 * A class as the wizard names it: always with its academic year in brackets, since the wizard shows classes of
 * two years side by side and each year may have its own `Grade 6 A` (docs/product.md, "Classes and subjects").
 */
const withYear = (c: { name: string; section: string; academicYear: string }) =>
  `${nameAndSection(c)} (${c.academicYear})`;
/**
 * The setup and preview steps are forms, so a refusal that concerns no row shows in a `FormAlert`, which takes the
 * focus as on every other form; their buttons act themselves, so nothing is ever submitted (Enter included).
 */
const stay = (e: FormEvent) => e.preventDefault();
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
  /** Why the last preview or apply was refused, on the rows it concerns (promotion-refusal.ts). */
  const [refusal, setRefusal] = useState<Refusal>(NO_REFUSAL);
  /** A refusal placed on rows: once it is shown, the first control it marks takes the focus. */
  const [focusOn, setFocusOn] = useState<Refusal | null>(null);
  const root = useRef<HTMLFormElement>(null);
  const reasonId = useId();
  const classes = useActiveClasses();
  const preview = usePreviewPromotion();
  const apply = useApplyPromotion();

  const fromYear = years.find((y) => y.id === fromYearId);
  const sourceOf = (items: ClassResponse[] = []) =>
    items.filter((c) => fromYear && c.academicYear === fromYear.name && c.studentCount > 0);
  const sourceClasses = sourceOf(classes.data?.items);
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
  const onRows = (r: Refusal) => Object.keys(r.classes).length > 0 || Object.keys(r.students).length > 0;
  const refuse = (next: Refusal) => {
    setRefusal(next);
    if (onRows(next)) setFocusOn(next);
  };
  useEffect(() => {
    if (focusOn === null || focusOn !== refusal) return;
    // Focus scrolls the control into view: the refusal is read where it is, not far below the screen.
    root.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-refused]')?.focus();
  }, [focusOn, refusal]);
  /** `current`: whether `body` is still the latest request (a refusal of an older one no longer holds). */
  const run = async <T,>(
    body: PromotionRequest,
    fn: () => Promise<T>,
    current = () => true,
  ): Promise<T | undefined> => {
    setRefusal(NO_REFUSAL);
    try {
      return await fn();
    } catch (e) {
      const refused = refusalOf(e, body);
      if (current()) refuse(refused);
      // The classes may have changed since they were loaded (`Choose where {class} goes` for a class made
      // meanwhile): fresh ones let the refusal be resolved here, without reloading the page. Its row exists only
      // once they are in, so the refusal moves onto it then (and takes the focus there), if still shown.
      void classes.refetch().then(({ data }) => {
        const listed = sourceOf(data?.items).map((c) => ({ id: c.id, name: withYear(c) }));
        const placed = onClassLeftOut(refused, e, body, listed);
        if (placed === refused) return;
        setRefusal((now) => (now === refused ? placed : now));
        setFocusOn(placed);
      });
      return undefined;
    }
  };
  /** A row's refusal is dropped as soon as the row changes: it may no longer hold. */
  const clearClass = (classId: string) =>
    setRefusal((r) => {
      if (!r.classes[classId]) return r;
      const { [classId]: _, ...classes } = r.classes;
      return { ...r, classes };
    });
  /** Previews `body`; an answer to an older request (the admin changed something since) is dropped. */
  const previewOf = async (body: PromotionRequest) => {
    const key = JSON.stringify(body);
    latest.current = key;
    const result = await run(
      body,
      () => preview.mutateAsync(body),
      () => latest.current === key,
    );
    if (!result || latest.current !== key) return;
    setPreviewed(key);
    setStep({ kind: 'preview', preview: result });
  };
  const setException = (studentId: string, exception: StudentException | null) => {
    const next = { ...exceptions };
    if (exception) next[studentId] = exception;
    else delete next[studentId];
    setExceptions(next);
    setRefusal((r) => {
      if (!r.students[studentId]) return r;
      const { [studentId]: _, ...students } = r.students;
      return { ...r, students };
    });
    if (!exception || !isIncomplete(exception)) void previewOf(request(next));
  };
  const yearOptions = years.map((y) => ({ value: y.id, label: y.name }));
  const classTargets = (classes.data?.items ?? []).map((o) => ({ value: o.id, label: withYear(o) }));
  const dateOf = (iso: string) => format.dateTime(iso);
  const rowError = (r: Refusal['classes'][string] | undefined, on: 'toClassId' | 'outcome', hasTarget: boolean) =>
    r && (r.field === on || (on === 'outcome' && !hasTarget)) ? r.message : undefined;

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
        {refusal.message && <Alert>{refusal.message}</Alert>}
      </div>
    );
  }

  if (step.kind === 'preview') {
    const { preview: pv } = step;
    const outdated = previewed !== JSON.stringify(request());
    const incomplete = Object.values(exceptions).some(
      (e) => isIncomplete(e) && sourceClasses.some((c) => c.id === e.classId),
    );
    const rowsRefused = isRefused({ ...refusal, message: null });
    // Why "Promote students" cannot be pressed, said beside it.
    const blocked = preview.isPending
      ? 'updating'
      : rowsRefused
        ? 'refused'
        : incomplete
          ? 'moveTarget'
          : outdated
            ? 'outdated'
            : null;
    return (
      <form ref={root} noValidate onSubmit={stay} className="space-y-4">
        {/* The counts answer an earlier choice while a newer one is previewed or was refused. */}
        {outdated && (
          <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {t('wizard.outdated')}
          </p>
        )}
        <p className={cn('text-sm font-medium', outdated ? 'text-slate-500' : 'text-slate-800')}>
          {t('wizard.totals', pv.totals)}
        </p>
        <div className={cn('overflow-x-auto', outdated && 'opacity-50')}>
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
                  <td className="py-2 pe-3">
                    <bdi>{c.name}</bdi>
                  </td>
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
                  name={withYear(c)}
                  classOutcome={t(`wizard.${choiceOf(c.id).action}`)}
                  exceptions={exceptions}
                  targets={classTargets}
                  onChange={setException}
                  refusal={refusal.classes[c.id]?.message}
                  studentRefusals={refusal.students}
                />
              </li>
            ))}
          </ul>
        </section>
        {refusal.message && <FormAlert>{refusal.message}</FormAlert>}
        <div className="flex flex-wrap items-center justify-end gap-2">
          {blocked && (
            <p id={reasonId} className="me-auto text-sm text-slate-600">
              {t(`wizard.blocked.${blocked}`)}
            </p>
          )}
          <Button
            variant="ghost"
            onClick={() => {
              latest.current = '';
              setStep({ kind: 'setup' });
              void classes.refetch();
            }}
          >
            {t('wizard.back')}
          </Button>
          <Button
            loading={apply.isPending}
            disabled={blocked !== null}
            aria-describedby={blocked ? reasonId : undefined}
            onClick={async () => {
              const body = request();
              const promotion = await run(body, () => apply.mutateAsync(body));
              if (promotion) setStep({ kind: 'done', promotion });
            }}
          >
            {t('wizard.confirm')}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <form ref={root} noValidate onSubmit={stay} className="space-y-4">
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
            const name = withYear(c);
            const choice = choiceOf(c.id);
            const set = (next: Partial<Choice>) => {
              setChoices((all) => ({ ...all, [c.id]: { ...choice, ...next } }));
              clearClass(c.id);
            };
            const refused = refusal.classes[c.id];
            const promotes = choice.action === 'promote';
            return (
              <li key={c.id} className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-3">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    <bdi>{name}</bdi>
                  </p>
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
                  error={rowError(refused, 'outcome', promotes)}
                  onChange={(e) => set({ action: e.target.value as ClassPromotionAction })}
                />
                {promotes && (
                  <Select
                    id={`promotion-target-${c.id}`}
                    label={t('wizard.target', { name })}
                    placeholder={t('wizard.chooseClass')}
                    options={classTargets.filter((o) => o.value !== c.id)}
                    value={choice.toClassId}
                    error={rowError(refused, 'toClassId', true)}
                    onChange={(e) => set({ toClassId: e.target.value })}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
      {refusal.message && <FormAlert>{refusal.message}</FormAlert>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          {t('wizard.cancel')}
        </Button>
        <Button
          disabled={!fromYearId || !toYearId || sourceClasses.length === 0}
          loading={preview.isPending}
          onClick={() => {
            // A class made since the list was loaded shows up: the preview then says it is out of date.
            void classes.refetch();
            // Every class still without the class to promote into is marked at once, before anything is sent.
            const body = request();
            const missing = missingTargets(body);
            if (isRefused(missing)) refuse(missing);
            else void previewOf(body);
          }}
        >
          {t('wizard.preview')}
        </Button>
      </div>
    </form>
  );
}
