import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '@/testing/jwt';
import { api, fail, http, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import { LeaveFormDialog } from './leave-form-dialog';

const signIn = () =>
  setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' });

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
    setDate('From date', '2025-06-02');
    setDate('To date', '2025-06-04');
    await user.type(screen.getByLabelText('Reason'), ' Family visit ');
    await user.click(screen.getByRole('button', { name: 'Add leave' }));
    expect(await screen.findByText('Leave added successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ fromDate: '2025-06-02', toDate: '2025-06-04', reason: 'Family visit', days: 3 }]);
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
    setDate('To date', '2025-06-05');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Leave updated successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ fromDate: '2025-06-02', toDate: '2025-06-05', reason: 'Trip', days: 4 }]);
  });
});
