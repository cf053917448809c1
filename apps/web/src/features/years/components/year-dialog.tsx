import { zodResolver } from '../../../lib/zod-resolver';
import { type AcademicYear, AcademicYearRequest } from '@lyceum/shared/years';
import { useFieldArray, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { useT } from '../../../lib/i18n/i18n';
import { useSaveYear } from '../api/years';

type Values = {
  name: string;
  startDate: string;
  endDate: string;
  terms: { name: string; startDate: string; endDate: string }[];
  holidays: { name: string; startDate: string; endDate: string }[];
};

const blank = (): Values => ({ name: '', startDate: '', endDate: '', terms: [], holidays: [] });

const DAY_MS = 86_400_000;
const shiftDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * A new year starts as the one after the school's latest (docs/product.md, "Years, terms and holidays"): from
 * the day after it ends, for a year, named on from its name (`2026-2027` → `2027-2028`). Terms and holidays
 * differ year to year, so they start empty. No year yet: an empty form.
 */
export function nextYearValues(years: AcademicYear[]): Values {
  const latest = years.reduce<AcademicYear | undefined>((a, y) => (a && a.endDate >= y.endDate ? a : y), undefined);
  const first = Number(latest?.name.slice(0, 4));
  if (!latest || !Number.isInteger(first)) return blank();
  const startDate = shiftDays(latest.endDate, 1);
  const [y, m, d] = startDate.split('-').map(Number) as [number, number, number];
  const endDate = shiftDays(new Date(Date.UTC(y + 1, m - 1, d)).toISOString().slice(0, 10), -1);
  return { name: `${first + 1}-${first + 2}`, startDate, endDate, terms: [], holidays: [] };
}
const valuesOf = (y: AcademicYear): Values => ({
  name: y.name,
  startDate: y.startDate,
  endDate: y.endDate,
  terms: y.terms.map(({ name, startDate, endDate }) => ({ name, startDate, endDate })),
  holidays: y.holidays.map(({ name, startDate, endDate }) => ({ name, startDate, endDate })),
});

/** A year with its terms and holidays, created or edited in one form (saved in one request). */
export function YearDialog({
  open,
  onOpenChange,
  year,
  years,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  year: AcademicYear | null;
  /** The school's years: a new one starts as the year after the latest. */
  years: AcademicYear[];
}) {
  const { t } = useT('years');
  const save = useSaveYear();
  const form = useForm<Values, unknown, AcademicYearRequest>({
    resolver: zodResolver(AcademicYearRequest) as never,
    values: year ? valuesOf(year) : nextYearValues(years),
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const terms = useFieldArray({ control, name: 'terms' });
  const holidays = useFieldArray({ control, name: 'holidays' });

  const rows = (
    kind: 'terms' | 'holidays',
    list: { fields: { id: string }[]; remove: (i: number) => void; append: (v: Values['terms'][number]) => void },
  ) => (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-slate-800">{t(`form.${kind}`)}</legend>
      {list.fields.map((field, i) => {
        const e = errors[kind]?.[i];
        return (
          <div
            key={field.id}
            className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_auto_auto_auto]"
          >
            <TextField
              id={`${kind}-${i}-name`}
              label={t('form.itemName')}
              error={e?.name?.message}
              {...register(`${kind}.${i}.name`)}
            />
            <TextField
              id={`${kind}-${i}-start`}
              type="date"
              label={t('form.start')}
              error={e?.startDate?.message}
              {...register(`${kind}.${i}.startDate`)}
            />
            <TextField
              id={`${kind}-${i}-end`}
              type="date"
              label={t('form.end')}
              error={e?.endDate?.message}
              {...register(`${kind}.${i}.endDate`)}
            />
            <div className="flex items-end">
              <Button type="button" variant="ghost" size="sm" onClick={() => list.remove(i)}>
                {t('form.remove')}
              </Button>
            </div>
          </div>
        );
      })}
      <Button
        type="button"
        variant="secondary"
        size="sm"
        onClick={() => list.append({ name: '', startDate: '', endDate: '' })}
      >
        {kind === 'terms' ? t('form.addTerm') : t('form.addHoliday')}
      </Button>
    </fieldset>
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={year ? t('form.editTitle', { name: year.name }) : t('form.createTitle')}
      form={form}
      serverFields="all"
      submitLabel={year ? t('form.save') : t('form.create')}
      onSubmit={(body) => save.mutateAsync({ ...body, ...(year ? { id: year.id } : {}) })}
      onSaved={() => toast.success(t('form.saved'))}
    >
      <TextField
        id="year-name"
        label={t('form.name')}
        hint={t('form.nameHint')}
        error={errors.name?.message}
        {...register('name')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="year-start"
          type="date"
          label={t('form.start')}
          error={errors.startDate?.message}
          {...register('startDate')}
        />
        <TextField
          id="year-end"
          type="date"
          label={t('form.end')}
          error={errors.endDate?.message}
          {...register('endDate')}
        />
      </div>
      {rows('terms', terms)}
      {rows('holidays', holidays)}
    </FormDialog>
  );
}
