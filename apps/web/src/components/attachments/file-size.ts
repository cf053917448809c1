import { formatNumber } from '../../lib/i18n/format';

/** "820 kB", "2.4 MB" in the UI language's digits and unit names. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return formatNumber(bytes, { style: 'unit', unit: 'byte', unitDisplay: 'short' });
  if (bytes < 1024 * 1024) {
    return formatNumber(bytes / 1024, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 });
  }
  return formatNumber(bytes / (1024 * 1024), { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
}
