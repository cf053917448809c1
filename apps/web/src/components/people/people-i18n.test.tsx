import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getFormatSettings, setFormatSettings } from '../../lib/i18n/format';
import { changeLanguage } from '../../lib/i18n/i18n';
import { CsvImportDialog } from './csv-import-dialog';
import { lastSeen } from './format';
import { STATUS_OPTIONS } from './status-filter';
import { ToggleActiveDialog } from './toggle-active-dialog';

afterEach(async () => {
  setFormatSettings({ ...getFormatSettings(), language: 'en' });
  await changeLanguage('en');
});

describe('the people components in other languages', () => {
  it('lay the CSV import out right to left in Arabic', async () => {
    await changeLanguage('ar');
    render(
      <CsvImportDialog
        open
        onOpenChange={vi.fn()}
        noun="الطلاب"
        countOf={String}
        templateHref="/template.csv"
        preview={vi.fn()}
        commit={vi.fn()}
        onImported={vi.fn()}
      />,
    );
    expect(await screen.findByRole('dialog', { name: 'استيراد الطلاب من ملف CSV' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'معاينة' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('ask before deactivating in Spanish, and say when someone was last seen', async () => {
    await changeLanguage('es');
    setFormatSettings({ ...getFormatSettings(), language: 'es' });
    render(
      <ToggleActiveDialog
        target={{ id: 'p1', name: 'Ada', isActive: true }}
        onClose={vi.fn()}
        mutate={vi.fn()}
        pending={false}
        limitNoun="alumnos"
      />,
    );
    expect(await screen.findByRole('dialog', { name: '¿Desactivar a Ada?' })).toBeTruthy();
    expect(
      screen.getByText(/no podrá iniciar sesión hasta que se reactive\. Sus registros se conservan\./),
    ).toBeTruthy();
    expect(document.documentElement.dir).toBe('ltr');
    expect(lastSeen(null)).toBe('Nunca');
    const now = new Date('2027-03-01T12:00:00Z');
    expect(lastSeen('2027-03-01T09:00:00Z', now)).toBe('hace 3 horas');
    expect(STATUS_OPTIONS.map((o) => o.label)).toEqual(['Activos', 'Inactivos', 'Todos los estados']);
  });
});
