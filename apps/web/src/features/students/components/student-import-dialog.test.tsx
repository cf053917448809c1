import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { StudentImportDialog } from './student-import-dialog';

describe('StudentImportDialog', () => {
  afterEach(() => act(() => changeLanguage('en')));

  it("names the class column in the class picker's label as the reader's template does", async () => {
    mockFetch({ 'GET /api/v1/classes/options': () => json({ items: [] }) });
    const view = renderWithProviders(<StudentImportDialog open onOpenChange={() => {}} />, {
      auth: signedIn('school_admin'),
    });
    expect(await screen.findByLabelText('Class for rows without a className')).toBeTruthy();
    view.unmount();
    await act(() => changeLanguage('ar'));
    renderWithProviders(<StudentImportDialog open onOpenChange={() => {}} />, { auth: signedIn('school_admin') });
    // The Arabic template's column is الصف; the file has no column called className.
    expect(await screen.findByLabelText('الفصل للصفوف التي لا تحتوي على الصف')).toBeTruthy();
  });
});
