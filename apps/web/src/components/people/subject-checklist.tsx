import { type Ref, useId } from 'react';
import { cn } from '../../lib/cn';
import { useT } from '../../lib/i18n/i18n';
import { FieldError } from '../ui/field-error';

export interface ChecklistOption {
  id: string;
  name: string;
  /** A subject deactivated since it was given: shown marked, kept while ticked, never offered anew. */
  inactive?: boolean;
}

/**
 * The active subjects to offer, plus those the edited class or teacher already has that are no longer active
 * (docs/product.md, "Classes and subjects"): marked inactive, so saving keeps them unless they are unticked.
 * While the active list loads, the current subjects are shown as they are.
 */
export function withCurrentSubjects(
  active: ReadonlyArray<{ id: string; name: string }> | undefined,
  current: ReadonlyArray<{ id: string; name: string }>,
): ChecklistOption[] {
  const options: ChecklistOption[] = (active ?? []).map((s) => ({ id: s.id, name: s.name }));
  for (const s of current) {
    if (!options.some((o) => o.id === s.id)) options.push({ id: s.id, name: s.name, inactive: active !== undefined });
  }
  return options;
}

interface SubjectChecklistProps {
  legend: string;
  options: ReadonlyArray<ChecklistOption>;
  value: readonly string[];
  onChange: (ids: string[]) => void;
  /** Shown instead of the boxes when there is nothing to choose. */
  emptyText?: string;
  error?: string;
  className?: string;
  /** The first box, for the form to focus when the list is the first field in error (a Controller's `field.ref`). */
  ref?: Ref<HTMLInputElement>;
}

/** A fieldset of checkboxes for choosing subjects (or any short list of named things). */
export function SubjectChecklist({
  legend,
  options,
  value,
  onChange,
  emptyText,
  error,
  className,
  ref,
}: SubjectChecklistProps) {
  const { t } = useT('people');
  const fieldId = useId();
  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((v) => v !== id));
  return (
    <fieldset className={cn('space-y-2', className)} aria-describedby={error ? `${fieldId}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      {options.length === 0 ? (
        <p className="text-sm text-slate-500">{emptyText ?? t('checklist.empty')}</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {options.map((option, index) => {
            const checked = value.includes(option.id);
            return (
              <label
                key={option.id}
                className={cn(
                  'inline-flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-1.5 text-sm',
                  checked ? 'border-blue-300 bg-blue-50 text-blue-900' : 'border-slate-300 bg-white text-slate-700',
                )}
              >
                <input
                  ref={index === 0 ? ref : undefined}
                  type="checkbox"
                  className="size-4 accent-blue-600"
                  checked={checked}
                  onChange={(event) => toggle(option.id, event.target.checked)}
                />
                {option.inactive ? t('checklist.inactiveOption', { name: option.name }) : option.name}
              </label>
            );
          })}
        </div>
      )}
      {/* A shared schema's or the server's message: in the UI language, as every field's error. */}
      {error && <FieldError id={fieldId} message={error} />}
    </fieldset>
  );
}
