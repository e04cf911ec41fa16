import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '@/testing/jwt';
import { api, fail, http, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import { WorkDayFormDialog } from './work-day-form-dialog';

const signIn = () => setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: 'u1', name: 'Ada Lovelace' });

const prefill = {
  date: '2026-03-11',
  start: '08:00',
  end: '17:00',
  note: 'Entered with Break Buddy',
  breaks: [
    { type: 'Lunch Break', startTime: '12:00', endTime: '12:45' },
    { type: 'Coffee Break', startTime: '15:00', endTime: '15:10' },
  ],
};

function daysServer({ periodStatus = 201, failBreakOnce }: { periodStatus?: number; failBreakOnce?: string } = {}) {
  const calls: Array<{ method: string; path: string; body: Record<string, unknown> }> = [];
  let failed = false;
  server.use(
    http.get(api('/type/get'), () => ok([{ type: ['Lunch Break', 'Coffee Break', 'Short Break'] }])),
    http.post(api('/work/periods'), async ({ request }) => {
      calls.push({ method: 'POST', path: '/work/periods', body: (await request.json()) as Record<string, unknown> });
      if (periodStatus === 409) return fail(409, 'The timesheet of November 2026 is approved and locked.');
      if (periodStatus === 422) return fail(422, 'Invalid input.', { start: 'This period overlaps another one.' });
      return ok({ _id: 'p1' }, 201);
    }),
    http.post(api('/break/add'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.push({ method: 'POST', path: '/break/add', body });
      if (!failed && body['type'] === failBreakOnce) {
        failed = true;
        return fail(422, 'Invalid input.', { endTime: 'End time must be after start time.' });
      }
      return ok({ _id: `b${calls.length}` }, 201);
    }),
  );
  return calls;
}

describe('the work day form (Break Buddy’s logWork)', () => {
  it('shows the proposal editable and saves the period, then each break on its date', async () => {
    signIn();
    const calls = daysServer();
    const onSaved = vi.fn();
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<WorkDayFormDialog prefill={prefill} onSaved={onSaved} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Log a work day' });
    expect(within(dialog).getByLabelText('Note')).toHaveValue('Entered with Break Buddy');
    const first = within(dialog).getByRole('group', { name: 'Break 1' });
    await waitFor(() => expect(within(first).getByLabelText('Break type')).toHaveValue('Lunch Break'));
    // The second break is not wanted.
    await user.click(within(dialog).getByRole('button', { name: 'Remove break 2' }));
    await within(first).findByRole('option', { name: 'Short Break' });
    await user.selectOptions(within(first).getByLabelText('Break type'), 'Short Break');
    await user.click(within(dialog).getByRole('button', { name: 'Save the day' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([
      { method: 'POST', path: '/work/periods', body: { date: '2026-03-11', start: '08:00', end: '17:00', note: 'Entered with Break Buddy' } },
      { method: 'POST', path: '/break/add', body: { type: 'Short Break', startTime: '12:00', endTime: '12:45', createdDate: '2026-03-11' } },
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it("shows a locked month's 409 as the form's error and a 422 under its field", async () => {
    signIn();
    daysServer({ periodStatus: 409 });
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<WorkDayFormDialog prefill={prefill} onSaved={vi.fn()} onClose={vi.fn()} />);
    let dialog = await screen.findByRole('dialog', { name: 'Log a work day' });
    await user.click(within(dialog).getByRole('button', { name: 'Save the day' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The timesheet of November 2026 is approved and locked.');
    unmount();

    daysServer({ periodStatus: 422 });
    renderWithProviders(<WorkDayFormDialog prefill={prefill} onSaved={vi.fn()} onClose={vi.fn()} />);
    dialog = await screen.findByRole('dialog', { name: 'Log a work day' });
    await user.click(within(dialog).getByRole('button', { name: 'Save the day' }));
    expect(await within(dialog).findByText('This period overlaps another one.')).toBeInTheDocument();
  });

  it("shows a break's refusal under that break, and saving again sends only what is not saved", async () => {
    signIn();
    const calls = daysServer({ failBreakOnce: 'Coffee Break' });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<WorkDayFormDialog prefill={prefill} onSaved={onSaved} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Log a work day' });
    await user.click(within(dialog).getByRole('button', { name: 'Save the day' }));
    const second = within(dialog).getByRole('group', { name: 'Break 2' });
    expect(await within(second).findByText('End time must be after start time.')).toBeInTheDocument();
    expect(within(dialog).getByText('The work period is saved. Correct the break below and save again.')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['/work/periods', '/break/add', '/break/add']);
    await user.click(within(dialog).getByRole('button', { name: 'Save the day' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(calls.map((call) => `${call.path} ${String(call.body['type'] ?? '')}`)).toEqual([
      '/work/periods ',
      '/break/add Lunch Break',
      '/break/add Coffee Break',
      '/break/add Coffee Break',
    ]);
  });
});
