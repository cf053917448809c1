import { type DATE_FORMATS, LANGUAGE_NAMES, LANGUAGES } from '@lyceum/shared/locale-constants';

const supported = (kind: 'timeZone' | 'currency'): string[] => {
  try {
    return Intl.supportedValuesOf(kind);
  } catch {
    return [];
  }
};

let zones: string[] | undefined;
let currencies: string[] | undefined;

/** Every IANA zone this browser knows, `UTC` first (Intl lists only the regional names). */
export function timeZoneValues(current?: string): string[] {
  zones ??= ['UTC', ...supported('timeZone').filter((z) => z !== 'UTC')];
  return current && !zones.includes(current) ? [current, ...zones] : zones;
}

/** Every ISO 4217 code this browser formats; a stored code it does not know stays choosable. */
export function currencyValues(current?: string): string[] {
  currencies ??= supported('currency');
  return current && !currencies.includes(current) ? [current, ...currencies] : currencies;
}

/** "NZD · New Zealand Dollar" in the reader's language, or the bare code where Intl has no name for it. */
export function currencyLabel(code: string, language: string): string {
  try {
    const name = new Intl.DisplayNames([language], { type: 'currency' }).of(code);
    return name && name !== code ? `${code} · ${name}` : code;
  } catch {
    return code;
  }
}

export const languageOptions = LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }));

/** 22 November 2027 written in a fixed digit order, as an example beside each format. */
export function dateFormatExample(format: (typeof DATE_FORMATS)[number], language: string): string {
  const sample = new Date(Date.UTC(2027, 10, 22));
  switch (format) {
    case 'DD/MM/YYYY':
      return '22/11/2027';
    case 'MM/DD/YYYY':
      return '11/22/2027';
    case 'YYYY-MM-DD':
      return '2027-11-22';
    default:
      return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(sample);
  }
}
