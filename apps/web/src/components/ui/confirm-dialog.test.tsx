import { useMutation } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { api } from '../../lib/api-client';
import { apiError, json, mockFetch, renderWithProviders } from '../../test/utils';
import { ConfirmDialog } from './confirm-dialog';

/** A page's Deactivate question, run as the pages run it: `mutate` with the mutation's `isPending`. */
function Deactivate({ onDone }: { onDone?: () => void }) {
  const [open, setOpen] = useState(true);
  const deactivate = useMutation({ mutationFn: () => api.patch('/company/plans/p1', { isActive: false }) });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title="Deactivate Gold?"
      description="Schools that already have it keep it."
      confirmLabel="Deactivate"
      tone="danger"
      pending={deactivate.isPending}
      onConfirm={() =>
        deactivate.mutate(undefined, {
          onSuccess: () => {
            setOpen(false);
            onDone?.();
          },
        })
      }
    />
  );
}

const patches = (calls: { method: string }[]) => calls.filter((c) => c.method === 'PATCH').length;

describe('ConfirmDialog', () => {
  it('sends one request for a double click, before the mutation has told the page it is pending', async () => {
    const { calls } = mockFetch({ 'PATCH /api/v1/company/plans/p1': () => json({ id: 'p1' }) });
    renderWithProviders(<Deactivate />);
    const button = await screen.findByRole('button', { name: 'Deactivate' });
    // Two clicks in one go, as a double click lands: nothing re-rendered between them.
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches(calls)).toBe(1);
  });

  it('takes a click again once a refusal is shown, so the action can be retried', async () => {
    let answers = 0;
    const { calls } = mockFetch({
      'PATCH /api/v1/company/plans/p1': () => {
        answers += 1;
        return answers === 1 ? apiError(503, 'unavailable', 'Try again in a moment.') : json({ id: 'p1' });
      },
    });
    renderWithProviders(<Deactivate />);
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Try again in a moment.');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Deactivate' }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches(calls)).toBe(2);
  });

  it('has no empty band between the question and its buttons when nothing else is asked', async () => {
    mockFetch({});
    renderWithProviders(<Deactivate />);
    const dialog = await screen.findByRole('dialog');
    // The header (title and description) and the footer (the buttons): nothing between them.
    const parts = [...dialog.children].filter((el) => el.tagName === 'DIV');
    expect(parts).toHaveLength(2);
    expect(parts[0]?.textContent).toContain('Deactivate Gold?');
    expect(parts[1]?.querySelectorAll('button')).toHaveLength(2);
  });
});
