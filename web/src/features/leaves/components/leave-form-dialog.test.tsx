import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '@/testing/jwt';
import { api, fail, heldResponse, http, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import { sick, teamTypes, training, unpaid, vacation } from '../test-fixtures';
import { LeaveFormDialog } from './leave-form-dialog';

const THIS_YEAR = new Date().getFullYear();

const signIn = () => {
  setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' });
  server.use(
    http.get(api('/leaves/types'), () => ok(teamTypes)),
    http.get(api('/leaves/preview'), () => ok({ workingDays: 1, countsAgainstAllowance: false, year: THIS_YEAR })),
  );
};

function renderDialog(props: Partial<Parameters<typeof LeaveFormDialog>[0]> = {}) {
  const onClose = vi.fn();
  return { onClose, ...renderWithProviders(<LeaveFormDialog onClose={onClose} {...props} />) };
}

// Typed day-month-year, as the field shows dates.
const setDate = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value: value.split('-').reverse().join('/') } });
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
    expect(screen.getByLabelText('To date')).toHaveValue('06/06/2025');
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
    expect(bodies).toEqual([{ fromDate: '2025-06-02', toDate: '2025-06-04', reason: 'Family visit', days: 3, typeId: vacation._id, halfDay: '' }]);
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

  it('keeps a request the server cannot be reached for on the device, and says what waits for the sync', async () => {
    signIn();
    server.use(http.post(api('/leaves/add'), () => Response.error()));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { user, onClose } = renderDialog({ prefill: { fromDate: '2025-06-02', toDate: '2025-06-02', reason: 'Dentist' } });
    await user.click(screen.getByRole('button', { name: 'Add leave' }));
    expect(
      await screen.findByText('Saved on this device. It is sent when the connection is back. Days and approval are worked out when it syncs.'),
    ).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(screen.queryByText('Error!')).not.toBeInTheDocument();
    onLine.mockRestore();
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
    expect(screen.getByRole('dialog', { name: 'Edit leave' })).toBeInTheDocument();
    expect(screen.getByLabelText('Days')).toHaveValue('2');
    expect(await screen.findByRole('option', { name: 'Sick' })).toBeInTheDocument();
    expect(screen.getByLabelText('Type')).toHaveValue(sick._id);
    setDate('To date', '2025-06-05');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Leave updated successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ fromDate: '2025-06-02', toDate: '2025-06-05', reason: 'Trip', days: 4, typeId: sick._id, halfDay: '' }]);
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
    expect(screen.getByText('Needs approval; paid, counts against your allowance.')).toBeInTheDocument();
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

  it("starts from the type an assistant's proposal named", async () => {
    signIn();
    renderDialog({ prefill: { fromDate: '2025-06-02', toDate: '2025-06-02', reason: 'Flu', typeId: sick._id } });
    await screen.findByRole('option', { name: 'Sick' });
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue(sick._id);
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
    expect(screen.getByText('Needs approval; unpaid.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add leave' }));
    expect(await screen.findByText('Leave requested: waiting for approval')).toBeInTheDocument();
    expect(bodies).toEqual([{ fromDate: '2025-06-02', toDate: '2025-06-02', reason: 'Errands', days: 1, typeId: unpaid._id, halfDay: '' }]);
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
    expect(bodies).toEqual([{ fromDate: '2025-06-02', toDate: '2025-06-02', reason: 'Dentist', days: 1, halfDay: '' }]);
  });
});

describe('half day', () => {
  it('is offered only when From and To are the same date, goes back to a whole day otherwise, and is sent', async () => {
    signIn();
    const bodies: unknown[] = [];
    server.use(
      http.post(api('/leaves/add'), async ({ request }) => {
        bodies.push(await request.json());
        return ok({ _id: 'l1', status: 'pending' }, 201);
      }),
    );
    const { user } = renderDialog();
    await screen.findByRole('option', { name: 'Vacation' });
    expect(screen.queryByRole('group', { name: 'Half day' })).not.toBeInTheDocument();
    setDate('From date', '2025-06-02');
    setDate('To date', '2025-06-04');
    expect(screen.queryByRole('radio', { name: 'Morning' })).not.toBeInTheDocument();

    setDate('To date', '2025-06-02');
    const group = screen.getByRole('group', { name: 'Half day' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Whole day', 'Morning', 'Afternoon']);
    expect(within(group).getByRole('radio', { name: 'Whole day' })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: 'Morning' }));
    expect(within(group).getByRole('radio', { name: 'Morning' })).toBeChecked();

    // A longer range is a whole-day leave again, also when it becomes one day once more.
    setDate('To date', '2025-06-03');
    expect(screen.queryByRole('group', { name: 'Half day' })).not.toBeInTheDocument();
    setDate('To date', '2025-06-02');
    expect(screen.getByRole('radio', { name: 'Whole day' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Afternoon' }));
    await user.type(screen.getByLabelText('Reason'), 'Dentist');
    await user.click(screen.getByRole('button', { name: 'Add leave' }));
    expect(await screen.findByText('Leave requested: waiting for approval')).toBeInTheDocument();
    expect(bodies).toEqual([{ fromDate: '2025-06-02', toDate: '2025-06-02', reason: 'Dentist', days: 1, typeId: vacation._id, halfDay: 'pm' }]);
  });

  it("starts from an edited leave's half day, and a whole day is sent as ''", async () => {
    signIn();
    const bodies: unknown[] = [];
    server.use(
      http.put(api('/leaves/edit/l7'), async ({ request }) => {
        bodies.push(await request.json());
        return ok({ _id: 'l7' });
      }),
    );
    const { user } = renderDialog({
      editing: {
        _id: 'l7',
        userId: 'u1',
        typeId: vacation._id,
        status: 'pending',
        fromDate: '2025-06-02',
        toDate: '2025-06-02',
        reason: 'Dentist',
        days: 1,
        halfDay: 'am',
        workingDays: 0.5,
        createdAt: '',
        updatedAt: '',
      },
    });
    expect(screen.getByRole('radio', { name: 'Morning' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Whole day' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Leave updated successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ fromDate: '2025-06-02', toDate: '2025-06-02', reason: 'Dentist', days: 1, typeId: vacation._id, halfDay: '' }]);
  });

  it("shows the server's half-day message under the choice", async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.post(api('/leaves/add'), () => fail(422, 'Invalid leave.', { halfDay: 'Half day must be am or pm.' })));
    const { user } = renderDialog({ prefill: { fromDate: '2025-06-02', toDate: '2025-06-02', reason: 'Dentist' } });
    await screen.findByRole('option', { name: 'Vacation' });
    await user.click(screen.getByRole('radio', { name: 'Morning' }));
    await user.click(screen.getByRole('button', { name: 'Add leave' }));
    expect(await within(screen.getByRole('group', { name: 'Half day' })).findByText('Half day must be am or pm.')).toBeInTheDocument();
  });
});

describe('leave preview', () => {
  /** Answers as the server would for Vacation (counts, 22.5 days left before) and the other types (do not count). */
  function previewServer() {
    const queries: Record<string, string>[] = [];
    server.use(
      http.get(api('/leaves/preview'), ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        queries.push(query);
        const workingDays = query.halfDay ? 0.5 : query.fromDate === query.toDate ? 1 : 3;
        const counts = query.typeId === vacation._id;
        return ok({
          workingDays,
          countsAgainstAllowance: counts,
          year: Number(query.fromDate!.slice(0, 4)),
          ...(counts ? { remainingAfter: 22.5 - workingDays } : {}),
        });
      }),
    );
    return queries;
  }

  it('shows the working days and the balance after for a type that counts', async () => {
    signIn();
    const queries = previewServer();
    const { user } = renderDialog();
    await screen.findByRole('option', { name: 'Vacation' });
    setDate('From date', `${THIS_YEAR}-06-01`);
    expect(screen.queryByText(/^Counts/)).not.toBeInTheDocument();
    setDate('To date', `${THIS_YEAR}-06-03`);
    expect(await screen.findByText('Counts 3 working days · Balance after: 19.5 days.')).toBeInTheDocument();
    expect(queries.at(-1)).toEqual({ fromDate: `${THIS_YEAR}-06-01`, toDate: `${THIS_YEAR}-06-03`, typeId: vacation._id });

    setDate('To date', `${THIS_YEAR}-06-01`);
    await user.click(screen.getByRole('radio', { name: 'Morning' }));
    expect(await screen.findByText('Counts 0.5 working days · Balance after: 22 days.')).toBeInTheDocument();
    expect(queries.at(-1)).toEqual({ fromDate: `${THIS_YEAR}-06-01`, toDate: `${THIS_YEAR}-06-01`, halfDay: 'am', typeId: vacation._id });

    // Another year is named.
    setDate('From date', '2031-06-02');
    setDate('To date', '2031-06-04');
    expect(await screen.findByText('Counts 3 working days · Balance after in 2031: 19.5 days.')).toBeInTheDocument();

    // Without two valid dates in order, nothing is asked or shown.
    const asked = queries.length;
    setDate('To date', '2031-06-01');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByText(/^Counts/)).not.toBeInTheDocument();
    expect(queries).toHaveLength(asked);
  });

  it('says when the type does not count against the allowance', async () => {
    signIn();
    previewServer();
    const { user } = renderDialog({ prefill: { fromDate: `${THIS_YEAR}-06-01`, toDate: `${THIS_YEAR}-06-03` } });
    await screen.findByRole('option', { name: 'Sick' });
    await user.selectOptions(screen.getByLabelText('Type'), 'Sick');
    expect(await screen.findByText('Counts 3 working days · does not count against your allowance.')).toBeInTheDocument();
  });

  it('leaves the edited leave out of the count', async () => {
    signIn();
    const queries = previewServer();
    renderDialog({
      editing: {
        _id: 'l5',
        userId: 'u1',
        typeId: vacation._id,
        status: 'pending',
        fromDate: `${THIS_YEAR}-06-01`,
        toDate: `${THIS_YEAR}-06-03`,
        reason: 'Trip',
        days: 3,
        workingDays: 3,
        createdAt: '',
        updatedAt: '',
      },
    });
    expect(await screen.findByText('Counts 3 working days · Balance after: 19.5 days.')).toBeInTheDocument();
    expect(queries.at(-1)).toEqual({ fromDate: `${THIS_YEAR}-06-01`, toDate: `${THIS_YEAR}-06-03`, typeId: vacation._id, exclude: 'l5' });
  });

  it('shows nothing when the preview fails, and the leave can still be sent', async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const asked = vi.fn();
    const bodies: unknown[] = [];
    server.use(
      http.get(api('/leaves/preview'), () => {
        asked();
        return fail(500, 'Something went wrong.');
      }),
      http.post(api('/leaves/add'), async ({ request }) => {
        bodies.push(await request.json());
        return ok({ _id: 'l1', status: 'pending' }, 201);
      }),
    );
    const { user } = renderDialog({ prefill: { fromDate: '2025-06-02', toDate: '2025-06-04', reason: 'Trip' } });
    await vi.waitFor(() => expect(asked).toHaveBeenCalled());
    expect(screen.queryByText(/^Counts/)).not.toBeInTheDocument();
    expect(screen.queryByText('Something went wrong.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add leave' }));
    expect(await screen.findByText('Leave requested: waiting for approval')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
  });

  it("shows the server's refusal of a leave over the balance under To date", async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refusal = `This leave takes 3 working days but you have 2.5 working days left in ${THIS_YEAR}.`;
    server.use(http.post(api('/leaves/add'), () => fail(422, 'Invalid leave.', { toDate: refusal })));
    const { user } = renderDialog({ prefill: { fromDate: `${THIS_YEAR}-06-01`, toDate: `${THIS_YEAR}-06-03`, reason: 'Trip' } });
    await screen.findByRole('option', { name: 'Vacation' });
    await user.click(screen.getByRole('button', { name: 'Add leave' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByLabelText('To date')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('To date')).toHaveAccessibleDescription(refusal);
  });
});
