import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getFormatSettings, setFormatSettings } from '../../../lib/i18n/format';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { UsagePage } from './usage-page';

const school = {
  schoolId: 's1',
  schoolName: 'Hill Valley High',
  planName: null,
  status: 'active' as const,
  items: [{ metric: 'students' as const, used: 45, limit: 50, ratio: 0.9 }],
  maxRatio: 0.9,
};

describe('UsagePage', () => {
  it('shows each school with its highest use', async () => {
    mockFetch({ 'GET /api/v1/company/usage': () => json({ items: [school], storageCounted: true }) });
    renderWithProviders(<UsagePage />, { auth: signedIn('company_admin') });
    expect(await screen.findByText('No plan · highest use 90%')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Schools Usage' })).toBeTruthy();
  });

  it('speaks Arabic right to left, the percentage in its numerals', async () => {
    await changeLanguage('ar');
    setFormatSettings({ ...getFormatSettings(), language: 'ar' });
    try {
      mockFetch({ 'GET /api/v1/company/usage': () => json({ items: [school], storageCounted: false }) });
      renderWithProviders(<UsagePage />, { auth: signedIn('company_admin') });
      expect(await screen.findByRole('heading', { name: 'استخدام المدارس' })).toBeTruthy();
      const percent = new Intl.NumberFormat('ar', { style: 'percent' }).format(0.9);
      expect(await screen.findByText(`\u2068بلا خطة\u2069 · أعلى استخدام ${percent}`)).toBeTruthy();
      expect(screen.getByText('يُحتسب استخدام التخزين بعد تفعيل رفع الملفات.')).toBeTruthy();
      expect(document.documentElement.dir).toBe('rtl');
    } finally {
      setFormatSettings({ ...getFormatSettings(), language: 'en' });
      await changeLanguage('en');
    }
  });
});
