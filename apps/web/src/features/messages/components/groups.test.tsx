import type { ConversationDetail } from '@lyceum/shared/messages';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { MessagesPage } from '../pages/messages-page';

const GROUP = '01900000-0000-7000-8000-0000000000b1';
const TEACHER = '01900000-0000-7000-8000-0000000000c1';
const PARENT = '01900000-0000-7000-8000-0000000000c2';
const STUDENT = '01900000-0000-7000-8000-0000000000c3';
const PICTURE = '/api/v1/files/schools/s1/profile/tess.webp';

const conversation = {
  id: GROUP,
  kind: 'group' as const,
  title: 'Fair helpers',
  image: null,
  classId: null,
  lastMessage: null,
  unread: 0,
  lastActivityAt: '2026-11-20T09:00:00.000Z',
  readOnly: false,
};
const detail = (createdBy: string, extra: ConversationDetail['members'] = []): ConversationDetail => ({
  ...conversation,
  createdBy,
  members: [
    { id: 'user-principal', name: 'Ada Lovelace', role: 'principal', profileImage: null, lastReadAt: null },
    { id: TEACHER, name: 'Tess Teacher', role: 'teacher', profileImage: PICTURE, lastReadAt: null },
    { id: PARENT, name: 'Pat Parent', role: 'parent', profileImage: null, lastReadAt: null },
    ...extra,
  ],
});
const contacts = {
  items: [
    { id: TEACHER, name: 'Tess Teacher', role: 'teacher' as const, profileImage: PICTURE },
    { id: PARENT, name: 'Pat Parent', role: 'parent' as const, profileImage: null },
    { id: STUDENT, name: 'Sam Student', role: 'student' as const, profileImage: null },
  ],
};
const emptyThread = () => json({ items: [], nextCursor: null, total: 0, othersReadAt: null });

describe('groups staff make', () => {
  afterEach(() => act(() => changeLanguage('en')));

  it('a school admin makes a group: name and members from the people they may message', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/messages/conversations': () => json({ items: [], nextCursor: null, total: 0 }),
      'GET /api/v1/messages/contacts': () => json(contacts),
      'POST /api/v1/messages/groups': () => json(detail('user-school_admin'), 201),
    });
    renderWithProviders(<MessagesPage />, { auth: signedIn('school_admin'), path: '/messages' });
    fireEvent.click(await screen.findByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New group' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(await within(dialog).findByText('Give the group a name')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one member')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Group name'), { target: { value: 'Fair helpers' } });
    fireEvent.click(await within(dialog).findByRole('button', { name: /Tess Teacher/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: /Pat Parent/ }));
    expect(within(dialog).getByRole('list', { name: 'Chosen people' }).textContent).toContain('Pat Parent');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        name: 'Fair helpers',
        memberIds: [TEACHER, PARENT],
      }),
    );
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows each member's picture beside their name (the initial without one): the group's details and the New group picker", async () => {
    mockFetch({
      'GET /api/v1/messages/conversations': () => json({ items: [conversation], nextCursor: null, total: 1 }),
      [`GET /api/v1/messages/conversations/${GROUP}/messages`]: emptyThread,
      [`GET /api/v1/messages/conversations/${GROUP}`]: () => json(detail(TEACHER)),
      'GET /api/v1/messages/contacts': () => json(contacts),
    });
    renderWithProviders(<MessagesPage />, { auth: signedIn('principal'), path: `/messages?c=${GROUP}` });
    const pictureOf = (row: Element | null | undefined) => row?.querySelector('img')?.getAttribute('src') ?? null;
    const rowOf = (scope: HTMLElement, name: string) => within(scope).getByText(name).closest('li');

    fireEvent.click(await screen.findByRole('button', { name: 'Group details' }));
    const details = await screen.findByRole('dialog', { name: 'Fair helpers' });
    const members = await within(details).findByRole('list', { name: 'Members' });
    expect(pictureOf(rowOf(members, 'Tess Teacher'))).toBe(PICTURE);
    expect(pictureOf(rowOf(members, 'Pat Parent'))).toBeNull();
    expect(rowOf(members, 'Pat Parent')?.firstElementChild?.textContent).toBe('P');
    fireEvent.keyDown(details, { key: 'Escape' });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(await screen.findByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New group' });
    const offered = await within(dialog).findByRole('list', { name: 'People you may message' });
    expect(pictureOf(within(offered).getByRole('button', { name: /Tess Teacher/ }))).toBe(PICTURE);
    expect(pictureOf(within(offered).getByRole('button', { name: /Sam Student/ }))).toBeNull();
    // A chosen person keeps their picture in the chosen list above the search.
    fireEvent.click(within(offered).getByRole('button', { name: /Tess Teacher/ }));
    const chosen = within(dialog).getByRole('list', { name: 'Chosen people' });
    expect(pictureOf(rowOf(chosen, 'Tess Teacher'))).toBe(PICTURE);
  });

  it('a principal in a group renames it, takes someone out, adds people and leaves; only the creator or a school admin deletes', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/messages/conversations': () => json({ items: [conversation], nextCursor: null, total: 1 }),
      [`GET /api/v1/messages/conversations/${GROUP}/messages`]: emptyThread,
      [`GET /api/v1/messages/conversations/${GROUP}`]: () => json(detail(TEACHER)),
      'GET /api/v1/messages/contacts': () => json(contacts),
      [`PATCH /api/v1/messages/groups/${GROUP}`]: () => json(detail(TEACHER)),
      [`DELETE /api/v1/messages/groups/${GROUP}/members/${PARENT}`]: () => json(detail(TEACHER)),
      [`POST /api/v1/messages/groups/${GROUP}/members`]: () => json(detail(TEACHER)),
      [`POST /api/v1/messages/groups/${GROUP}/leave`]: () => new Response(null, { status: 204 }),
    });
    renderWithProviders(<MessagesPage />, { auth: signedIn('principal'), path: `/messages?c=${GROUP}` });
    fireEvent.click(await screen.findByRole('button', { name: 'Group details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fair helpers' });
    expect(await within(dialog).findByText('3 members')).toBeTruthy();
    // Made by the teacher: a principal may not delete it.
    expect(within(dialog).queryByRole('button', { name: 'Delete group' })).toBeNull();

    fireEvent.change(within(dialog).getByLabelText('Group name'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await within(dialog).findByText('Give the group a name')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Group name'), { target: { value: 'Spring fair' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await vi.waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ name: 'Spring fair' }));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Take Pat Parent out of the group' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith(PARENT))).toBe(true));

    // People already in it are not offered again.
    const offered = await within(dialog).findByRole('list', { name: 'People you may message' });
    expect(within(offered).queryByText('Tess Teacher')).toBeNull();
    fireEvent.click(within(offered).getByRole('button', { name: /Sam Student/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to group' }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.url.endsWith('/members'))?.body).toEqual({
        memberIds: [STUDENT],
      }),
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave group' }));
    const confirm = await screen.findByRole('dialog', { name: 'Leave this group?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Leave group' }));
    await vi.waitFor(() => expect(calls.some((c) => c.url.endsWith('/leave'))).toBe(true));
  });

  it('a teacher member sees who is in it and may only leave, in Arabic', async () => {
    await changeLanguage('ar');
    mockFetch({
      'GET /api/v1/messages/conversations': () => json({ items: [conversation], nextCursor: null, total: 1 }),
      [`GET /api/v1/messages/conversations/${GROUP}/messages`]: emptyThread,
      [`GET /api/v1/messages/conversations/${GROUP}`]: () => json(detail('user-principal')),
    });
    renderWithProviders(<MessagesPage />, { auth: signedIn('teacher'), path: `/messages?c=${GROUP}` });
    expect(screen.queryByRole('button', { name: 'مجموعة جديدة' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'تفاصيل المجموعة' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('3 أعضاء')).toBeTruthy();
    expect(within(dialog).queryByLabelText('اسم المجموعة')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'حذف المجموعة' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'مغادرة المجموعة' })).toBeTruthy();
  });

  it("lays out a group's Latin name in its own direction in an Arabic page: the details' title and the question to leave", async () => {
    await changeLanguage('ar');
    const named = { ...conversation, title: 'Grade 6 A (2027-2028)' };
    mockFetch({
      'GET /api/v1/messages/conversations': () => json({ items: [named], nextCursor: null, total: 1 }),
      [`GET /api/v1/messages/conversations/${GROUP}/messages`]: emptyThread,
      [`GET /api/v1/messages/conversations/${GROUP}`]: () => json({ ...detail('user-principal'), title: named.title }),
    });
    renderWithProviders(<MessagesPage />, { auth: signedIn('teacher'), path: `/messages?c=${GROUP}` });
    fireEvent.click(await screen.findByRole('button', { name: 'تفاصيل المجموعة' }));
    const dialog = await screen.findByRole('dialog', { name: named.title });
    const title = within(dialog).getByText(named.title);
    expect(title.getAttribute('dir')).toBe('auto');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'مغادرة المجموعة' }));
    const confirm = await screen.findByRole('dialog');
    const name = within(confirm).getByText(named.title);
    expect(name.tagName).toBe('BDI');
    expect(name.getAttribute('dir')).toBe('auto');
    // The Arabic sentence isolates its name too (the catalogue's rule for someone's text).
    expect(name.parentElement?.textContent).toContain(`«\u2068${named.title}\u2069»`);
  });
});
