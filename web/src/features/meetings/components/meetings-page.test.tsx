import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useDialogs } from '@/lib/dialogs';
import { formatDate, todayIso } from '@/lib/format';
import { jwtValidFor } from '@/testing/jwt';
import { api, fail, http, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import type { Meeting } from '../api/meetings';
import { MeetingsPage } from './meetings-page';

const signIn = () => setCookies({ access_token: jwtValidFor(3_600_000), refresh_token: 'refresh', id: 'u1', name: 'Ada' });

const meeting = (n: number, extra: Partial<Meeting> = {}): Meeting => ({
  _id: `m${n}`,
  from: '09:00',
  to: '09:30',
  scheduleDate: '2025-06-02',
  description: `Meeting number ${n}`,
  userId: 'u1',
  createdAt: '2025-06-01T08:00:00Z',
  updatedAt: '2025-06-01T08:00:00Z',
  ...extra,
});

/** A small in-memory meetings API, recording the queries it was asked. */
function meetingsApi(initial: Meeting[] = []) {
  let list = [...initial];
  const queries: URLSearchParams[] = [];
  const bodies: { method: string; path: string; body: unknown }[] = [];
  const page = (url: URL) => {
    queries.push(url.searchParams);
    const skip = Number(url.searchParams.get('skip') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 20);
    return ok({ meetings: list.slice(skip, skip + limit), totalCount: list.length, allCount: list.length });
  };
  server.use(
    http.get(api('/meeting/get'), ({ request }) => page(new URL(request.url))),
    http.get(api('/meeting/all'), ({ request }) => page(new URL(request.url))),
    http.post(api('/meeting/add'), async ({ request }) => {
      const body = (await request.json()) as Omit<Meeting, '_id'>;
      bodies.push({ method: 'POST', path: '/meeting/add', body });
      const created = { _id: `new${list.length}`, ...body };
      list = [created, ...list];
      return ok(created, 201);
    }),
    http.put(api('/meeting/edit/:id'), async ({ request, params }) => {
      const body = (await request.json()) as Omit<Meeting, '_id'>;
      bodies.push({ method: 'PUT', path: `/meeting/edit/${String(params.id)}`, body });
      list = list.map((m) => (m._id === params.id ? { ...m, ...body } : m));
      return ok(list.find((m) => m._id === params.id));
    }),
    http.delete(api('/meeting/delete/:id'), ({ params }) => {
      bodies.push({ method: 'DELETE', path: `/meeting/delete/${String(params.id)}`, body: null });
      list = list.filter((m) => m._id !== params.id);
      return ok({ _id: params.id, message: 'Deleted.' });
    }),
  );
  return { queries, bodies };
}

function ActiveDialog() {
  const { active } = useDialogs();
  return <output aria-label="active dialog">{active ?? 'none'}</output>;
}

// The API client is loaded on the first call; loading it up front keeps a busy machine's first test within its waits.
beforeAll(() => import('@/lib/amplify-rest'));

describe('Meetings list', () => {
  it("shows today's meetings first, then upcoming and all, each with its own empty state", async () => {
    signIn();
    const { queries } = meetingsApi();
    const { user } = renderWithProviders(<MeetingsPage />);
    expect(await screen.findByText('No meetings scheduled for today.')).toBeInTheDocument();
    expect(queries.at(-1)?.get('isToday')).toBe('true');
    expect(queries.at(-1)?.get('todayScheduledDate')).toBe(todayIso());

    await user.click(screen.getByRole('button', { name: 'Upcoming' }));
    expect(await screen.findByText('No upcoming meetings found.')).toBeInTheDocument();
    expect(queries.at(-1)?.get('isToday')).toBe('false');

    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(await screen.findByText('No meetings found.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('asks /meeting/all for an optional range of schedule dates, each end limiting the other', async () => {
    signIn();
    const requests: URL[] = [];
    server.use(
      http.get(api('/meeting/get'), () => ok({ meetings: [], totalCount: 0, allCount: 0 })),
      http.get(api('/meeting/all'), ({ request }) => {
        requests.push(new URL(request.url));
        return ok({ meetings: [], totalCount: 0, allCount: 0 });
      }),
    );
    const { user } = renderWithProviders(<MeetingsPage />);
    await user.click(screen.getByRole('button', { name: 'All' }));
    await screen.findByText('No meetings found.');
    expect(requests.at(-1)?.searchParams.has('startScheduleDate')).toBe(false);
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.type(from, '2025-06-01');
    await user.type(to, '2025-06-30');
    expect(from).toHaveAttribute('max', '2025-06-30');
    expect(to).toHaveAttribute('min', '2025-06-01');
    await vi.waitFor(() => expect(requests.at(-1)?.searchParams.get('endScheduleDate')).toBe('2025-06-30'));
    expect(requests.at(-1)?.searchParams.get('startScheduleDate')).toBe('2025-06-01');
  });

  it('is empty and asks for nothing while signed out; scheduling then opens sign-in', async () => {
    const { user } = renderWithProviders(
      <>
        <MeetingsPage />
        <ActiveDialog />
      </>,
    );
    expect(screen.getByText('No meetings scheduled for today.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Schedule Meeting' }));
    const dialog = screen.getByRole('dialog', { name: 'Schedule Meeting' });
    await user.type(within(dialog).getByLabelText('Start time'), '10:00');
    await user.type(within(dialog).getByLabelText('End time'), '11:00');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(screen.getByLabelText('active dialog')).toHaveTextContent('signIn');
  });

  it("cuts descriptions at 70 characters with 'View All' showing the whole text", async () => {
    signIn();
    const long = 'A'.repeat(70) + ' and the rest of the agenda';
    meetingsApi([meeting(1, { description: long }), meeting(2, { description: 'Short one' })]);
    const { user } = renderWithProviders(<MeetingsPage />);
    expect(await screen.findByText('Short one')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'View All' })).toHaveLength(1);
    expect(screen.getByText(`${'A'.repeat(70)}…`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View All' }));
    expect(screen.getByRole('dialog', { name: 'Description' })).toHaveTextContent(long);
  });

  it('shows dates day-month-year and times in 12-hour form', async () => {
    signIn();
    meetingsApi([meeting(1, { scheduleDate: '2025-06-02', from: '13:05', to: '14:00' })]);
    renderWithProviders(<MeetingsPage />);
    const row = await screen.findByRole('listitem', { name: '02/06/2025, 1:05 PM – 2:00 PM' });
    expect(row).toHaveTextContent('02/06/2025');
  });

  it('pages through 45 meetings 20 at a time', async () => {
    signIn();
    const { queries } = meetingsApi(Array.from({ length: 45 }, (_, i) => meeting(i + 1)));
    const { user } = renderWithProviders(<MeetingsPage />);
    expect(await screen.findByText('Meeting number 1')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Meetings' })).getAllByRole('listitem')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Meeting number 41')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Meetings' })).getAllByRole('listitem')).toHaveLength(5);
    expect(queries.at(-1)?.get('skip')).toBe('40');
    expect(queries.at(-1)?.get('limit')).toBe('20');
  });

  it('hides the pagination with 20 meetings or fewer', async () => {
    signIn();
    meetingsApi(Array.from({ length: 20 }, (_, i) => meeting(i + 1)));
    renderWithProviders(<MeetingsPage />);
    await screen.findByText('Meeting number 20');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('deletes a meeting after the generic confirmation', async () => {
    signIn();
    const { bodies } = meetingsApi([meeting(1), meeting(2)]);
    const { user } = renderWithProviders(<MeetingsPage />);
    const row = (await screen.findByText('Meeting number 2')).closest('li')!;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const question = screen.getByRole('alertdialog', { name: 'Are you sure?' });
    await user.click(within(question).getByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByRole('alertdialog', { name: 'Deleted!' })).toHaveTextContent('Your record has been deleted.');
    await vi.waitFor(() => expect(screen.queryByText('Meeting number 2')).not.toBeInTheDocument());
    expect(bodies).toEqual([{ method: 'DELETE', path: '/meeting/delete/m2', body: null }]);
  });
});

describe('Meeting form', () => {
  it('schedule mode has no Cancel and checks the required fields with the exact messages', async () => {
    signIn();
    meetingsApi();
    const { user } = renderWithProviders(<MeetingsPage />);
    await user.click(screen.getByRole('button', { name: 'Schedule Meeting' }));
    const dialog = screen.getByRole('dialog', { name: 'Schedule Meeting' });
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Schedule date')).toHaveValue(formatDate(todayIso()));
    await user.clear(within(dialog).getByLabelText('Schedule date'));
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByText('Start time is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('End time is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Schedule date is required.')).toBeInTheDocument();
  });

  it('limits the description to 1000 characters', async () => {
    signIn();
    meetingsApi();
    const { user } = renderWithProviders(<MeetingsPage />);
    await user.click(screen.getByRole('button', { name: 'Schedule Meeting' }));
    const description = screen.getByLabelText('Description');
    expect(description).toHaveAttribute('maxlength', '1000');
    description.removeAttribute('maxlength');
    await user.click(description);
    await user.paste('x'.repeat(1001));
    await user.tab();
    expect(await screen.findByText('Description must not exceed 1000 characters.')).toBeInTheDocument();
  });

  it("schedules a meeting and says 'Meeting added successfully'", async () => {
    signIn();
    const { bodies } = meetingsApi();
    const { user } = renderWithProviders(<MeetingsPage />);
    await screen.findByText('No meetings scheduled for today.');
    await user.click(screen.getByRole('button', { name: 'Schedule Meeting' }));
    const dialog = screen.getByRole('dialog', { name: 'Schedule Meeting' });
    await user.type(within(dialog).getByLabelText('Start time'), '10:00');
    await user.type(within(dialog).getByLabelText('End time'), '10:45');
    await user.type(within(dialog).getByLabelText('Description'), '  Sprint review  ');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('Meeting added successfully')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Schedule Meeting' })).not.toBeInTheDocument();
    expect(bodies).toEqual([
      {
        method: 'POST',
        path: '/meeting/add',
        body: { from: '10:00', to: '10:45', scheduleDate: todayIso(), description: 'Sprint review', title: '', place: '', attendees: [] },
      },
    ]);
    expect(await screen.findByText('Sprint review')).toBeInTheDocument();
  });

  it("edit mode has Cancel, sends the changes and says 'Meeting updated successfully'", async () => {
    signIn();
    const { bodies } = meetingsApi([meeting(1)]);
    const { user } = renderWithProviders(<MeetingsPage />);
    const row = (await screen.findByText('Meeting number 1')).closest('li')!;
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Meeting' });
    expect(within(dialog).getByLabelText('Start time')).toHaveValue('9:00 AM');
    const description = within(dialog).getByLabelText('Description');
    await user.clear(description);
    await user.type(description, 'Moved to the big room');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Meeting updated successfully')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        method: 'PUT',
        path: '/meeting/edit/m1',
        body: { from: '09:00', to: '09:30', scheduleDate: '2025-06-02', description: 'Moved to the big room', title: '', place: '', attendees: [] },
      },
    ]);

    await user.click(within(screen.getByText('Moved to the big room').closest('li')!).getByRole('button', { name: 'Edit' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Edit Meeting' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Edit Meeting' })).not.toBeInTheDocument();
  });

  it("reports 'Error! Failed to save meeting' and the server's field message on failure", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signIn();
    meetingsApi();
    server.use(http.post(api('/meeting/add'), () => fail(422, 'End time must be after start time.', { to: 'End time must be after start time.' })));
    const { user } = renderWithProviders(<MeetingsPage />);
    await user.click(screen.getByRole('button', { name: 'Schedule Meeting' }));
    const dialog = screen.getByRole('dialog', { name: 'Schedule Meeting' });
    await user.type(within(dialog).getByLabelText('Start time'), '11:00');
    await user.type(within(dialog).getByLabelText('End time'), '10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('Failed to save meeting')).toBeInTheDocument();
    expect(screen.getByText('Error!')).toBeInTheDocument();
    expect(within(dialog).getByText('End time must be after start time.')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  });
});

describe('Meetings with attendees', () => {
  it('invites teammates with a title and place, and shows their answers', async () => {
    signIn();
    const { bodies } = meetingsApi();
    server.use(
      http.get(api('/meeting/people'), () =>
        ok([
          { userId: 'u2', name: 'Bea Lima' },
          { userId: 'u3', name: 'Cal Ortiz' },
        ]),
      ),
    );
    const { user } = renderWithProviders(<MeetingsPage />);
    await user.click(screen.getByRole('button', { name: 'Schedule Meeting' }));
    const dialog = screen.getByRole('dialog', { name: 'Schedule Meeting' });
    await user.type(within(dialog).getByLabelText('Title'), 'Quarterly review');
    await user.type(within(dialog).getByLabelText('Start time'), '10:00');
    await user.type(within(dialog).getByLabelText('End time'), '11:00');
    await user.type(within(dialog).getByLabelText('Place or video link'), 'https://meet.example/q');
    const attendees = within(dialog).getByRole('group', { name: 'Attendees' });
    await user.click(await within(attendees).findByLabelText('Cal Ortiz'));
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('Meeting added successfully')).toBeInTheDocument();
    expect(bodies[0]?.body).toEqual({
      from: '10:00',
      to: '11:00',
      scheduleDate: todayIso(),
      description: '',
      title: 'Quarterly review',
      place: 'https://meet.example/q',
      attendees: ['u3'],
    });
  });

  it("lets an attendee answer yes or no and leave, but not edit or delete the organizer's meeting", async () => {
    signIn();
    const theirs = meeting(7, {
      scheduleDate: todayIso(),
      title: 'Quarterly review',
      place: 'https://meet.example/q',
      organizerId: 'u9',
      organizerName: 'Olga Organizer',
      attendees: [
        { userId: 'u1', name: 'Ada', answer: 'pending' },
        { userId: 'u2', name: 'Bea Lima', answer: 'no' },
      ],
    });
    let answered: unknown = null;
    let left = false;
    meetingsApi([theirs]);
    server.use(
      http.post(api('/meeting/respond/:id'), async ({ request }) => {
        answered = await request.json();
        return ok({ ...theirs, attendees: [{ userId: 'u1', name: 'Ada', answer: 'yes' }] });
      }),
      http.post(api('/meeting/leave/:id'), () => {
        left = true;
        return ok({ _id: 'm7', message: 'Deleted.' });
      }),
    );
    const { user } = renderWithProviders(<MeetingsPage />);
    const row = (await screen.findByText('Quarterly review')).closest('li')!;
    expect(within(row).getByRole('link', { name: 'https://meet.example/q' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(row).toHaveTextContent('Organized by Olga Organizer. Attendees: You (not answered), Bea Lima (no)');
    expect(within(row).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Yes' }));
    await vi.waitFor(() => expect(answered).toEqual({ answer: 'yes' }));
    await user.click(within(row).getByRole('button', { name: 'Leave' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Leave this meeting?' });
    await user.click(within(confirm).getByRole('button', { name: 'Leave' }));
    await vi.waitFor(() => expect(left).toBe(true));
  });
});

describe("an invitation's Yes and No link", () => {
  it('sends the answer once, says so, opens the coming meetings and drops the answer from the address', async () => {
    signIn();
    const invited = meeting(8, {
      scheduleDate: '2099-01-05',
      title: 'Sprint planning',
      organizerId: 'u9',
      organizerName: 'Olga Organizer',
      attendees: [{ userId: 'u1', name: 'Ada', answer: 'pending' }],
    });
    const { queries } = meetingsApi([invited]);
    const answers: unknown[] = [];
    server.use(
      http.post(api('/meeting/respond/:id'), async ({ request, params }) => {
        answers.push({ id: params.id, ...((await request.json()) as object) });
        return ok({ ...invited, attendees: [{ userId: 'u1', name: 'Ada', answer: 'no' }] });
      }),
    );
    const { router } = renderWithProviders(<MeetingsPage />, { route: '/meetings?meeting=m8&answer=no' });
    expect(await screen.findByText('You declined: Sprint planning.')).toBeInTheDocument();
    expect(answers).toEqual([{ id: 'm8', answer: 'no' }]);
    expect(router.state.location.search).toBe('?meeting=m8');
    expect(screen.getByRole('button', { name: 'Upcoming' })).toHaveAttribute('aria-pressed', 'true');
    expect(queries.some((q) => q.get('isToday') === 'false')).toBe(true);
  });

  it('sends nothing without an answer of yes or no', async () => {
    signIn();
    meetingsApi([]);
    const answered = vi.fn();
    server.use(http.post(api('/meeting/respond/:id'), () => (answered(), ok({}))));
    renderWithProviders(<MeetingsPage />, { route: '/meetings?meeting=m8&answer=maybe' });
    await screen.findByText('No upcoming meetings found.');
    expect(answered).not.toHaveBeenCalled();
  });
});

describe('Meetings scheduled offline', () => {
  it('lists a meeting with attendees waiting to sync, without naming them by id', async () => {
    signIn();
    meetingsApi();
    server.use(http.get(api('/meeting/people'), () => ok([{ userId: 'u2', name: 'Bea Lima' }])));
    const { user } = renderWithProviders(<MeetingsPage />);
    await screen.findByText('No meetings scheduled for today.');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.click(screen.getByRole('button', { name: 'Schedule Meeting' }));
    const dialog = screen.getByRole('dialog', { name: 'Schedule Meeting' });
    await user.type(within(dialog).getByLabelText('Title'), 'Offline review');
    await user.type(within(dialog).getByLabelText('Start time'), '10:00');
    await user.type(within(dialog).getByLabelText('End time'), '11:00');
    await user.click(await within(dialog).findByLabelText('Bea Lima'));
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    const row = (await screen.findByText('Offline review')).closest('li')!;
    expect(within(row).getByText('Waiting to sync')).toBeInTheDocument();
    // Their names and answers come with the saved meeting; until then no half-known list of attendees.
    expect(row).not.toHaveTextContent('Attendees');
  });
});
