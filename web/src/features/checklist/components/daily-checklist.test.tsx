import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useDialogs } from '@/lib/dialogs';
import { todayIso } from '@/lib/format';
import { jwtValidFor } from '@/testing/jwt';
import { api, fail, heldResponse, http, ok, server } from '@/testing/server';
import { OfflineSync } from '@/components/offline/offline-sync';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import type { ChecklistItem } from '../api/checklist';
import { DailyChecklist } from './daily-checklist';

const signIn = () => setCookies({ access_token: jwtValidFor(3_600_000), refresh_token: 'refresh', id: 'u1', name: 'Ada' });
const today = todayIso();

const item = (id: string, task: string, extra: Partial<ChecklistItem> = {}): ChecklistItem => ({
  _id: id,
  userId: 'u1',
  task,
  status: false,
  createdDate: today,
  isFeature: false,
  createdAt: `${today}T08:00:00Z`,
  updatedAt: `${today}T08:00:00Z`,
  ...extra,
});

/** An in-memory checklist API that records every write. */
function checklistApi(initial: ChecklistItem[]) {
  let items = [...initial];
  const writes: { method: string; path: string; body?: unknown }[] = [];
  server.use(
    http.get(api('/daily-checklist/getCheckListWithTwoLatestDates'), () =>
      ok({ checkList: items.filter((i) => !i.isFeature), featureList: items.filter((i) => i.isFeature), totalCount: items.length }),
    ),
    http.post(api('/daily-checklist/add'), async ({ request }) => {
      const body = (await request.json()) as Omit<ChecklistItem, '_id'>;
      writes.push({ method: 'POST', path: '/daily-checklist/add', body });
      const created = { _id: `new${items.length}`, ...body };
      items = [created, ...items];
      return ok(created, 201);
    }),
    http.put(api('/daily-checklist/edit/:id'), async ({ request, params }) => {
      const body = (await request.json()) as Partial<ChecklistItem>;
      writes.push({ method: 'PUT', path: `/daily-checklist/edit/${String(params.id)}`, body });
      items = items.map((i) => (i._id === params.id ? { ...i, ...body } : i));
      return ok(items.find((i) => i._id === params.id));
    }),
    http.delete(api('/daily-checklist/delete/:id'), ({ params }) => {
      writes.push({ method: 'DELETE', path: `/daily-checklist/delete/${String(params.id)}` });
      items = items.filter((i) => i._id !== params.id);
      return ok({ _id: params.id, message: 'Deleted.' });
    }),
  );
  return { writes };
}

function ActiveDialog() {
  const { active } = useDialogs();
  return <output aria-label="active dialog">{active ?? 'none'}</output>;
}

// The API client is loaded on the first call; loading it up front keeps a busy machine's first test within its waits.
beforeAll(() => import('@/lib/amplify-rest'));

describe('Daily checklist', () => {
  it("shows the two latest days and the Feature Tasks with the '100 max' badge", async () => {
    signIn();
    checklistApi([
      item('a', 'Stand-up notes'),
      item('b', 'Send invoices', { createdDate: '2025-06-02', status: true }),
      item('f', 'Dark mode for reports', { isFeature: true, createdDate: '2025-05-30' }),
    ]);
    renderWithProviders(<DailyChecklist />);
    const todaySection = await screen.findByRole('region', { name: 'Today' });
    expect(within(todaySection).getByRole('checkbox', { name: 'Stand-up notes' })).not.toBeChecked();
    const earlier = screen.getByRole('region', { name: '02/06/2025' });
    expect(within(earlier).getByRole('checkbox', { name: 'Send invoices' })).toBeChecked();
    const features = screen.getByRole('region', { name: 'Feature Tasks' });
    expect(features).toHaveTextContent('100 max');
    expect(within(features).getByRole('checkbox', { name: 'Dark mode for reports' })).toBeInTheDocument();
  });

  it('checks and unchecks an item with PUT {task, status}', async () => {
    signIn();
    const { writes } = checklistApi([item('a', 'Stand-up notes')]);
    const { user } = renderWithProviders(<DailyChecklist />);
    const box = await screen.findByRole('checkbox', { name: 'Stand-up notes' });
    await user.click(box);
    await vi.waitFor(() => expect(box).toBeChecked());
    await vi.waitFor(() => expect(writes).toHaveLength(1));
    await user.click(box);
    await vi.waitFor(() => expect(writes).toHaveLength(2));
    expect(writes).toEqual([
      { method: 'PUT', path: '/daily-checklist/edit/a', body: { task: 'Stand-up notes', status: true } },
      { method: 'PUT', path: '/daily-checklist/edit/a', body: { task: 'Stand-up notes', status: false } },
    ]);
    await vi.waitFor(() => expect(box).not.toBeChecked());
  });

  it("says 'Error! Failed to update task.' and puts the box back when the update fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signIn();
    checklistApi([item('a', 'Stand-up notes')]);
    server.use(http.put(api('/daily-checklist/edit/:id'), () => fail(500, 'Something went wrong. Please try again later.')));
    const { user } = renderWithProviders(<DailyChecklist />);
    const box = await screen.findByRole('checkbox', { name: 'Stand-up notes' });
    await user.click(box);
    expect(await screen.findByText('Failed to update task.')).toBeInTheDocument();
    expect(screen.getByText('Error!')).toBeInTheDocument();
    await vi.waitFor(() => expect(box).not.toBeChecked());
  });

  it('edits in place: Enter saves a changed text, an unchanged or empty one is not sent, Cancel and Escape leave', async () => {
    signIn();
    const { writes } = checklistApi([item('a', 'Stand-up notes')]);
    const { user } = renderWithProviders(<DailyChecklist />);
    await user.click(await screen.findByRole('button', { name: 'Edit Stand-up notes' }));
    const input = screen.getByRole('textbox', { name: 'Edit task' });
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('maxlength', '200');

    // Unchanged: leaves the edit without a call.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('textbox', { name: 'Edit task' })).not.toBeInTheDocument();

    // Empty: not sent, the message says why.
    await user.click(screen.getByRole('button', { name: 'Edit Stand-up notes' }));
    await user.clear(screen.getByRole('textbox', { name: 'Edit task' }));
    await user.keyboard('{Enter}');
    expect(screen.getByText('Task is required.')).toBeInTheDocument();

    // Escape: leaves without saving.
    await user.type(screen.getByRole('textbox', { name: 'Edit task' }), 'Something else');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Edit task' })).not.toBeInTheDocument();
    expect(writes).toEqual([]);

    // Cancel: the same.
    await user.click(screen.getByRole('button', { name: 'Edit Stand-up notes' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(writes).toEqual([]);

    // Enter with a changed text saves it.
    await user.click(screen.getByRole('button', { name: 'Edit Stand-up notes' }));
    const again = screen.getByRole('textbox', { name: 'Edit task' });
    await user.clear(again);
    await user.type(again, 'Stand-up notes for Monday{Enter}');
    expect(await screen.findByRole('checkbox', { name: 'Stand-up notes for Monday' })).toBeInTheDocument();
    expect(writes).toEqual([{ method: 'PUT', path: '/daily-checklist/edit/a', body: { task: 'Stand-up notes for Monday', status: false } }]);
  });

  it('runs one save at a time', async () => {
    signIn();
    const { writes } = checklistApi([item('a', 'First'), item('b', 'Second')]);
    const { hold, release } = heldResponse();
    let calls = 0;
    server.use(
      http.put(api('/daily-checklist/edit/:id'), async ({ params }) => {
        calls += 1;
        writes.push({ method: 'PUT', path: `/daily-checklist/edit/${String(params.id)}` });
        await hold();
        return ok({});
      }),
    );
    const { user } = renderWithProviders(<DailyChecklist />);
    await user.click(await screen.findByRole('checkbox', { name: 'First' }));
    await vi.waitFor(() => expect(calls).toBe(1));
    await user.click(screen.getByRole('checkbox', { name: 'Second' }));
    for (const add of screen.getAllByRole('button', { name: 'Add' })) expect(add).toBeDisabled();
    release();
    await vi.waitFor(() => expect(screen.getAllByRole('button', { name: 'Add' })[0]).toBeEnabled());
    expect(calls).toBe(1);
    expect(writes).toEqual([{ method: 'PUT', path: '/daily-checklist/edit/a' }]);
  });

  it("adds today's task and a feature task, refusing an empty one", async () => {
    signIn();
    const { writes } = checklistApi([]);
    const { user } = renderWithProviders(<DailyChecklist />);
    expect(await screen.findByText('Nothing on your checklist for today yet.')).toBeInTheDocument();
    const daily = screen.getByRole('form', { name: 'Add a task' });
    await user.click(within(daily).getByRole('button', { name: 'Add' }));
    expect(within(daily).getByText('Task is required.')).toBeInTheDocument();
    await user.type(within(daily).getByLabelText('New task'), '  Review pull requests {Enter}');
    expect(await screen.findByRole('checkbox', { name: 'Review pull requests' })).toBeInTheDocument();
    expect(within(daily).getByLabelText('New task')).toHaveValue('');

    const feature = screen.getByRole('form', { name: 'Add a feature task' });
    await user.type(within(feature).getByLabelText('New feature task'), 'Export to PDF');
    await user.click(within(feature).getByRole('button', { name: 'Add' }));
    expect(await within(screen.getByRole('region', { name: 'Feature Tasks' })).findByRole('checkbox', { name: 'Export to PDF' })).toBeInTheDocument();
    expect(writes).toEqual([
      { method: 'POST', path: '/daily-checklist/add', body: { task: 'Review pull requests', status: false, createdDate: today, isFeature: false } },
      { method: 'POST', path: '/daily-checklist/add', body: { task: 'Export to PDF', status: false, createdDate: today, isFeature: true } },
    ]);
  });

  it("deletes after 'Do you really want to delete {item}?'", async () => {
    signIn();
    const { writes } = checklistApi([item('a', 'Buy milk')]);
    const { user } = renderWithProviders(<DailyChecklist />);
    await user.click(await screen.findByRole('button', { name: 'Delete Buy milk' }));
    const question = screen.getByRole('alertdialog');
    expect(question).toHaveTextContent('Do you really want to delete Buy milk?');
    await user.click(within(question).getByRole('button', { name: 'No, cancel!' }));
    expect(writes).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Buy milk' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes, delete it!' }));
    await vi.waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Buy milk' })).not.toBeInTheDocument());
    expect(writes).toEqual([{ method: 'DELETE', path: '/daily-checklist/delete/a' }]);
  });

  it("says 'Error! There was an error in deleting.' when the delete fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signIn();
    checklistApi([item('a', 'Buy milk')]);
    server.use(http.delete(api('/daily-checklist/delete/:id'), () => fail(500, 'Something went wrong. Please try again later.')));
    const { user } = renderWithProviders(<DailyChecklist />);
    await user.click(await screen.findByRole('button', { name: 'Delete Buy milk' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByText('There was an error in deleting.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Buy milk' })).toBeInTheDocument();
  });

  it('signed out, asks for nothing and adding opens sign-in', async () => {
    const { user } = renderWithProviders(
      <>
        <DailyChecklist />
        <ActiveDialog />
      </>,
    );
    expect(screen.getByText('Sign in to keep your daily checklist.')).toBeInTheDocument();
    const daily = screen.getByRole('form', { name: 'Add a task' });
    await user.type(within(daily).getByLabelText('New task'), 'Water the plants{Enter}');
    expect(screen.getByLabelText('active dialog')).toHaveTextContent('signIn');
  });
});

describe('Archived checklist', () => {
  it('filters by task, status and created dates and pages 20 at a time', async () => {
    signIn();
    checklistApi([]);
    const queries: URLSearchParams[] = [];
    const all = Array.from({ length: 45 }, (_, i) => item(`x${i + 1}`, `Archived ${i + 1}`, { createdDate: '2025-05-01', status: i % 2 === 0 }));
    server.use(
      http.get(api('/daily-checklist/get'), ({ request }) => {
        const params = new URL(request.url).searchParams;
        queries.push(params);
        const skip = Number(params.get('skip'));
        return ok({ checkList: all.slice(skip, skip + Number(params.get('limit'))), totalCount: all.length });
      }),
    );
    const { user } = renderWithProviders(<DailyChecklist />);
    await user.click(await screen.findByRole('button', { name: 'Archived Checklist' }));
    const dialog = screen.getByRole('dialog', { name: 'Archived Checklist' });
    expect(await within(dialog).findByText('Archived 1')).toBeInTheDocument();
    expect(within(within(dialog).getByRole('list', { name: 'Archived checklist items' })).getAllByRole('listitem')).toHaveLength(20);
    expect(within(dialog).getAllByText('01/05/2025')).toHaveLength(20);

    await user.click(within(dialog).getByRole('button', { name: 'Page 3' }));
    expect(await within(dialog).findByText('Archived 41')).toBeInTheDocument();
    expect(queries.at(-1)?.get('skip')).toBe('40');
    expect(queries.at(-1)?.get('limit')).toBe('20');

    await user.type(within(dialog).getByLabelText('Task'), 'invoice');
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'Done');
    await user.type(within(dialog).getByLabelText('Created from'), '2025-05-01');
    await user.type(within(dialog).getByLabelText('Created to'), '2025-05-31');
    expect(within(dialog).getByLabelText('Created from')).toHaveAttribute('max', '2025-05-31');
    expect(within(dialog).getByLabelText('Created to')).toHaveAttribute('min', '2025-05-01');
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(queries.at(-1)?.get('task')).toBe('invoice'));
    const last = queries.at(-1)!;
    expect(Object.fromEntries(last.entries())).toEqual({
      task: 'invoice',
      status: 'true',
      createdDateFrom: '2025-05-01',
      createdDateTo: '2025-05-31',
      skip: '0',
      limit: '20',
    });
  });
});

describe('the checklist without a connection', () => {
  /** The `If-Match` of every edit sent. */
  function editVersions() {
    const versions: (string | null)[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'PUT') versions.push(request.headers.get('If-Match'));
    });
    return versions;
  }

  it('a tick and a new item wait, marked, and are sent in order once back online, the tick naming its version', async () => {
    signIn();
    const { writes } = checklistApi([item('a', 'Stand-up notes')]);
    const versions = editVersions();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { user } = renderWithProviders(
      <>
        <OfflineSync />
        <DailyChecklist />
      </>,
    );
    await user.click(await screen.findByRole('checkbox', { name: 'Stand-up notes' }));
    await user.type(screen.getByLabelText('New task'), 'Water the plants{Enter}');

    const todaySection = screen.getByRole('region', { name: 'Today' });
    const ticked = within(todaySection).getByRole('checkbox', { name: 'Stand-up notes' });
    await vi.waitFor(() => expect(ticked).toBeChecked());
    expect(ticked).toBeDisabled();
    const added = await within(todaySection).findByRole('checkbox', { name: 'Water the plants' });
    expect(added).toBeDisabled();
    expect(within(todaySection).getAllByText('Waiting to sync')).toHaveLength(2);
    expect(within(todaySection).getByRole('button', { name: 'Discard Water the plants' })).toBeInTheDocument();
    expect(writes).toEqual([]);

    onLine.mockRestore();
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('2 changes synced.')).toBeInTheDocument();
    server.events.removeAllListeners();

    expect(writes).toEqual([
      { method: 'PUT', path: '/daily-checklist/edit/a', body: { task: 'Stand-up notes', status: true } },
      { method: 'POST', path: '/daily-checklist/add', body: { task: 'Water the plants', status: false, createdDate: today, isFeature: false } },
    ]);
    expect(versions).toEqual([`"${today}T08:00:00Z"`]);
    await vi.waitFor(() => expect(screen.queryByText('Waiting to sync')).not.toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: 'Stand-up notes' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Stand-up notes' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Water the plants' })).not.toBeChecked();
  });

  it('a tick discarded before it was sent leaves the item as it was', async () => {
    signIn();
    const { writes } = checklistApi([item('a', 'Stand-up notes')]);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { user } = renderWithProviders(<DailyChecklist />);
    await user.click(await screen.findByRole('checkbox', { name: 'Stand-up notes' }));
    await user.click(await screen.findByRole('button', { name: 'Discard Stand-up notes' }));
    await user.click(await screen.findByRole('button', { name: 'Discard' }));

    await vi.waitFor(() => expect(screen.queryByText('Waiting to sync')).not.toBeInTheDocument());
    const box = screen.getByRole('checkbox', { name: 'Stand-up notes' });
    expect(box).not.toBeChecked();
    expect(box).toBeEnabled();
    onLine.mockRestore();
    expect(writes).toEqual([]);
  });

  it('a delete waits, marked, until it is sent', async () => {
    signIn();
    const { writes } = checklistApi([item('a', 'Stand-up notes')]);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { user } = renderWithProviders(<DailyChecklist />);
    await user.click(await screen.findByRole('button', { name: 'Delete Stand-up notes' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByText('Deleting: waiting to sync')).toBeInTheDocument();
    expect(writes).toEqual([]);
    onLine.mockRestore();
  });
});
