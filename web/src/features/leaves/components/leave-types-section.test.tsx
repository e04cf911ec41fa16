import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeJwt } from '@/testing/jwt';
import { api, fail, http, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import type { LeaveType } from '../api/types';
import { teamTypes, training, unpaid, vacation } from '../test-fixtures';
import { LeaveTypesSection } from './leave-types-section';

const signIn = () =>
  setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' });

/** Serves the types from `all`, keeping each write's body. */
function typesServer(initial: LeaveType[] = teamTypes) {
  let all = initial;
  const writes: { method: string; path: string; body?: unknown }[] = [];
  server.use(
    http.get(api('/leaves/types'), () => ok(all)),
    http.post(api('/leaves/types'), async ({ request }) => {
      const body = (await request.json()) as Partial<LeaveType>;
      writes.push({ method: 'POST', path: '/leaves/types', body });
      const created = { ...vacation, isDefault: false, ...body, _id: 't-new' } as LeaveType;
      all = [...all, created];
      return ok(created, 201);
    }),
    http.put(api('/leaves/types/:id'), async ({ params, request }) => {
      const body = (await request.json()) as Partial<LeaveType>;
      writes.push({ method: 'PUT', path: `/leaves/types/${String(params.id)}`, body });
      all = all.map((type) => (type._id === params.id ? { ...type, ...body } : type));
      return ok(all.find((type) => type._id === params.id));
    }),
  );
  return writes;
}

const typeRow = async (name: string) => within(await screen.findByRole('list', { name: 'Leave types' })).getByRole('listitem', { name });

describe('leave types (admins)', () => {
  it('lists each type with its colour, rules, and the default and archived marks', async () => {
    signIn();
    typesServer();
    renderWithProviders(<LeaveTypesSection />);
    const vacationRow = await typeRow('Vacation');
    expect(vacationRow).toHaveTextContent('Default');
    expect(within(vacationRow).getByRole('list', { name: 'Rules of Vacation' })).toHaveTextContent(/Paid.*Counts against allowance.*Needs approval/);
    expect(within(vacationRow).queryByRole('button', { name: /Delete|Archive/ })).not.toBeInTheDocument();
    expect(await typeRow('Unpaid')).toHaveTextContent('Unpaid');
    expect(await typeRow('Sick')).toHaveTextContent('No approval');
    const trainingRow = await typeRow('Training');
    expect(trainingRow).toHaveTextContent('Archived');
    expect(within(trainingRow).getByRole('button', { name: 'Unarchive Training' })).toBeInTheDocument();
  });

  it('checks the name and the colour before saving', async () => {
    signIn();
    const writes = typesServer();
    const { user } = renderWithProviders(<LeaveTypesSection />);
    await typeRow('Vacation');
    await user.click(screen.getByRole('button', { name: 'Add leave type' }));
    const dialog = screen.getByRole('dialog', { name: 'Add leave type' });
    const color = within(dialog).getByLabelText('Colour');
    await user.clear(color);
    await user.type(color, 'blue');
    await user.click(within(dialog).getByRole('button', { name: 'Add type' }));
    expect(await within(dialog).findByText('Name is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Colour must be a hex colour such as #22c55e.')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'x'.repeat(41) } });
    await user.click(within(dialog).getByRole('button', { name: 'Add type' }));
    expect(await within(dialog).findByText('Name must not exceed 40 characters.')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), ' vacation ');
    await user.click(within(dialog).getByRole('button', { name: 'Add type' }));
    expect(await within(dialog).findByText('A leave type with this name already exists.')).toBeInTheDocument();
    expect(writes).toEqual([]);
  });

  it('adds a type with its colour and rules', async () => {
    signIn();
    const writes = typesServer();
    const { user } = renderWithProviders(<LeaveTypesSection />);
    await typeRow('Vacation');
    await user.click(screen.getByRole('button', { name: 'Add leave type' }));
    const dialog = screen.getByRole('dialog', { name: 'Add leave type' });
    await user.type(within(dialog).getByLabelText('Name'), 'Parental');
    fireEvent.change(within(dialog).getByLabelText('Pick a colour'), { target: { value: '#aa00cc' } });
    expect(within(dialog).getByLabelText('Colour')).toHaveValue('#aa00cc');
    await user.click(within(dialog).getByLabelText('Needs approval'));
    await user.click(within(dialog).getByRole('button', { name: 'Add type' }));
    expect(await screen.findByText('Parental has been added.')).toBeInTheDocument();
    expect(writes).toEqual([
      { method: 'POST', path: '/leaves/types', body: { name: 'Parental', color: '#aa00cc', paid: true, countsAgainstAllowance: false, needsApproval: false } },
    ]);
    expect(await typeRow('Parental')).toHaveTextContent('No approval');
  });

  it("shows the server's field message under the field", async () => {
    signIn();
    typesServer();
    server.use(http.post(api('/leaves/types'), () => fail(422, 'Invalid leave type.', { name: 'Name is reserved.' })));
    const { user } = renderWithProviders(<LeaveTypesSection />);
    await typeRow('Vacation');
    await user.click(screen.getByRole('button', { name: 'Add leave type' }));
    const dialog = screen.getByRole('dialog', { name: 'Add leave type' });
    await user.type(within(dialog).getByLabelText('Name'), 'Holiday');
    await user.click(within(dialog).getByRole('button', { name: 'Add type' }));
    expect(await within(dialog).findByText('Name is reserved.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits a type, starting from its values', async () => {
    signIn();
    const writes = typesServer();
    const { user } = renderWithProviders(<LeaveTypesSection />);
    await user.click(within(await typeRow('Unpaid')).getByRole('button', { name: 'Edit Unpaid' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit leave type' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Unpaid');
    expect(within(dialog).getByLabelText('Colour')).toHaveValue(unpaid.color);
    expect(within(dialog).getByLabelText('Paid')).not.toBeChecked();
    expect(within(dialog).getByLabelText('Needs approval')).toBeChecked();
    await user.click(within(dialog).getByLabelText('Counts against allowance'));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Unpaid has been updated.')).toBeInTheDocument();
    expect(writes).toEqual([
      {
        method: 'PUT',
        path: `/leaves/types/${unpaid._id}`,
        body: { name: 'Unpaid', color: unpaid.color, paid: false, countsAgainstAllowance: true, needsApproval: true },
      },
    ]);
  });

  it('archives and unarchives', async () => {
    signIn();
    const writes = typesServer();
    const { user } = renderWithProviders(<LeaveTypesSection />);
    await user.click(within(await typeRow('Unpaid')).getByRole('button', { name: 'Archive Unpaid' }));
    expect(await screen.findByText('Unpaid has been archived: it is no longer offered for new leaves.')).toBeInTheDocument();
    await waitFor(async () => expect(await typeRow('Unpaid')).toHaveTextContent('Archived'));
    await user.click(within(await typeRow('Training')).getByRole('button', { name: 'Unarchive Training' }));
    expect(await screen.findByText('Training is offered again.')).toBeInTheDocument();
    expect(writes.map(({ path, body }) => [path, body])).toEqual([
      [`/leaves/types/${unpaid._id}`, { archived: true }],
      [`/leaves/types/${training._id}`, { archived: false }],
    ]);
  });

  it("deletes after confirming, and shows the server's refusal for a type in use", async () => {
    signIn();
    typesServer();
    const deleted: string[] = [];
    server.use(
      http.delete(api('/leaves/types/:id'), ({ params }) => {
        if (params.id === unpaid._id) return fail(409, 'This leave type is in use: archive it instead.');
        deleted.push(String(params.id));
        return ok({ _id: params.id, message: 'Deleted' });
      }),
    );
    const { user } = renderWithProviders(<LeaveTypesSection />);
    await user.click(within(await typeRow('Unpaid')).getByRole('button', { name: 'Delete Unpaid' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete Unpaid?' })).getByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByText('This leave type is in use: archive it instead.')).toBeInTheDocument();

    await user.click(within(await typeRow('Training')).getByRole('button', { name: 'Delete Training' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete Training?' })).getByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByText('Training has been deleted.')).toBeInTheDocument();
    expect(deleted).toEqual([training._id]);
  });
});
