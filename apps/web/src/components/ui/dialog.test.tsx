import { zodResolver } from '../../lib/zod-resolver';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';
import { Dialog } from './dialog';
import { FormDialog } from './form-dialog';
import { useDialogState } from './use-dialog-state';

type Dialogs = { kind: 'plain' } | { kind: 'confirm' } | { kind: 'form' } | { kind: 'done' };

const NameForm = z.object({ name: z.string() });

/** A page like the people lists: dialogs opened from state by buttons, with no Radix Trigger. */
function Page() {
  const dialogs = useDialogState<Dialogs>();
  const [removed, setRemoved] = useState(false);
  const form = useForm({ resolver: zodResolver(NameForm), defaultValues: { name: '' } });
  return (
    <main>
      <h1>People</h1>
      <Button onClick={() => dialogs.open({ kind: 'plain' })}>Open plain</Button>
      {!removed && <Button onClick={() => dialogs.open({ kind: 'confirm' })}>Deactivate</Button>}
      <Button onClick={() => dialogs.open({ kind: 'form' })}>Add person</Button>
      <Dialog
        open={dialogs.is('plain')}
        onOpenChange={dialogs.onOpenChange}
        title="Plain"
        footer={<Button onClick={dialogs.close}>Cancel</Button>}
      >
        <input aria-label="Anything" />
      </Dialog>
      <ConfirmDialog
        open={dialogs.is('confirm')}
        onOpenChange={dialogs.onOpenChange}
        title="Deactivate?"
        description="They can no longer sign in."
        confirmLabel="Yes, deactivate"
        onConfirm={() => {
          setRemoved(true);
          dialogs.close();
        }}
      />
      <FormDialog
        open={dialogs.is('form')}
        onOpenChange={dialogs.onOpenChange}
        title="Add person"
        form={form}
        onSubmit={async () => 'created'}
        onSaved={() => dialogs.open({ kind: 'done' })}
        submitLabel="Save"
      >
        <input aria-label="Name" {...form.register('name')} />
      </FormDialog>
      <Dialog
        open={dialogs.is('done')}
        onOpenChange={dialogs.onOpenChange}
        title="Person added"
        footer={<Button onClick={dialogs.close}>Done</Button>}
      />
    </main>
  );
}

const button = (name: string) => screen.getByRole('button', { name });

describe('Dialog returns focus to the button that opened it', () => {
  it('on Escape, Cancel and ×', async () => {
    const user = userEvent.setup();
    render(<Page />);

    for (const close of [
      () => user.keyboard('{Escape}'),
      () => user.click(button('Cancel')),
      () => user.click(button('Close')),
    ]) {
      await user.click(button('Open plain'));
      await waitFor(() =>
        expect(screen.getByRole('dialog', { name: 'Plain' }).contains(document.activeElement)).toBe(true),
      );
      await user.type(screen.getByLabelText('Anything'), 'abc');
      await close();
      expect(screen.queryByRole('dialog')).toBeNull();
      await waitFor(() => expect(document.activeElement).toBe(button('Open plain')));
    }
  });

  it('from the confirmation dialog on Escape and Cancel; to the heading when the opener went with the action', async () => {
    const user = userEvent.setup();
    render(<Page />);

    await user.click(button('Deactivate'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(button('Deactivate')));

    await user.click(button('Deactivate'));
    await user.click(button('Cancel'));
    await waitFor(() => expect(document.activeElement).toBe(button('Deactivate')));

    await user.click(button('Deactivate'));
    await user.click(button('Yes, deactivate'));
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'People' })));
  });

  it('after a save whose result is shown in a second dialog, once that one closes', async () => {
    const user = userEvent.setup();
    render(<Page />);

    await user.click(button('Add person'));
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.click(button('Save'));
    // The second dialog keeps focus while it is open…
    const done = await screen.findByRole('dialog', { name: 'Person added' });
    await waitFor(() => expect(done.contains(document.activeElement)).toBe(true));
    // …and gives it to the button that started both.
    await user.click(button('Done'));
    await waitFor(() => expect(document.activeElement).toBe(button('Add person')));
  });
});
