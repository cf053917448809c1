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

/**
 * Current IANA names of zones that some browsers (ICU's CLDR data) still list only under an old one: a school
 * in Kolkata or Kyiv looks for its city's name today. The server accepts both (docs/product.md, "The school's
 * locale").
 */
const CURRENT_ZONE_NAMES: Readonly<Record<string, string>> = {
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

const knownZone = (name: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
};

/** The listed zones plus the current name of each old one the runtime also knows, once each, sorted. */
export function withCurrentZoneNames(listed: readonly string[]): string[] {
  const all = new Set(listed);
  for (const name of listed) {
    const current = CURRENT_ZONE_NAMES[name];
    if (current && knownZone(current)) all.add(current);
  }
  return [...all].sort();
}

/** Every IANA zone this browser knows, by its current name too, `UTC` first (Intl lists only the regional names). */
export function timeZoneValues(current?: string): string[] {
  zones ??= ['UTC', ...withCurrentZoneNames(supported('timeZone')).filter((z) => z !== 'UTC')];
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
