import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeJwt } from '@/testing/jwt';
import { api, fail, http, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import type { LeaveSettings } from '../api/types';
import { LeaveSettingsSection } from './leave-settings-section';

const signIn = () =>
  setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' });

const defaults: LeaveSettings = { defaultAllowance: 25, carryOverCap: 0, allowNegative: false, workWeek: [1, 2, 3, 4, 5] };

/** Serves the settings, keeping each PUT's body; the saved settings are the old ones with the body over them. */
function settingsServer(initial: LeaveSettings = defaults) {
  let current = initial;
  const puts: unknown[] = [];
  server.use(
    http.get(api('/leaves/settings'), () => ok(current)),
    http.put(api('/leaves/settings'), async ({ request }) => {
      const body = (await request.json()) as Partial<LeaveSettings>;
      puts.push(body);
      current = { ...current, ...body };
      return ok(current);
    }),
  );
  return puts;
}

const form = () => screen.findByRole('form', { name: 'Leave settings' });
// Each day's button shows its short name; the full one is its title.
const day = (name: string) => screen.getByTitle(name);
const pressedDays = () =>
  within(screen.getByRole('group', { name: 'Work week' }))
    .getAllByRole('button')
    .filter((button) => button.getAttribute('aria-pressed') === 'true')
    .map((button) => button.textContent);

describe('leave settings (admins)', () => {
  it("starts from the team's settings", async () => {
    signIn();
    settingsServer({ defaultAllowance: 22.5, carryOverCap: 5, allowNegative: true, workWeek: [5, 1, 2, 3, 4] });
    renderWithProviders(<LeaveSettingsSection />);
    await form();
    expect(screen.getByLabelText('Default allowance (days a year)')).toHaveValue('22.5');
    expect(screen.getByLabelText('Carry-over cap (days)')).toHaveValue('5');
    expect(screen.getByLabelText('Allow negative balances')).toBeChecked();
    expect(pressedDays()).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']);
    expect(day('Saturday')).toHaveAttribute('aria-pressed', 'false');
    expect(day('Sunday')).toHaveAttribute('aria-pressed', 'false');
  });

  it('checks the days and the work week before saving', async () => {
    signIn();
    const puts = settingsServer();
    const { user } = renderWithProviders(<LeaveSettingsSection />);
    await form();
    await user.clear(screen.getByLabelText('Default allowance (days a year)'));
    await user.clear(screen.getByLabelText('Carry-over cap (days)'));
    await user.type(screen.getByLabelText('Carry-over cap (days)'), '1.25');
    for (const name of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) await user.click(day(name));
    expect(pressedDays()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Default allowance is required.')).toBeInTheDocument();
    expect(screen.getByText('Days must be a number of days from 0 to 366, in half days.')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one working day.')).toBeInTheDocument();
    expect(screen.getByLabelText('Carry-over cap (days)')).toHaveAttribute('aria-invalid', 'true');

    await user.click(day('Wednesday'));
    await waitFor(() => expect(screen.queryByText('Choose at least one working day.')).not.toBeInTheDocument());
    expect(puts).toEqual([]);
  });

  it('sends the settings with the work week in day order', async () => {
    signIn();
    const puts = settingsServer();
    const { user } = renderWithProviders(<LeaveSettingsSection />);
    await form();
    await user.clear(screen.getByLabelText('Default allowance (days a year)'));
    await user.type(screen.getByLabelText('Default allowance (days a year)'), '20.5');
    await user.clear(screen.getByLabelText('Carry-over cap (days)'));
    await user.type(screen.getByLabelText('Carry-over cap (days)'), '5');
    await user.click(screen.getByLabelText('Allow negative balances'));
    await user.click(day('Sunday'));
    await user.click(day('Monday'));
    await user.click(day('Saturday'));
    await user.click(day('Monday'));
    await user.click(day('Wednesday'));
    expect(pressedDays()).toEqual(['Mon', 'Tue', 'Thu', 'Fri', 'Sat', 'Sun']);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Leave settings saved.')).toBeInTheDocument();
    expect(puts).toEqual([{ defaultAllowance: 20.5, carryOverCap: 5, allowNegative: true, workWeek: [1, 2, 4, 5, 6, 7] }]);
    expect(screen.getByLabelText('Default allowance (days a year)')).toHaveValue('20.5');
  });

  it("shows the server's field messages under their fields", async () => {
    signIn();
    settingsServer();
    server.use(
      http.put(api('/leaves/settings'), () =>
        fail(422, 'Invalid leave settings.', {
          defaultAllowance: 'Days must be a number of days from 0 to 366, in half days.',
          carryOverCap: 'The cap cannot exceed the allowance.',
          workWeek: 'Choose at least one working day (1 is Monday, 7 is Sunday).',
        }),
      ),
    );
    const { user } = renderWithProviders(<LeaveSettingsSection />);
    await form();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The cap cannot exceed the allowance.')).toBeInTheDocument();
    expect(screen.getByLabelText('Default allowance (days a year)')).toHaveAccessibleDescription('Days must be a number of days from 0 to 366, in half days.');
    expect(screen.getByLabelText('Carry-over cap (days)')).toHaveAttribute('aria-invalid', 'true');
    expect(
      within(screen.getByRole('group', { name: 'Work week' })).getByText('Choose at least one working day (1 is Monday, 7 is Sunday).'),
    ).toBeInTheDocument();
  });

  it("shows the server's refusal without a field as the form's message", async () => {
    signIn();
    settingsServer();
    server.use(http.put(api('/leaves/settings'), () => fail(403, 'Only admins can change leave settings and allowances.')));
    const { user } = renderWithProviders(<LeaveSettingsSection />);
    await form();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only admins can change leave settings and allowances.');
  });
});
