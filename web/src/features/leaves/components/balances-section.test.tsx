import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { todayIso } from '@/lib/format';
import { fakeJwt } from '@/testing/jwt';
import { api, fail, http, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import type { Balance } from '../api/types';
import { BalancesSection } from './balances-section';

const THIS_YEAR = Number(todayIso().slice(0, 4));

const signIn = () =>
  setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' });

const row = (userId: string, name: string, year: number, figures: Partial<Balance> = {}): Balance => ({
  userId,
  name,
  year,
  allowance: 25,
  carriedOver: 0,
  taken: 0,
  planned: 0,
  pending: 0,
  remaining: 25,
  ...figures,
});

/** Serves each year's balances; an allowance sets the member's figures of that year. */
function balancesServer() {
  const allowances = new Map<string, number>();
  const years: string[] = [];
  const puts: { path: string; body: unknown }[] = [];
  server.use(
    http.get(api('/admin/balances'), ({ request }) => {
      const year = Number(new URL(request.url).searchParams.get('year'));
      years.push(String(year));
      const grace = allowances.get(`u2#${year}`) ?? 25;
      return ok([
        row('u1', 'Ada Lovelace', year, { carriedOver: 2, taken: 5, pending: 0.5, remaining: 21.5 }),
        row('u2', 'Grace Hopper', year, { allowance: grace, taken: year === THIS_YEAR ? 3 : 0, remaining: grace - (year === THIS_YEAR ? 3 : 0) }),
      ]);
    }),
    http.put(api('/admin/allowance/:userId'), async ({ params, request }) => {
      const body = (await request.json()) as { year: number; days: number };
      puts.push({ path: `/admin/allowance/${String(params.userId)}`, body });
      allowances.set(`${String(params.userId)}#${body.year}`, body.days);
      return ok({ userId: params.userId, ...body });
    }),
  );
  return { years, puts };
}

const table = (year = THIS_YEAR) => screen.findByRole('table', { name: `Balances ${year}` });
const memberRow = async (name: string, year = THIS_YEAR) => within(await table(year)).getByRole('row', { name: new RegExp(`^${name}`) });
const cells = (tr: HTMLElement) =>
  within(tr)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('balances (admins and HR)', () => {
  it("shows HR each member's figures of this year, without edit controls, and other years", async () => {
    signIn();
    const { years } = balancesServer();
    const { user } = renderWithProviders(<BalancesSection canEdit={false} />);
    const headers = within(await table())
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Member', 'Allowance', 'Carried over', 'Taken', 'Planned', 'Pending', 'Remaining']);
    expect(cells(await memberRow('Ada Lovelace')).slice(0, 6)).toEqual(['25', '2', '5', '0', '0.5', '21.5']);
    expect(cells(await memberRow('Grace Hopper')).slice(0, 6)).toEqual(['25', '0', '3', '0', '0', '22']);
    expect(screen.queryByRole('button', { name: /^Edit allowance/ })).not.toBeInTheDocument();
    expect(screen.getByText(/Only admins can change allowances\./)).toBeInTheDocument();
    expect(years).toEqual([String(THIS_YEAR)]);

    await user.click(screen.getByRole('button', { name: /^Previous year/ }));
    expect(cells(await memberRow('Grace Hopper', THIS_YEAR - 1)).slice(0, 6)).toEqual(['25', '0', '0', '0', '0', '25']);
    await user.click(screen.getByRole('button', { name: /^Next year/ }));
    await user.click(screen.getByRole('button', { name: /^Next year/ }));
    await table(THIS_YEAR + 1);
    await user.click(screen.getByRole('button', { name: 'This year' }));
    await table(THIS_YEAR);
    expect(new Set(years)).toEqual(new Set([THIS_YEAR, THIS_YEAR - 1, THIS_YEAR + 1].map(String)));
  });

  it("lets an admin set a member's allowance for the shown year", async () => {
    signIn();
    const { puts } = balancesServer();
    const { user } = renderWithProviders(<BalancesSection canEdit />);
    await user.click(within(await memberRow('Grace Hopper')).getByRole('button', { name: 'Edit allowance of Grace Hopper' }));
    const dialog = screen.getByRole('dialog', { name: 'Allowance of Grace Hopper' });
    const days = within(dialog).getByLabelText(`Allowance for ${THIS_YEAR} (days)`);
    expect(days).toHaveValue('25');
    await user.clear(days);
    await user.type(days, '2.25');
    await user.click(within(dialog).getByRole('button', { name: 'Save allowance' }));
    expect(await within(dialog).findByText('Days must be a number of days from 0 to 366, in half days.')).toBeInTheDocument();
    expect(puts).toEqual([]);

    await user.clear(days);
    await user.type(days, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save allowance' }));
    expect(await screen.findByText(`Grace Hopper's allowance for ${THIS_YEAR} is now 2 days.`)).toBeInTheDocument();
    expect(dialog).not.toBeInTheDocument();
    expect(puts).toEqual([{ path: '/admin/allowance/u2', body: { year: THIS_YEAR, days: 2 } }]);
    await waitFor(async () => expect(cells(await memberRow('Grace Hopper')).slice(0, 6)).toEqual(['2', '0', '3', '0', '0', '-1']));
  });

  it('sets the allowance of the year shown, and shows the server’s message for the days', async () => {
    signIn();
    const { puts } = balancesServer();
    const { user } = renderWithProviders(<BalancesSection canEdit />);
    await table();
    await user.click(screen.getByRole('button', { name: /^Next year/ }));
    await user.click(within(await memberRow('Ada Lovelace', THIS_YEAR + 1)).getByRole('button', { name: 'Edit allowance of Ada Lovelace' }));
    const dialog = screen.getByRole('dialog', { name: 'Allowance of Ada Lovelace' });
    const days = within(dialog).getByLabelText(`Allowance for ${THIS_YEAR + 1} (days)`);
    await user.clear(days);
    await user.type(days, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Save allowance' }));
    await waitFor(() => expect(puts).toEqual([{ path: '/admin/allowance/u1', body: { year: THIS_YEAR + 1, days: 30 } }]));

    server.use(http.put(api('/admin/allowance/:userId'), () => fail(422, 'Invalid allowance.', { days: 'Too many days for this team.' })));
    await user.click(within(await memberRow('Ada Lovelace', THIS_YEAR + 1)).getByRole('button', { name: 'Edit allowance of Ada Lovelace' }));
    const again = screen.getByRole('dialog', { name: 'Allowance of Ada Lovelace' });
    await user.click(within(again).getByRole('button', { name: 'Save allowance' }));
    expect(await within(again).findByText('Too many days for this team.')).toBeInTheDocument();
    expect(within(again).getByLabelText(`Allowance for ${THIS_YEAR + 1} (days)`)).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows the server's refusal for a member who left", async () => {
    signIn();
    balancesServer();
    server.use(http.put(api('/admin/allowance/:userId'), () => fail(404, 'Member not found.')));
    const { user } = renderWithProviders(<BalancesSection canEdit />);
    await user.click(within(await memberRow('Grace Hopper')).getByRole('button', { name: 'Edit allowance of Grace Hopper' }));
    const dialog = screen.getByRole('dialog', { name: 'Allowance of Grace Hopper' });
    await user.click(within(dialog).getByRole('button', { name: 'Save allowance' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Member not found.');
  });

  it('says when the balances could not be loaded', async () => {
    signIn();
    server.use(http.get(api('/admin/balances'), () => fail(403, "Only admins and HR can view the team's balances.")));
    renderWithProviders(<BalancesSection canEdit={false} />);
    expect(await screen.findByRole('alert')).toHaveTextContent("Only admins and HR can view the team's balances.");
  });
});
