import { DEFAULT_SCHOOL_LOCALE } from '@lyceum/shared/locale-constants';
import { afterEach, describe, expect, it } from 'vitest';
import { setFormatSettings } from '../../lib/i18n/format';
import type { UiLanguage } from '../../lib/i18n/languages';
import { formatFileSize } from './file-size';

const use = (language: UiLanguage) => setFormatSettings({ language, locale: DEFAULT_SCHOOL_LOCALE });

afterEach(() => use('en'));

describe('formatFileSize', () => {
  it('writes a size under 1 KB as bytes that agree with the number, in every shipped language', () => {
    use('en');
    expect([1, 17, 638].map(formatFileSize)).toEqual(['1 byte', '17 bytes', '638 bytes']);
    use('es');
    expect([1, 17, 638].map(formatFileSize)).toEqual(['1 byte', '17 bytes', '638 bytes']);
    use('ar');
    expect([17, 638].map(formatFileSize)).toEqual(['17 بايت', '638 بايت']);
  });

  it('keeps kilobytes and megabytes short', () => {
    use('en');
    expect(formatFileSize(2048)).toBe('2 kB');
    expect(formatFileSize(2.4 * 1024 * 1024)).toBe('2.4 MB');
  });
});
