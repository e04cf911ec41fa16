import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { todayIso } from '@/lib/format';
import { fakeJwt } from '@/testing/jwt';
import { api, http, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import type { Task } from '../api/tasks';
import { TasksPage } from './tasks-page';

const signIn = () =>
  setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' });

const task = (n: number, overrides: Partial<Task> = {}): Task => ({
  _id: `t${n}`,
  userId: 'u1',
  title: `Task ${n}`,
  description: `About task ${n}`,
  scheduled: '2025-06-02',
  status: 'To Do',
  priority: 'Normal',
  createdDate: '2025-06-01',
  createdAt: '2025-06-01T08:00:00Z',
  updatedAt: '2025-06-01T08:00:00Z',
  ...overrides,
});

function tasksServer(today: Task[], all: Task[]) {
  const listQueries: Record<string, string>[] = [];
  const todayQueries: string[] = [];
  server.use(
    http.get(api('/task/todayTasks'), ({ request }) => {
      todayQueries.push(new URL(request.url).searchParams.get('todayScheduledDate') ?? '');
      return ok(today);
    }),
    http.get(api('/task/list'), ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      listQueries.push(query);
      const skip = Number(query.skip ?? 0);
      const limit = Number(query.limit ?? 20);
      const matching = all.filter(
        (item) => (!query.status || item.status === query.status) && (!query.title || item.title.toLowerCase().includes(query.title.toLowerCase())),
      );
      return ok({ tasks: matching.slice(skip, skip + limit), totalCount: matching.length });
    }),
  );
  return { listQueries, todayQueries };
}

describe('tasks page', () => {
  it("shows both empty states: 'You have not scheduled any tasks today' and 'No Tasks Found'", async () => {
    signIn();
    const { todayQueries } = tasksServer([], []);
    renderWithProviders(<TasksPage />);
    expect(await screen.findByText('You have not scheduled any tasks today')).toBeInTheDocument();
    expect(await screen.findByText('No Tasks Found')).toBeInTheDocument();
    expect(todayQueries[0]).toBe(todayIso());
  });

  it('lists today and the full list with the scheduled date day-month-year, 20 per page', async () => {
    signIn();
    const all = Array.from({ length: 45 }, (_, i) => task(i + 1));
    const { listQueries } = tasksServer([task(1, { status: 'In Progress', priority: 'Urgent' })], all);
    const { user } = renderWithProviders(<TasksPage />);
    const today = await screen.findByRole('list', { name: "Today's tasks" });
    expect(today).toHaveTextContent('Task 1');
    expect(today).toHaveTextContent('In Progress');
    expect(today).toHaveTextContent('Urgent');
    const list = await screen.findByRole('list', { name: 'All tasks' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(list).toHaveTextContent('Scheduled 02/06/2025');
    expect(screen.getByText('45 tasks')).toBeInTheDocument();
    // The pager is drawn again as the first answers settle; a click on the button it replaced is lost, so the click
    // is repeated (Page 3 twice is still page 3) until the third page shows.
    await waitFor(async () => {
      await user.click(screen.getByRole('button', { name: 'Page 3' }));
      expect(within(screen.getByRole('list', { name: 'All tasks' })).getAllByRole('listitem')).toHaveLength(5);
    });
    expect(listQueries.at(-1)).toMatchObject({ skip: '40', limit: '20' });
  });

  it('filters by status and title, and explains a reversed range without sending it', async () => {
    signIn();
    const { listQueries } = tasksServer([], [task(1, { title: 'Write report', status: 'Completed' }), task(2, { title: 'Call Bob' })]);
    const { user } = renderWithProviders(<TasksPage />);
    await screen.findByRole('list', { name: 'All tasks' });
    const search = screen.getByRole('search', { name: 'Filter tasks' });
    expect(within(search).getByRole('button', { name: /^Filters/ })).toHaveAttribute('aria-expanded', 'true');
    await user.selectOptions(within(search).getByLabelText('Status'), 'Completed');
    await user.type(within(search).getByLabelText('Search by title'), 'REPORT');
    await waitFor(() => expect(listQueries.at(-1)).toMatchObject({ status: 'Completed', title: 'REPORT', skip: '0' }));
    const list = await screen.findByRole('list', { name: 'All tasks' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));

    const sent = listQueries.length;
    await user.type(within(search).getByLabelText('Scheduled from'), '2025-06-10');
    await user.type(within(search).getByLabelText('Scheduled to'), '2025-06-01');
    expect(await within(search).findByText('End date cannot be earlier than start date.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(listQueries.slice(sent).some((query) => query.scheduledTo === '2025-06-01')).toBe(false);
  });

  it('keeps the filters behind a Filters button on phones, counting the active ones', async () => {
    window.innerWidth = 390;
    signIn();
    tasksServer([], []);
    const { user } = renderWithProviders(<TasksPage />);
    const search = screen.getByRole('search', { name: 'Filter tasks' });
    expect(within(search).getByLabelText('Search by title')).toBeVisible();
    expect(within(search).getByLabelText('Status')).not.toBeVisible();
    await user.click(within(search).getByRole('button', { name: 'Filters' }));
    await user.selectOptions(within(search).getByLabelText('Priority'), 'Blocker');
    expect(within(search).getByRole('button', { name: 'Filters (1)' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows the details and deletes after the generic confirmation', async () => {
    signIn();
    let all = [task(1, { title: 'Plan sprint', description: 'Plan it\nwith the team' })];
    tasksServer([], []);
    server.use(
      http.get(api('/task/list'), () => ok({ tasks: all, totalCount: all.length })),
      http.delete(api('/task/delete/t1'), () => {
        all = [];
        return ok({ _id: 't1', message: 'Deleted' });
      }),
    );
    const { user } = renderWithProviders(<TasksPage />);
    await user.click(await screen.findByRole('button', { name: 'Details of Plan sprint' }));
    const details = screen.getByRole('dialog', { name: 'Task Details' });
    expect(details).toHaveTextContent('02/06/2025');
    expect(details).toHaveTextContent('Plan it');
    await user.click(within(details).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Delete Plan sprint' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByRole('alertdialog', { name: 'Deleted!' })).toBeInTheDocument();
    expect(await screen.findByText('No Tasks Found')).toBeInTheDocument();
  });

  it('completes a task with one tap on its row, at once in both lists, and a second tap puts its old status back', async () => {
    signIn();
    const inProgress = task(1, { scheduled: todayIso(), status: 'In Progress' });
    let stored = inProgress;
    tasksServer([inProgress], [inProgress]);
    const bodies: Record<string, unknown>[] = [];
    let answer: () => void = () => {};
    server.use(
      http.get(api('/task/todayTasks'), () => ok([stored])),
      http.get(api('/task/list'), () => ok({ tasks: [stored], totalCount: 1 })),
      http.put(api('/task/edit/:id'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        await new Promise<void>((resolve) => (answer = resolve));
        stored = { ...stored, status: body.status as Task['status'] };
        return ok(stored);
      }),
    );
    const { user } = renderWithProviders(<TasksPage />);
    const today = await screen.findByRole('list', { name: "Today's tasks" });
    const all = await screen.findByRole('list', { name: 'All tasks' });
    const box = within(today).getByRole('checkbox', { name: 'Done: Task 1' });
    expect(box).not.toBeChecked();
    await user.click(box);
    // Shown done before the server answered, in both lists.
    expect(within(today).getByRole('checkbox', { name: 'Done: Task 1' })).toBeChecked();
    expect(within(all).getByRole('checkbox', { name: 'Done: Task 1' })).toBeChecked();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ title: 'Task 1', status: 'Completed', priority: 'Normal', scheduled: todayIso() });
    answer();
    await waitFor(() => expect(within(all).getByText('Completed')).toBeInTheDocument());

    await user.click(within(all).getByRole('checkbox', { name: 'Done: Task 1' }));
    expect(within(all).getByRole('checkbox', { name: 'Done: Task 1' })).not.toBeChecked();
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ status: 'In Progress' });
    answer();
    await waitFor(() => expect(within(today).getByText('In Progress')).toBeInTheDocument());
  });
});
