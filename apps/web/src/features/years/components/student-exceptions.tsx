import { PROMOTION_ACTIONS, type PromotionAction } from '@lyceum/shared/years';
import { useEffect, useId, useState } from 'react';
import { ErrorState } from '../../../components/ui/error-state';
import { FieldError } from '../../../components/ui/field-error';
import { Select, type SelectOption } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n/i18n';
import { useClassRoster } from '../api/years';
import type { RowRefusal } from './promotion-refusal';

/** A single student's own outcome; `toClassId` is '' until a class is chosen for a move. */
export type StudentException = { classId: string; action: PromotionAction; toClassId: string };

/** A move still waiting for its class: not sent, and the promotion waits for it. */
export const isIncomplete = (e: StudentException) => e.action === 'promote' && !e.toClassId;

interface ClassExceptionsProps {
  classId: string;
  /** The class as the wizard names it, with its year. */
  name: string;
  /** What the class as a whole does, as the wizard says it ("Promote", "Graduate"...). */
  classOutcome: string;
  exceptions: Record<string, StudentException>;
  /** Every class a student may be moved into, labelled with its year. */
  targets: SelectOption[];
  onChange: (studentId: string, exception: StudentException | null) => void;
  /** Why the promotion was refused because of this class, said under its name. */
  refusal?: string | undefined;
  /** Why it was refused because of single students (of any class: each roster picks its own). */
  studentRefusals?: Record<string, RowRefusal>;
}

/**
 * One class of the source year in the preview, closed at first; opened, it lists its active students, each
 * following the class unless given their own outcome (repeat, graduate, move to another class, leave).
 */
export function ClassExceptions(props: ClassExceptionsProps) {
  const { t } = useT('years');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const count = Object.values(props.exceptions).filter((e) => e.classId === props.classId).length;
  const refusedHere = Object.keys(props.studentRefusals ?? {}).some(
    (id) => props.exceptions[id]?.classId === props.classId,
  );
  // A refused student is shown with their refusal: their class opens on them.
  useEffect(() => {
    if (refusedHere) setOpen(true);
  }, [refusedHere]);
  const errorId = `${panelId}-refusal`;
  return (
    <div className={props.refusal ? 'rounded-lg border border-red-300' : 'rounded-lg border border-slate-200'}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-describedby={props.refusal ? `${errorId}-error` : undefined}
        data-refused={props.refusal ? true : undefined}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full flex-wrap items-center justify-between gap-2 px-3 py-2 text-start text-sm hover:bg-slate-50 focus:ring-2 focus:ring-blue-500/30 focus:outline-none"
      >
        <bdi className="font-medium text-slate-900">{props.name}</bdi>
        <span className="text-slate-600">{t('wizard.exceptions.summary', { outcome: props.classOutcome, count })}</span>
      </button>
      {props.refusal && (
        <div className="px-3 pb-2">
          <FieldError id={errorId} message={props.refusal} />
        </div>
      )}
      {open && (
        <div id={panelId} className="border-t border-slate-200 p-3">
          <Roster {...props} />
        </div>
      )}
    </div>
  );
}

function Roster({ classId, name, classOutcome, exceptions, targets, onChange, studentRefusals }: ClassExceptionsProps) {
  const { t } = useT('years');
  const roster = useClassRoster(classId);
  if (roster.isPending) return <Skeleton className="h-16 w-full" />;
  if (roster.isError)
    return <ErrorState message={t('wizard.exceptions.loadFailed', { name })} onRetry={() => roster.refetch()} />;
  if (roster.data.length === 0) return <p className="text-sm text-slate-600">{t('wizard.exceptions.empty')}</p>;
  const outcomes: SelectOption[] = PROMOTION_ACTIONS.map((a) => ({ value: a, label: t(`wizard.exceptions.${a}`) }));
  return (
    <ul className="divide-y divide-slate-100">
      {roster.data.map((s) => {
        const own = exceptions[s.studentId];
        const student = t('wizard.exceptions.student', { name: s.name, roll: s.rollNumber });
        const refused = studentRefusals?.[s.studentId];
        const moving = own?.action === 'promote';
        // A refusal about the class moved into sits on that class's select; any other on the outcome.
        const onTarget = refused?.field === 'toClassId' && moving ? refused.message : undefined;
        return (
          <li key={s.studentId} className="grid gap-2 py-2 sm:grid-cols-3 sm:items-end">
            <p className="min-w-0 break-words text-sm text-slate-900 sm:pb-2">{student}</p>
            <Select
              id={`exception-${s.studentId}`}
              label={t('wizard.exceptions.outcome', { name: s.name })}
              placeholder={t('wizard.exceptions.asClass', { outcome: classOutcome })}
              options={outcomes}
              value={own?.action ?? ''}
              error={refused && !onTarget ? refused.message : undefined}
              onChange={(e) => {
                const action = e.target.value as PromotionAction | '';
                onChange(s.studentId, action ? { classId, action, toClassId: '' } : null);
              }}
            />
            {own?.action === 'promote' && (
              <Select
                id={`exception-target-${s.studentId}`}
                label={t('wizard.exceptions.target', { name: s.name })}
                placeholder={t('wizard.chooseClass')}
                options={targets.filter((o) => o.value !== classId)}
                value={own.toClassId}
                error={own.toClassId ? onTarget : t('wizard.exceptions.targetMissing')}
                onChange={(e) => onChange(s.studentId, { ...own, toClassId: e.target.value })}
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}
