import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, makeUser, mockFetch, renderWithProviders, signedIn, apiError } from '../../../test/utils';
import { ProfilePicture } from './profile-picture';

const png = (bytes = 2048, name = 'me.png', type = 'image/png') => new File([new Uint8Array(bytes)], name, { type });

function renderPicture(profileImage: string | null = null) {
  const user = makeUser('teacher', { profileImage });
  return renderWithProviders(
    <>
      <ProfilePicture user={user} />
      <Toaster />
    </>,
    { auth: signedIn('teacher') },
  );
}

beforeEach(() => {
  // react-hot-toast keeps its toasts in a module store: start every test without the last one's.
  toast.remove();
  // The preview only needs a stable object URL.
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
});

describe('ProfilePicture', () => {
  it('previews the chosen file, and on a refused upload shows the upload-failed toast and the reason', async () => {
    let sent: FormData | null = null;
    const { calls } = mockFetch({
      'POST /api/v1/profile/picture': (init) => {
        sent = init.body as FormData;
        return apiError(422, 'rule', 'Storage limit exceeded');
      },
    });
    renderPicture();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText('Choose picture'), png());
    expect(screen.getByTestId('profile-picture-preview').getAttribute('src')).toBe('blob:preview');
    await user.click(screen.getByRole('button', { name: 'Upload picture' }));

    expect(await screen.findByText('Failed to upload profile picture. Please try again.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Storage limit exceeded');
    // The refused file is dropped: the saved picture (here none) shows again and another can be chosen.
    expect(screen.getByTestId('profile-picture-preview').tagName).toBe('SPAN');
    expect(screen.getByLabelText('Choose picture')).toBeTruthy();
    expect(calls[0]?.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(calls[0]?.headers['content-type']).toBeUndefined();
    expect((sent as FormData | null)?.get('picture')).toBeInstanceOf(File);
  });

  it('shows the toast when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    renderPicture();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText('Choose picture'), png());
    await user.click(screen.getByRole('button', { name: 'Upload picture' }));
    expect(await screen.findByText('Failed to upload profile picture. Please try again.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Service temporarily unavailable. Please try again.');
  });

  it('refuses other types and files over 5 MB before calling the server', async () => {
    const { calls } = mockFetch({});
    renderPicture();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText('Choose picture'), png(100, 'notes.png', 'text/plain'));
    expect(screen.getByRole('alert').textContent).toBe('Profile pictures must be JPEG, PNG or WebP images.');
    await user.upload(screen.getByLabelText('Choose picture'), png(100, 'face.svg', 'image/svg+xml'));
    expect(screen.getByRole('alert').textContent).toBe('Profile pictures must be JPEG, PNG or WebP images.');
    await user.upload(screen.getByLabelText('Choose picture'), png(6 * 1024 * 1024));
    expect(screen.getByRole('alert').textContent).toBe('Profile pictures can be at most 5 MB.');
    expect(screen.queryByRole('button', { name: 'Upload picture' })).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('uploads, confirms, and removes a picture', async () => {
    const url = '/api/v1/files/schools/s/users/u/profile/abc.webp';
    const { calls } = mockFetch({
      'POST /api/v1/profile/picture': () => json({ user: makeUser('teacher', { profileImage: url }), school: null }),
      'DELETE /api/v1/profile/picture': () => json({ user: makeUser('teacher'), school: null }),
    });
    const { unmount } = renderPicture();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText('Choose picture'), png(4000, 'me.webp', 'image/webp'));
    await user.click(screen.getByRole('button', { name: 'Upload picture' }));
    expect(await screen.findByText('Profile picture updated')).toBeTruthy();
    unmount();

    renderPicture(url);
    expect(screen.getByTestId('profile-picture-preview').getAttribute('src')).toBe(url);
    await userEvent.click(screen.getByRole('button', { name: 'Remove picture' }));
    expect(await screen.findByText('Profile picture removed')).toBeTruthy();
    await waitFor(() => expect(calls.map((c) => c.method)).toEqual(['POST', 'DELETE']));
  });
});
