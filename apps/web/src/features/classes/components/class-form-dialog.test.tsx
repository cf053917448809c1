import type { ClassResponse } from '@lyceum/shared/academics';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { ClassFormDialog } from './class-form-dialog';

const created: ClassResponse = {
  id: 'class-1',
  name: 'Grade 1',
  section: 'A',
  label: 'Grade 1 A',
  academicYear: '2026-2027',
  subjects: [],
  assignedTeachers: [],
  classTeacherId: null,
  classTeacherName: null,
  studentCount: 0,
  isActive: true,
  createdAt: '2026-01-01T00:00:00Z',
};

describe('ClassFormDialog', () => {
  it('names the new class with its section in the toast', async () => {
    const user = userEvent.setup();
    toast.remove();
    mockFetch({
      'GET /api/v1/subjects': () => json({ items: [] }),
      'POST /api/v1/classes': () => json(created, 201),
    });
    renderWithProviders(
      <>
        <ClassFormDialog open onOpenChange={vi.fn()} />
        <Toaster />
      </>,
      { auth: signedIn('school_admin') },
    );
    await user.type(screen.getByLabelText('Class name'), 'Grade 1');
    await user.type(screen.getByLabelText('Section'), 'A');
    await user.click(screen.getByRole('button', { name: 'Create class' }));
    expect(await screen.findByText('Class Grade 1 A created')).toBeTruthy();
  });
});
