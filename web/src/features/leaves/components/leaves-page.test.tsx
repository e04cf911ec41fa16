import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeJwt } from '@/testing/jwt';
import { api, http, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import type { Leave } from '../api/leaves';
import { LeavesPage } from './leaves-page';

const signIn = () =>
  setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' });

const leave = (n: number, overrides: Partial<Leave> = {}): Leave => ({
  _id: `l${n}`,
  userId: 'u1',
  fromDate: '2020-06-02',
  toDate: '2020-06-04',
  reason: `Reason ${n}`,
  days: 3,
  createdAt: '2020-06-01T08:00:00Z',
  updatedAt: '2020-06-01T08:00:00Z',
  ...overrides,
});

describe('leaves page', () => {
  it('lists the leaves with en-GB dates and days, 20 per page', async () => {
    signIn();
    const all = Array.from({ length: 25 }, (_, i) => leave(i + 1));
    const queries: Record<string, string>[] = [];
    server.use(
      http.get(api('/leaves/list'), ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        queries.push(query);
        const skip = Number(query.skip);
        return ok({ leaves: all.slice(skip, skip + Number(query.limit)), totalCount: all.length });
      }),
    );
    const { user } = renderWithProviders(<LeavesPage />);
    const list = await screen.findByRole('list', { name: 'Your leaves' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(list).toHaveTextContent('02/06/2020 – 04/06/2020');
    expect(list).toHaveTextContent('3 days');
    expect(list).toHaveTextContent('Past');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Your leaves' })).getAllByRole('listitem')).toHaveLength(5));
    expect(queries.at(-1)).toEqual({ skip: '20', limit: '20' });
  });

  it('deletes a leave after the generic confirmation', async () => {
    signIn();
    let all = [leave(1, { fromDate: '2020-06-02', toDate: '2020-06-02', days: 1 })];
    server.use(
      http.get(api('/leaves/list'), () => ok({ leaves: all, totalCount: all.length })),
      http.delete(api('/leaves/delete/l1'), () => {
        all = [];
        return ok({ _id: 'l1', message: 'Deleted' });
      }),
    );
    const { user } = renderWithProviders(<LeavesPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete leave 02/06/2020' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByRole('alertdialog', { name: 'Deleted!' })).toHaveTextContent('Your record has been deleted.');
    expect(await screen.findByText('You have not recorded any leaves.')).toBeInTheDocument();
  });

  it('opens the add dialog', async () => {
    signIn();
    server.use(http.get(api('/leaves/list'), () => ok({ leaves: [], totalCount: 0 })));
    const { user } = renderWithProviders(<LeavesPage />);
    await user.click(screen.getByRole('button', { name: 'Add leave' }));
    expect(await screen.findByRole('dialog', { name: 'Add Leave' })).toBeInTheDocument();
  });
});
