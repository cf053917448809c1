import { zodResolver } from '../../lib/zod-resolver';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controller, useForm } from 'react-hook-form';
import toast, { useToasterStore } from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { applyServerError } from '../../lib/form-errors';
import { FormAlert } from './alert';
import { FormDialog } from './form-dialog';

const NameForm = z.object({ name: z.string(), email: z.string() });

/** A request that waits for the test's answer. */
function pending() {
  let refuse: (error: ApiError) => void = () => {};
  const request = new Promise<never>((_, reject) => (refuse = reject));
  return { request, refuse: (error: ApiError) => refuse(error) };
}

/** The browser drops focus to <body> from a focused submit button that becomes disabled; the test DOM does not. */
function dropFocus() {
  const elsewhere = document.body.appendChild(document.createElement('input'));
  elsewhere.focus();
  elsewhere.remove();
}

function Dialog({ onSubmit }: { onSubmit: () => Promise<never> }) {
  const form = useForm({ resolver: zodResolver(NameForm), defaultValues: { name: '', email: '' } });
  const emailError = form.formState.errors.email?.message;
  return (
    <FormDialog
      open
      onOpenChange={() => {}}
      title="Contact sales"
      form={form}
      onSubmit={onSubmit}
      submitLabel="Send"
      serverFields={['email']}
    >
      <input aria-label="Name" {...form.register('name')} />
      <input aria-label="Email" {...form.register('email')} />
      {emailError && <p>{emailError}</p>}
    </FormDialog>
  );
}

describe('FormDialog refusals', () => {
  it('gives the focus to a refusal that names no field', async () => {
    const answer = pending();
    render(<Dialog onSubmit={() => answer.request} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    dropFocus();
    answer.refuse(new ApiError(429, 'rate_limited', 'Too many requests. Please try again later.'));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(alert));
  });

  it('gives the focus to the field the server names', async () => {
    const answer = pending();
    render(<Dialog onSubmit={() => answer.request} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    dropFocus();
    answer.refuse(new ApiError(400, 'validation', 'Check the fields', { email: 'Enter a valid email address' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
  });
});

/** A group of inputs whose messages follow the request's paths (`city`), as a school's details do: no ref to focus. */
const AddressForm = z.object({ address: z.object({ street: z.string(), city: z.string().min(1, 'Enter a city') }) });

function AddressDialog() {
  const form = useForm({
    resolver: zodResolver(AddressForm),
    defaultValues: { address: { street: '', city: '' } },
  });
  const cityError = form.formState.errors.address?.city?.message;
  return (
    <FormDialog open onOpenChange={() => {}} title="Address" form={form} onSubmit={vi.fn()} submitLabel="Save">
      <Controller
        control={form.control}
        name="address"
        render={({ field }) => (
          <>
            <input
              aria-label="Street"
              value={field.value.street}
              onChange={(e) => field.onChange({ ...field.value, street: e.target.value })}
            />
            <input
              aria-label="City"
              aria-invalid={cityError ? true : undefined}
              value={field.value.city}
              onChange={(e) => field.onChange({ ...field.value, city: e.target.value })}
            />
          </>
        )}
      />
    </FormDialog>
  );
}

describe('FormDialog checks', () => {
  it('gives the focus to the first field shown in error, though react-hook-form has no ref to focus it by', async () => {
    render(<AddressDialog />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('City')));
  });
});

function PageForm({ onSubmit }: { onSubmit: () => Promise<never> }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ defaultValues: { name: '', email: '' } });
  const submit = handleSubmit(async () => {
    try {
      await onSubmit();
    } catch (error) {
      applyServerError(error, setError, ['email']);
    }
  });
  return (
    <>
      <a href="/elsewhere">Elsewhere</a>
      <form onSubmit={submit}>
        {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
        <input aria-label="Name" {...register('name')} />
        <input aria-label="Email" {...register('email')} />
        <button type="submit">Send</button>
      </form>
    </>
  );
}

describe('FormAlert', () => {
  it('takes the focus from inside its form, where the user pressed Enter', async () => {
    const answer = pending();
    render(<PageForm onSubmit={() => answer.request} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ada{Enter}');
    answer.refuse(new ApiError(403, 'forbidden', 'Not allowed.'));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(alert));
  });

  it('leaves focus where the user moved it out of the form meanwhile', async () => {
    const answer = pending();
    render(<PageForm onSubmit={() => answer.request} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ada{Enter}');
    const link = screen.getByRole('link', { name: 'Elsewhere' });
    link.focus();
    answer.refuse(new ApiError(403, 'forbidden', 'Not allowed.'));
    await screen.findByRole('alert');
    expect(document.activeElement).toBe(link);
  });
});

/** The toasts on screen (a dismissed one leaves with an animation, so its text lingers in the document). */
function VisibleToasts() {
  const { toasts } = useToasterStore();
  return (
    <ul aria-label="Toasts">
      {toasts
        .filter((t) => t.visible)
        .map((t) => (
          <li key={t.id}>{String(t.message)}</li>
        ))}
    </ul>
  );
}

describe('FormDialog toasts', () => {
  it("takes the refusal's toast away when the form is sent again, so it never stays beside the success", async () => {
    toast.remove();
    let tries = 0;
    const save = vi.fn(async () => {
      tries += 1;
      if (tries === 1) throw new ApiError(409, 'conflict', 'This name is taken', { name: 'This name is taken' });
      toast.success('Saved');
      return 'ok';
    });
    function Saving() {
      const form = useForm({ resolver: zodResolver(NameForm), defaultValues: { name: '', email: '' } });
      return (
        <FormDialog
          open
          onOpenChange={() => {}}
          title="Add"
          form={form}
          onSubmit={save}
          submitLabel="Save"
          serverFields={['name']}
          errorToast="It was not saved"
        >
          <input aria-label="Name" {...form.register('name')} />
        </FormDialog>
      );
    }
    render(
      <>
        <Saving />
        <VisibleToasts />
      </>,
    );
    const toasts = screen.getByRole('list', { name: 'Toasts', hidden: true });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts.textContent).toBe('It was not saved'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts.textContent).toBe('Saved'));
    expect(save).toHaveBeenCalledTimes(2);
  });
});
