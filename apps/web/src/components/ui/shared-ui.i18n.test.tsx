import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n/i18n';
import { StatusBadge } from './badge';
import { ErrorState } from './error-state';
import { formatBytes, UsageMeter } from './usage-meter';

// Unmount first: switching back to English must not re-render a finished test's components outside act().
afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

describe('shared UI in other languages', () => {
  it('names statuses in Spanish, and shows an unknown status as its code', async () => {
    await changeLanguage('es');
    render(
      <>
        <StatusBadge status="active" />
        <StatusBadge status="on_hold" />
      </>,
    );
    expect(screen.getByText('Activo')).toBeTruthy();
    expect(screen.getByText('On hold')).toBeTruthy();
  });

  it('writes the error state and the figures of a meter in Arabic, right to left', async () => {
    await changeLanguage('ar');
    render(
      <>
        <ErrorState message="x" onRetry={() => {}} />
        <UsageMeter label="التخزين" used={2} limit={-1} />
      </>,
    );
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByText('حدث خطأ ما')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'إعادة المحاولة' })).toBeTruthy();
    expect(screen.getByText(/غير محدود/)).toBeTruthy();
  });

  it('keeps the English wording of sizes and statuses', () => {
    expect(formatBytes(512 * 1024 ** 2)).toBe('512 MB');
    expect(formatBytes(1.5 * 1024 ** 3)).toBe('1.5 GB');
    render(<StatusBadge status="cancelled" />);
    expect(screen.getByText('Cancelled')).toBeTruthy();
  });
});
