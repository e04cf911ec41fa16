import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '@/testing/jwt';
import { api, fail, heldResponse, http, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import { sick, teamTypes, training, unpaid, vacation } from '../test-fixtures';
import { LeaveFormDialog } from './leave-form-dialog';

const signIn = () => {
  setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' });
  server.use(http.get(api('/leaves/types'), () => ok(teamTypes)));
};

function renderDialog(props: Partial<Parameters<typeof LeaveFormDialog>[0]> = {}) {
  const onClose = vi.fn();
  return { onClose, ...renderWithProviders(<LeaveFormDialog onClose={onClose} {...props} />) };
}

const setDate = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const WARNING = 'Invalid Dates - Please provide both From and To dates.';

describe('leave add dialog', () => {
  it('requires both dates and a reason, with the missing-dates warning', async () => {
    signIn();
    const posted = vi.fn();
    server.use(http.post(api('/leaves/add'), () => posted()));
    const { user } = renderDialog();
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add leave' }));
    expect(await screen.findByText('From date is required.')).toBeInTheDocument();
    expect(screen.getByText('To date is required.')).toBeInTheDocument();
    expect(screen.getByText('Reason is required.')).toBeInTheDocument();
    expect(screen.getByText(WARNING)).toBeInTheDocument();
    expect(posted).not.toHaveBeenCalled();
  });

  it('warns as soon as only one date is given, and counts the days once both are', () => {
    renderDialog();
    setDate('From date', '2025-06-02');
    expect(screen.getByText(WARNING)).toBeInTheDocument();
    setDate('To date', '2025-06-02');
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Days')).toHaveValue('1');
    expect(screen.getByLabelText('Days')).toHaveAttribute('readonly');
    setDate('To date', '2025-06-06');
    expect(screen.getByLabelText('Days')).toHaveValue('5');
    expect(screen.getByText('06/06/2025')).toBeInTheDocument();
  });

  it("says 'To date must be after From date.' for a reversed range", async () => {
    const { user } = renderDialog();
    setDate('From date', '2025-06-05');
    setDate('To date', '2025-06-02');
    await user.type(screen.getByLabelText('Reason'), 'Trip');
    await user.click(screen.getByRole('button', { name: 'Add leave' }));
    expect(await screen.findByText('To date must be after From date.')).toBeInTheDocument();
    expect(screen.getByLabelText('Days')).toHaveValue('');
  });

  it('sends fromDate, toDate, reason and days, then confirms', async () => {
    signIn();
    const bodies: unknown[] = [];
    server.use(
      http.post(api('/leaves/add'), async ({ request }) => {
        bodies.push(await request.json());
        return ok({ _id: 'l1' }, 201);
      }),
    );
    const { user, onClose } = renderDialog();
    await screen.findByRole('option', { name: 'Vacation' });
    setDate('From date', '2025-06-02');
    setDate('To date', '2025-06-04');
    await user.type(screen.getByLabelText('Reason'), ' Family visit ');
    await user.click(screen.getByRole('button', { name: 'Add leave' }));
    expect(await screen.findByText('Leave added successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ fromDate: '2025-06-02', toDate: '2025-06-04', reason: 'Family visit', days: 3, typeId: vacation._id }]);
    expect(onClose).toHaveBeenCalled();
  });

  it("toasts 'Error!' with the server's message when the save fails", async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.post(api('/leaves/add'), () => fail(409, 'You already have a leave on some of these dates.')));
    const { user, onClose } = renderDialog({ prefill: { fromDate: '2025-06-02', toDate: '2025-06-02', reason: 'Dentist' } });
    await user.click(screen.getByRole('button', { name: 'Add leave' }));
    expect(await screen.findByText('You already have a leave on some of these dates.')).toBeInTheDocument();
    expect(screen.getByText('Error!')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("toasts 'Failed to save leave. Please try again later.' when the server cannot be reached", async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.post(api('/leaves/add'), () => Response.error()));
    const { user } = renderDialog({ prefill: { fromDate: '2025-06-02', toDate: '2025-06-02', reason: 'Dentist' } });
    await user.click(screen.getByRole('button', { name: 'Add leave' }));
    expect(await screen.findByText('Failed to save leave. Please try again later.')).toBeInTheDocument();
    expect(screen.getByText('Error!')).toBeInTheDocument();
  });

  it('edits a leave through PUT /leaves/edit/{id}', async () => {
    signIn();
    const bodies: unknown[] = [];
    server.use(
      http.put(api('/leaves/edit/l5'), async ({ request }) => {
        bodies.push(await request.json());
        return ok({ _id: 'l5' });
      }),
    );
    const { user } = renderDialog({
      editing: {
        _id: 'l5',
        userId: 'u1',
        typeId: sick._id,
        status: 'approved',
        fromDate: '2025-06-02',
        toDate: '2025-06-03',
        reason: 'Trip',
        days: 2,
        createdAt: '2025-06-01T08:00:00Z',
        updatedAt: '2025-06-01T08:00:00Z',
      },
    });
    expect(screen.getByRole('dialog', { name: 'Edit Leave' })).toBeInTheDocument();
    expect(screen.getByLabelText('Days')).toHaveValue('2');
    expect(await screen.findByRole('option', { name: 'Sick' })).toBeInTheDocument();
    expect(screen.getByLabelText('Type')).toHaveValue(sick._id);
    setDate('To date', '2025-06-05');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Leave updated successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ fromDate: '2025-06-02', toDate: '2025-06-05', reason: 'Trip', days: 4, typeId: sick._id }]);
  });
});

describe('leave type select', () => {
  it("offers the team's types that are not archived, with the default type preselected and what it means", async () => {
    signIn();
    renderDialog();
    const select = await screen.findByRole('combobox', { name: 'Type' });
    await screen.findByRole('option', { name: 'Vacation' });
    expect(select).toHaveValue(vacation._id);
    expect(Array.from((select as HTMLSelectElement).options).map((option) => option.text)).toEqual(['Sick', 'Vacation', 'Unpaid']);
    expect(screen.getByText('Needs approval by an admin or HR; paid, counts against your allowance.')).toBeInTheDocument();
  });

  it('preselects the default type when the types arrive after the dialog opened', async () => {
    signIn();
    const { hold, release } = heldResponse();
    server.use(
      http.get(api('/leaves/types'), async () => {
        await hold();
        return ok(teamTypes);
      }),
    );
    renderDialog();
    expect(await screen.findByRole('combobox', { name: 'Type' })).toBeDisabled();
    release();
    await screen.findByRole('option', { name: 'Vacation' });
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue(vacation._id);
  });

  it('sends the chosen type, and a request that needs approval is confirmed as waiting for it', async () => {
    signIn();
    const bodies: unknown[] = [];
    server.use(
      http.post(api('/leaves/add'), async ({ request }) => {
        bodies.push(await request.json());
        return ok({ _id: 'l1', status: 'pending' }, 201);
      }),
    );
    const { user } = renderDialog({ prefill: { fromDate: '2025-06-02', toDate: '2025-06-02', reason: 'Errands' } });
    await screen.findByRole('option', { name: 'Unpaid' });
    await user.selectOptions(screen.getByLabelText('Type'), 'Unpaid');
    expect(screen.getByText('Needs approval by an admin or HR; unpaid.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add leave' }));
    expect(await screen.findByText('Leave requested: waiting for approval')).toBeInTheDocument();
    expect(bodies).toEqual([{ fromDate: '2025-06-02', toDate: '2025-06-02', reason: 'Errands', days: 1, typeId: unpaid._id }]);
  });

  it('keeps the archived type of an edited leave selectable', async () => {
    signIn();
    renderDialog({
      editing: {
        _id: 'l9',
        userId: 'u1',
        typeId: training._id,
        status: 'pending',
        fromDate: '2025-06-02',
        toDate: '2025-06-02',
        reason: 'Course',
        days: 1,
        createdAt: '',
        updatedAt: '',
      },
    });
    await screen.findByRole('option', { name: 'Training (archived)' });
    expect(screen.getByLabelText('Type')).toHaveValue(training._id);
  });

  it("shows the server's message for the type under the select", async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.post(api('/leaves/add'), () => fail(422, 'Invalid leave.', { typeId: 'This leave type is archived.' })));
    const { user } = renderDialog({ prefill: { fromDate: '2025-06-02', toDate: '2025-06-02', reason: 'Dentist' } });
    await screen.findByRole('option', { name: 'Vacation' });
    await user.click(screen.getByRole('button', { name: 'Add leave' }));
    expect(await screen.findByText('This leave type is archived.')).toBeInTheDocument();
    expect(screen.getByLabelText('Type')).toHaveAttribute('aria-invalid', 'true');
  });

  it('without the types, says the default type will be used and sends no typeId', async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const bodies: unknown[] = [];
    server.use(
      http.get(api('/leaves/types'), () => fail(500, 'Something went wrong.')),
      http.post(api('/leaves/add'), async ({ request }) => {
        bodies.push(await request.json());
        return ok({ _id: 'l1', status: 'approved' }, 201);
      }),
    );
    const { user } = renderDialog({ prefill: { fromDate: '2025-06-02', toDate: '2025-06-02', reason: 'Dentist' } });
    expect(await screen.findByText("The leave types could not be loaded: your team's default type will be used.")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add leave' }));
    expect(await screen.findByText('Leave added successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ fromDate: '2025-06-02', toDate: '2025-06-02', reason: 'Dentist', days: 1 }]);
  });
});
