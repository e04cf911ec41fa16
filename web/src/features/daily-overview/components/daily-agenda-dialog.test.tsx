import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '@/lib/format';
import { jwtValidFor } from '@/testing/jwt';
import { api, http, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import { DailyAgendaDialog } from './daily-agenda-dialog';

// The API client is loaded on the first call; loading it up front keeps a busy machine's first test within its waits.
beforeAll(() => import('@/lib/amplify-rest'));

describe('Daily Agenda', () => {
  it("lists today's meetings, breaks and tasks, read-only", async () => {
    setCookies({ access_token: jwtValidFor(3_600_000), refresh_token: 'refresh' });
    const today = todayIso();
    const asked: string[] = [];
    server.use(
      http.get(api('/meeting/get'), ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(`meetings ${query.get('todayScheduledDate')} ${query.get('isToday')}`);
        return ok({ meetings: [{ _id: 'm1', from: '14:00', to: '14:30', scheduleDate: today, description: 'Design review' }], totalCount: 1, allCount: 1 });
      }),
      http.get(api('/break/todayBreaks'), ({ request }) => {
        asked.push(`breaks ${new URL(request.url).searchParams.get('todayCreatedDate')}`);
        return ok([{ _id: 'b1', startTime: '12:00', endTime: '12:45', duration: 45, type: 'Lunch Break', reason: 'Canteen' }]);
      }),
      http.get(api('/task/todayTasks'), ({ request }) => {
        asked.push(`tasks ${new URL(request.url).searchParams.get('todayScheduledDate')}`);
        return ok([{ _id: 't1', title: 'Ship the release', description: 'v2', status: 'In Progress', priority: 'High' }]);
      }),
    );
    renderWithProviders(<DailyAgendaDialog open onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Daily Agenda' });
    const meetings = await within(dialog).findByRole('list', { name: "Today's meetings" });
    expect(meetings).toHaveTextContent('2:00 PM – 2:30 PM');
    expect(meetings).toHaveTextContent('Design review');
    const breaks = await within(dialog).findByRole('list', { name: "Today's breaks" });
    expect(breaks).toHaveTextContent('Lunch Break');
    expect(breaks).toHaveTextContent('12:00 PM – 12:45 PM (45 min)');
    const tasks = await within(dialog).findByRole('list', { name: "Today's tasks" });
    expect(tasks).toHaveTextContent('Ship the release');
    expect(tasks).toHaveTextContent('In Progress · High');
    expect(within(dialog).queryByRole('button', { name: /edit|delete/i })).not.toBeInTheDocument();
    expect(asked.sort()).toEqual([`breaks ${today}`, `meetings ${today} true`, `tasks ${today}`]);
  });

  it('shows each empty state when today has nothing', async () => {
    setCookies({ access_token: jwtValidFor(3_600_000), refresh_token: 'refresh' });
    server.use(
      http.get(api('/meeting/get'), () => ok({ meetings: [], totalCount: 0, allCount: 0 })),
      http.get(api('/break/todayBreaks'), () => ok([])),
      http.get(api('/task/todayTasks'), () => ok([])),
    );
    renderWithProviders(<DailyAgendaDialog open onClose={() => undefined} />);
    expect(await screen.findByText('No meetings scheduled for today.')).toBeInTheDocument();
    expect(await screen.findByText('You have not taken any breaks today')).toBeInTheDocument();
    expect(await screen.findByText('You have not scheduled any tasks today')).toBeInTheDocument();
  });

  it('signed out, asks for nothing and shows the empty states', () => {
    renderWithProviders(<DailyAgendaDialog open onClose={() => undefined} />);
    expect(screen.getByText('No meetings scheduled for today.')).toBeInTheDocument();
    expect(screen.getByText('You have not taken any breaks today')).toBeInTheDocument();
    expect(screen.getByText('You have not scheduled any tasks today')).toBeInTheDocument();
  });
});
