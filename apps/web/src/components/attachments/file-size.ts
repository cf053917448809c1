import { formatNumber } from '../../lib/i18n/format';

/** "638 bytes", "820 kB", "2.4 MB" in the UI language's digits and unit names. */
export function formatFileSize(bytes: number): string {
  // Bytes by their long name: it agrees with the number in every language ("1 byte", "638 bytes", "638 بايت"),
  // while English's short one is "byte" whatever the number ("638 byte").
  if (bytes < 1024) return formatNumber(bytes, { style: 'unit', unit: 'byte', unitDisplay: 'long' });
  if (bytes < 1024 * 1024) {
    return formatNumber(bytes / 1024, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 });
  }
  return formatNumber(bytes / (1024 * 1024), { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
}
