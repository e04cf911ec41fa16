import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { api, fail, http, ok, server } from '@/testing/server';
import { jwtValidFor } from '@/testing/jwt';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import type { MemberStart } from '../api/start-dates';
import { MemberStartDate } from './member-start-date';

const joined: MemberStart = { userId: 'u-ben', startDate: '2026-12-02', joinedOn: '2026-12-02', set: false };

describe('MemberStartDate', () => {
  beforeEach(() => setCookies({ access_token: jwtValidFor(3_600_000), refresh_token: 'r', id: 'u-ana', name: 'Ana' }));

  it('shows the first day with a target and saves another one', async () => {
    let rows = [joined];
    const sent: unknown[] = [];
    server.use(
      http.get(api('/admin/start-dates'), () => ok(rows)),
      http.put(api('/admin/start-dates/u-ben'), async ({ request }) => {
        const body = (await request.json()) as { startDate: string };
        sent.push(body);
        rows = [{ ...joined, startDate: body.startDate, set: true }];
        return ok(rows[0]);
      }),
    );
    renderWithProviders(<MemberStartDate userId="u-ben" name="Ben" />);
    expect(await screen.findByText('Targets from 02/12/2026')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Change the start date of Ben' }));
    const field = screen.getByRole('textbox', { name: 'Start date of Ben' });
    await userEvent.clear(field);
    await userEvent.type(field, '23/11/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Save start date' }));
    await waitFor(() => expect(sent).toEqual([{ startDate: '2026-11-23' }]));
    expect(await screen.findByText('Targets from 23/11/2026')).toBeInTheDocument();
  });

  it('puts the server’s refusal by the field or over the form', async () => {
    server.use(
      http.get(api('/admin/start-dates'), () => ok([joined])),
      http.put(api('/admin/start-dates/u-ben'), () => fail(409, 'The timesheet of November 2026 is approved and locked.')),
    );
    renderWithProviders(<MemberStartDate userId="u-ben" name="Ben" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Change the start date of Ben' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save start date' }));
    expect(await screen.findByText('The timesheet of November 2026 is approved and locked.')).toBeInTheDocument();

    server.use(http.put(api('/admin/start-dates/u-ben'), () => fail(422, 'Invalid', { startDate: 'Invalid date format.' })));
    await userEvent.click(screen.getByRole('button', { name: 'Save start date' }));
    expect(await screen.findByText('Invalid date format.')).toBeInTheDocument();
  });
});
