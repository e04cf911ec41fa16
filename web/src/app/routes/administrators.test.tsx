import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { todayIso } from '@/lib/format';
import type { TeamRole } from '@/lib/team-role';
import { fakeJwt } from '@/testing/jwt';
import { api, http, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import { AdministratorsRoute } from './administrators';

const THIS_YEAR = Number(todayIso().slice(0, 4));

function signInAs(role: TeamRole) {
  const webhookReads: string[] = [];
  setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' });
  server.use(
    http.get(api('/user/profile'), () => ok({ role })),
    http.get(api('/admin/get'), () => ok([])),
    http.get(api('/leaves/types'), () => ok([])),
    http.get(api('/leaves/settings'), () => ok({ defaultAllowance: 25, carryOverCap: 0, allowNegative: false, workWeek: [1, 2, 3, 4, 5] })),
    http.get(api('/admin/webhooks'), ({ request }) => {
      webhookReads.push(request.url);
      return ok([]);
    }),
    http.get(api('/team/holidays/countries'), () => ok([{ code: 'DE', name: 'Germany', regions: [] }])),
    http.get(api('/team/holidays'), ({ request }) =>
      ok({ year: Number(new URL(request.url).searchParams.get('year')), country: null, region: null, holidays: [] }),
    ),
    http.get(api('/admin/balances'), ({ request }) =>
      ok([
        {
          userId: 'u2',
          name: 'Grace Hopper',
          year: Number(new URL(request.url).searchParams.get('year')),
          allowance: 25,
          carriedOver: 0,
          taken: 0,
          pending: 0,
          remaining: 25,
        },
      ]),
    ),
  );
  return { webhookReads };
}

const heading = (name: string) => screen.queryByRole('heading', { level: 2, name });

describe('Admin Panel leave cards', () => {
  it('gives admins the leave types, the leave settings, the public holidays, team chat and the balances with allowance edits', async () => {
    signInAs('admin');
    renderWithProviders(<AdministratorsRoute />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Leave settings' })).toBeInTheDocument();
    expect(heading('Leave types')).toBeInTheDocument();
    expect(heading('Public holidays')).toBeInTheDocument();
    expect(heading('Team chat')).toBeInTheDocument();
    expect(heading('Balances')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Edit allowance of Grace Hopper' })).toBeInTheDocument();
  });

  it('gives HR the balances only, to read', async () => {
    const { webhookReads } = signInAs('hr');
    renderWithProviders(<AdministratorsRoute />);
    expect(await screen.findByRole('table', { name: `Balances ${THIS_YEAR}` })).toHaveTextContent('Grace Hopper');
    expect(screen.queryByRole('button', { name: /^Edit allowance/ })).not.toBeInTheDocument();
    expect(heading('Leave settings')).not.toBeInTheDocument();
    expect(heading('Leave types')).not.toBeInTheDocument();
    expect(heading('Public holidays')).not.toBeInTheDocument();
    expect(heading('Team chat')).not.toBeInTheDocument();
    expect(webhookReads).toEqual([]);
  });

  it('gives members none of them', async () => {
    const { webhookReads } = signInAs('member');
    renderWithProviders(<AdministratorsRoute />);
    expect(await screen.findByRole('heading', { level: 2, name: /Team Members/ })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const name of ['Leave types', 'Leave settings', 'Public holidays', 'Team chat', 'Balances']) expect(heading(name)).not.toBeInTheDocument();
    expect(webhookReads).toEqual([]);
  });
});
