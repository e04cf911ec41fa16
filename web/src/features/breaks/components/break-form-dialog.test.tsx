import { fireEvent, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useDialogs } from '@/lib/dialogs';
import { formatDate, todayIso } from '@/lib/format';
import { fakeJwt } from '@/testing/jwt';
import { api, fail, http, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import type { Break } from '../api/breaks';
import { BreakFormDialog } from './break-form-dialog';

const signIn = () =>
  setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' });

const teamTypes = () => http.get(api('/type/get'), () => ok([{ type: ['Walk', 'Coffee Break'] }]));

function ActiveDialog() {
  const { active } = useDialogs();
  return <output aria-label="active app dialog">{active ?? ''}</output>;
}

function renderDialog(props: Partial<Parameters<typeof BreakFormDialog>[0]> = {}) {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  const view = renderWithProviders(
    <>
      <BreakFormDialog onClose={onClose} onSaved={onSaved} {...props} />
      <ActiveDialog />
    </>,
  );
  return { ...view, onClose, onSaved, dialog: () => screen.getByRole('dialog', { name: props.editing ? 'Edit Break' : 'Add Break' }) };
}

async function pickTime(user: UserEvent, label: string, hour: string, minute: string, period: 'AM' | 'PM') {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  await user.type(field, `${hour}:${minute} ${period}`);
}

const duration = () => screen.getByLabelText('Duration (minutes)');

describe('break add/edit dialog', () => {
  it('reads the type list from /type/get (data[0].type)', async () => {
    signIn();
    server.use(teamTypes());
    renderDialog();
    const type = screen.getByLabelText('Break type');
    expect(await within(type).findByRole('option', { name: 'Walk' })).toBeInTheDocument();
    expect(within(type).queryByRole('option', { name: 'Lunch Break' })).not.toBeInTheDocument();
  });

  it('falls back to the default type list when the load fails', async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get(api('/type/get'), () => fail(500, 'Something went wrong. Please try again later.')));
    renderDialog();
    const options = within(screen.getByLabelText('Break type'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual([
      'Select a break type',
      'Lunch Break',
      'Short Break',
      'Refreshment',
      'Social Media Break',
      'Cigarette',
      'Picking kids from School',
      'Coffee Break',
    ]);
  });

  it('shows the required messages on submit and sends nothing', async () => {
    signIn();
    server.use(teamTypes());
    const posted = vi.fn();
    server.use(http.post(api('/break/add'), () => posted()));
    const { user } = renderDialog();
    await user.clear(screen.getByLabelText('Date'));
    await user.click(screen.getByRole('button', { name: 'Add break' }));
    expect(await screen.findByText('Break type is required.')).toBeInTheDocument();
    expect(screen.getByText('Created Date is required.')).toBeInTheDocument();
    expect(screen.getByText('Start time is required.')).toBeInTheDocument();
    expect(screen.getByText('End time is required.')).toBeInTheDocument();
    expect(posted).not.toHaveBeenCalled();
  });

  it('computes the duration read-only, an end before the start counting as the next day', async () => {
    signIn();
    server.use(teamTypes());
    const { user } = renderDialog();
    expect(duration()).toHaveAttribute('readonly');
    await pickTime(user, 'Start time', '11', '30', 'PM');
    await pickTime(user, 'End time', '1', '15', 'AM');
    expect(duration()).toHaveValue('105');
    expect(screen.getByText('1 h 45 min, ending the next day')).toBeInTheDocument();
  });

  it("rejects a zero-length break and one over 8 hours with the spec's messages", async () => {
    signIn();
    server.use(teamTypes());
    const posted = vi.fn();
    server.use(http.post(api('/break/add'), () => posted()));
    const { user } = renderDialog();
    await screen.findByRole('option', { name: 'Walk' });
    await user.selectOptions(screen.getByLabelText('Break type'), 'Walk');
    await pickTime(user, 'Start time', '9', '00', 'AM');
    await pickTime(user, 'End time', '9', '00', 'AM');
    expect(screen.getByText('Break duration must be greater than 0 minutes')).toBeInTheDocument();
    await pickTime(user, 'End time', '5', '01', 'PM');
    expect(screen.getByText('Break cannot be more than 8 hours.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add break' }));
    expect(posted).not.toHaveBeenCalled();
    await pickTime(user, 'End time', '5', '00', 'PM');
    expect(screen.queryByText('Break cannot be more than 8 hours.')).not.toBeInTheDocument();
    expect(duration()).toHaveValue('480');
  });

  it('limits the reason to 2000 characters', async () => {
    signIn();
    server.use(teamTypes());
    const { user } = renderDialog();
    const reason = screen.getByLabelText('Reason');
    expect(reason).toHaveAttribute('maxlength', '2000');
    reason.removeAttribute('maxlength');
    fireEvent.change(reason, { target: { value: 'x'.repeat(2001) } });
    await user.click(screen.getByRole('button', { name: 'Add break' }));
    expect(await screen.findByText('Reason must not exceed 2000 characters.')).toBeInTheDocument();
  });

  it('adds a break with 24-hour times and only the fields the document lists (no duration, isClosed or isModal)', async () => {
    signIn();
    server.use(teamTypes());
    const bodies: unknown[] = [];
    server.use(
      http.post(api('/break/add'), async ({ request }) => {
        bodies.push(await request.json());
        return ok({ _id: 'b1' }, 201);
      }),
    );
    const { user, onClose, onSaved } = renderDialog();
    expect(screen.getByLabelText('Date')).toHaveValue(formatDate(todayIso()));
    await user.selectOptions(await screen.findByLabelText('Break type'), 'Coffee Break');
    await pickTime(user, 'Start time', '2', '05', 'PM');
    await pickTime(user, 'End time', '2', '20', 'PM');
    await user.type(screen.getByLabelText('Reason'), '  espresso  ');
    await user.click(screen.getByRole('button', { name: 'Add break' }));
    expect(await screen.findByText('Break added successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ type: 'Coffee Break', createdDate: todayIso(), startTime: '14:05', endTime: '14:20', reason: 'espresso' }]);
    expect(onSaved).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it('edits a break shown in 12-hour form and puts it to /break/edit/{id}', async () => {
    signIn();
    server.use(teamTypes());
    const bodies: unknown[] = [];
    server.use(
      http.put(api('/break/edit/b7'), async ({ request }) => {
        bodies.push(await request.json());
        return ok({ _id: 'b7' });
      }),
    );
    const editing: Break = {
      _id: 'b7',
      userId: 'u1',
      startTime: '13:05',
      endTime: '13:35',
      duration: 30,
      createdDate: '2025-06-02',
      reason: 'lunch',
      type: 'Picnic',
      isClosed: true,
      isModal: false,
      live: false,
      createdAt: '2025-06-02T13:40:00Z',
      updatedAt: '2025-06-02T13:40:00Z',
    };
    const { user } = renderDialog({ editing });
    expect(screen.getByLabelText('Start time')).toHaveValue('1:05 PM');
    // A type no longer in the team's list stays selectable for the break that has it.
    expect(screen.getByLabelText('Break type')).toHaveValue('Picnic');
    expect(screen.getByLabelText('Date')).toHaveValue('02/06/2025');
    await pickTime(user, 'End time', '2', '05', 'PM');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Break updated successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ type: 'Picnic', createdDate: '2025-06-02', startTime: '13:05', endTime: '14:05', reason: 'lunch' }]);
  });

  it("shows the server's field messages under the fields", async () => {
    signIn();
    server.use(teamTypes());
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.post(api('/break/add'), () => fail(422, 'Break date cannot be in the future.', { createdDate: 'Break date cannot be in the future.' })));
    const { user, onClose } = renderDialog();
    await screen.findByRole('option', { name: 'Walk' });
    await user.selectOptions(screen.getByLabelText('Break type'), 'Walk');
    await pickTime(user, 'Start time', '9', '00', 'AM');
    await pickTime(user, 'End time', '9', '10', 'AM');
    await user.click(screen.getByRole('button', { name: 'Add break' }));
    expect(await screen.findByText('Break date cannot be in the future.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('opens the sign-in dialog instead of saving when signed out', async () => {
    const posted = vi.fn();
    server.use(http.post(api('/break/add'), () => posted()));
    const { user } = renderDialog({ prefill: { type: 'Coffee Break', startTime: '10:00', endTime: '10:15' } });
    await user.click(screen.getByRole('button', { name: 'Add break' }));
    expect(await screen.findByLabelText('active app dialog')).toHaveTextContent('signIn');
    expect(posted).not.toHaveBeenCalled();
  });
});
