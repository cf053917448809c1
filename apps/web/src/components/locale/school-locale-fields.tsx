import { DATE_FORMATS, type SchoolLocale, WEEK_STARTS } from '@lyceum/shared/locale';
import { useMemo } from 'react';
import { useT } from '../../lib/i18n/i18n';
import { Select } from '../ui/select';
import { currencyLabel, currencyValues, dateFormatExample, languageOptions, timeZoneValues } from './locale-options';

interface SchoolLocaleFieldsProps {
  idPrefix: string;
  value: SchoolLocale;
  onChange: (value: SchoolLocale) => void;
  /** Messages by request path (`timeZone`, `currency`, …), the server's or the shared schema's. */
  errors?: Record<string, string>;
  disabled?: boolean;
}

/**
 * A school's language, time zone, currency, date format and first day of the week: the school admin's
 * "Language and region" card and the company's create and edit school forms.
 */
export function SchoolLocaleFields({ idPrefix, value, onChange, errors = {}, disabled }: SchoolLocaleFieldsProps) {
  const { t, language } = useT('locale');
  const zones = useMemo(() => timeZoneValues(value.timeZone).map((z) => ({ value: z, label: z })), [value.timeZone]);
  const currencies = useMemo(
    () => currencyValues(value.currency).map((c) => ({ value: c, label: currencyLabel(c, language) })),
    [value.currency, language],
  );
  const dateFormats = DATE_FORMATS.map((f) => ({
    value: f,
    label: t(`dateFormat.${f === 'medium' ? 'medium' : 'fixed'}`, {
      pattern: f,
      example: dateFormatExample(f, language),
    }),
  }));
  const weekStarts = WEEK_STARTS.map((d) => ({ value: d, label: t(`weekStart.${d}`) }));
  const set =
    <K extends keyof SchoolLocale>(key: K) =>
    (e: { target: { value: string } }) =>
      onChange({ ...value, [key]: e.target.value as SchoolLocale[K] });

  return (
    <fieldset className="grid gap-4 sm:grid-cols-2" disabled={disabled}>
      <legend className="sr-only">{t('fields.legend')}</legend>
      <Select
        id={`${idPrefix}-language`}
        label={t('fields.language')}
        options={languageOptions}
        value={value.language}
        onChange={set('language')}
        error={errors.language}
      />
      <Select
        id={`${idPrefix}-time-zone`}
        label={t('fields.timeZone')}
        options={zones}
        value={value.timeZone}
        onChange={set('timeZone')}
        error={errors.timeZone}
      />
      <Select
        id={`${idPrefix}-currency`}
        label={t('fields.currency')}
        options={currencies}
        value={value.currency}
        onChange={set('currency')}
        error={errors.currency}
      />
      <Select
        id={`${idPrefix}-date-format`}
        label={t('fields.dateFormat')}
        options={dateFormats}
        value={value.dateFormat}
        onChange={set('dateFormat')}
        error={errors.dateFormat}
      />
      <Select
        id={`${idPrefix}-week-start`}
        label={t('fields.weekStart')}
        options={weekStarts}
        value={value.weekStart}
        onChange={set('weekStart')}
        error={errors.weekStart}
      />
    </fieldset>
  );
}
