import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api, fail, http, ok, server } from '@/testing/server';
import { jwtValidFor } from '@/testing/jwt';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import { TeamNamePrompt } from './team-name-prompt';
import { TeamSettingsCard } from './team-settings-card';

function serve(askName: boolean) {
  let team = { id: '01HZX3Y8Q2W5E7R9T1V3B5N7M9', name: "Ann's team", timeZone: null as string | null, askName };
  const puts: unknown[] = [];
  setCookies({ access_token: jwtValidFor(3_600_000), refresh_token: 'r', id: 'u-ann', name: 'Ann', email: 'ann@example.com' });
  server.use(
    http.get(api('/admin/team'), () => ok(team)),
    http.put(api('/admin/team'), async ({ request }) => {
      const body = (await request.json()) as { name?: string; timeZone?: string };
      puts.push(body);
      if (body.name !== undefined && body.name.trim().length > 60) return fail(422, 'Invalid', { name: 'Team name must not exceed 60 characters.' });
      team = {
        ...team,
        ...(body.name ? { name: body.name } : {}),
        ...(body.timeZone !== undefined ? { timeZone: body.timeZone || null } : {}),
        askName: false,
      };
      return ok(team);
    }),
  );
  return puts;
}

describe('the team name', () => {
  it('is asked of a new team’s admin once, and saved trimmed', async () => {
    const puts = serve(true);
    const { user } = renderWithProviders(<TeamNamePrompt />);
    expect(await screen.findByRole('region', { name: 'Name your team' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Name the team' }));
    expect(await screen.findByText('Team name is required.')).toBeVisible();
    await user.type(screen.getByLabelText('Team name'), '  Engines ');
    await user.click(screen.getByRole('button', { name: 'Name the team' }));
    await waitFor(() => expect(puts).toEqual([{ name: 'Engines' }]));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Name your team' })).not.toBeInTheDocument());
  });

  it('"Not now" keeps the name and ends the question', async () => {
    const puts = serve(true);
    const { user } = renderWithProviders(<TeamNamePrompt />);
    await user.click(await screen.findByRole('button', { name: 'Skip for now' }));
    await waitFor(() => expect(puts).toEqual([{}]));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Name your team' })).not.toBeInTheDocument());
  });

  it('is not asked once answered', async () => {
    serve(false);
    renderWithProviders(<TeamNamePrompt />);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('region', { name: 'Name your team' })).not.toBeInTheDocument();
  });

  it('is edited in the Admin Panel with the time zone new members start in', async () => {
    const puts = serve(false);
    const { user } = renderWithProviders(<TeamSettingsCard />);
    const name = await screen.findByLabelText('Team name');
    expect(name).toHaveValue("Ann's team");
    expect(name).toHaveAttribute('maxLength', '60');
    await user.clear(name);
    await user.type(name, '   ');
    await user.click(screen.getByRole('button', { name: 'Update team' }));
    expect(await screen.findByText('Team name is required.')).toBeVisible();
    expect(puts).toEqual([]);
    await user.clear(name);
    await user.type(name, 'Engines');
    await user.selectOptions(screen.getByLabelText('Time zone of new members'), 'Europe/Berlin');
    await user.click(screen.getByRole('button', { name: 'Update team' }));
    await waitFor(() => expect(puts).toEqual([{ name: 'Engines', timeZone: 'Europe/Berlin' }]));
  });
});
