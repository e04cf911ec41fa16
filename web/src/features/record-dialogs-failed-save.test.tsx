import { fireEvent, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '@/testing/jwt';
import { api, fail, http, HttpResponse, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import { BreakFormDialog } from './breaks/components/break-form-dialog';
import { LeaveFormDialog } from './leaves/components/leave-form-dialog';
import { sick, teamTypes } from './leaves/test-fixtures';
import { MeetingFormDialog } from './meetings/components/meeting-form-dialog';
import { TaskFormDialog } from './tasks/components/task-form-dialog';

// A failed save never loses what the person typed: whatever the failure (a refused value, a server error), the record
// dialog stays open with every value as it was and says what went wrong; saving again sends the same values. A
// break, task, meeting or leave that meets no network is queued instead (last describe).

beforeAll(() => import('@/lib/amplify-rest'));

const signIn = () =>
  setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' });

type Failure = { name: string; answer: () => Response };
const FAILURES: Failure[] = [
  { name: '422 with a field message', answer: () => fail(422, 'Invalid value.', { reason: 'Invalid value.' }) },
  { name: '500', answer: () => fail(500, 'Something went wrong. Please try again later.') },
];

/** A handler that fails once with `failure`, then saves; it keeps every body it received. */
function failOnceThenSave(method: 'post' | 'put', path: string, failure: Failure) {
  const bodies: unknown[] = [];
  const handler = http[method](api(path), async ({ request }) => {
    bodies.push(await request.json());
    return bodies.length === 1 ? failure.answer() : ok({ _id: 'saved', ...(bodies.at(-1) as object) }, method === 'post' ? 201 : 200);
  });
  return { handler, bodies };
}

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

async function pickTime(user: UserEvent, label: string, hour: string, minute: string, period: 'AM' | 'PM') {
  await user.type(screen.getByLabelText(label), `${hour}:${minute} ${period}`);
}

describe.each(FAILURES)('a failed save ($name) keeps the record dialog and what was typed', (failure) => {
  it('break', async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get(api('/type/get'), () => ok([{ type: ['Walk', 'Coffee Break'] }])));
    const { handler, bodies } = failOnceThenSave('post', '/break/add', failure);
    server.use(handler);
    const onClose = vi.fn();
    const { user } = renderWithProviders(<BreakFormDialog onClose={onClose} />);
    await screen.findByRole('option', { name: 'Walk' });
    await user.selectOptions(screen.getByLabelText('Break type'), 'Walk');
    await pickTime(user, 'Start time', '11', '30', 'PM');
    await pickTime(user, 'End time', '12', '15', 'AM');
    await user.type(screen.getByLabelText('Reason'), 'Fresh air');
    await user.click(screen.getByRole('button', { name: 'Add break' }));

    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    const dialog = screen.getByRole('dialog', { name: 'Add Break' });
    if (failure.name.startsWith('422')) expect(await within(dialog).findByText('Invalid value.')).toBeInTheDocument();
    else expect(await within(dialog).findByRole('alert')).toHaveTextContent(/.+/);
    expect(onClose).not.toHaveBeenCalled();
    expect(value('Break type')).toBe('Walk');
    expect(value('Reason')).toBe('Fresh air');
    expect(value('Duration (minutes)')).toBe('45');
    expect(value('Start time')).toBe('11:30 PM');

    await user.click(screen.getByRole('button', { name: 'Add break' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[1]).toEqual({ type: 'Walk', createdDate: expect.any(String), startTime: '23:30', endTime: '00:15', reason: 'Fresh air' });
  });

  it('task', async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { handler, bodies } = failOnceThenSave('post', '/task/add', failure);
    server.use(handler);
    const onClose = vi.fn();
    const { user } = renderWithProviders(<TaskFormDialog onClose={onClose} />);
    await user.type(screen.getByLabelText('Title'), 'Renew the certificate');
    await user.type(screen.getByLabelText('Description'), 'Before it expires on Friday');
    fireEvent.change(screen.getByLabelText('Scheduled date'), { target: { value: '2025-06-20' } });
    await user.selectOptions(screen.getByLabelText('Priority'), 'Urgent');
    await user.click(screen.getByRole('button', { name: 'Add task' }));

    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    const dialog = screen.getByRole('dialog', { name: 'Add Task' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/.+/);
    expect(onClose).not.toHaveBeenCalled();
    expect(value('Title')).toBe('Renew the certificate');
    expect(value('Description')).toBe('Before it expires on Friday');
    expect(value('Scheduled date')).toBe('2025-06-20');
    expect(value('Priority')).toBe('Urgent');

    await user.click(screen.getByRole('button', { name: 'Add task' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies[1]).toEqual(bodies[0]);
  });

  it('leave', async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { handler, bodies } = failOnceThenSave('post', '/leaves/add', failure);
    server.use(
      handler,
      http.get(api('/leaves/types'), () => ok(teamTypes)),
      http.get(api('/leaves/preview'), () => ok({ workingDays: 3, countsAgainstAllowance: false, year: 2025 })),
    );
    const onClose = vi.fn();
    const { user } = renderWithProviders(<LeaveFormDialog onClose={onClose} />);
    await screen.findByRole('option', { name: 'Sick' });
    await user.selectOptions(screen.getByLabelText('Type'), 'Sick');
    fireEvent.change(screen.getByLabelText('From date'), { target: { value: '2025-06-02' } });
    fireEvent.change(screen.getByLabelText('To date'), { target: { value: '2025-06-04' } });
    await user.type(screen.getByLabelText('Reason'), 'Family visit');
    await user.click(screen.getByRole('button', { name: 'Add leave' }));

    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(await screen.findByText('Error!')).toBeInTheDocument();
    if (failure.name.startsWith('422')) expect(await screen.findAllByText('Invalid value.')).not.toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Add leave' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(value('From date')).toBe('2025-06-02');
    expect(value('To date')).toBe('2025-06-04');
    expect(value('Days')).toBe('3');
    expect(value('Reason')).toBe('Family visit');
    expect(value('Type')).toBe(sick._id);

    await user.click(screen.getByRole('button', { name: 'Add leave' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[1]).toMatchObject({ typeId: sick._id });
  });

  it('meeting', async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { handler, bodies } = failOnceThenSave('post', '/meeting/add', failure);
    server.use(handler);
    const onClose = vi.fn();
    const { user } = renderWithProviders(<MeetingFormDialog onClose={onClose} />);
    fireEvent.change(screen.getByLabelText('Schedule date'), { target: { value: '2025-07-01' } });
    await user.type(screen.getByLabelText('Start time'), '15:00');
    await user.type(screen.getByLabelText('End time'), '15:45');
    await user.type(screen.getByLabelText('Description'), 'Sprint planning');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));

    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(await screen.findByText('Failed to save meeting')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Schedule Meeting' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(value('Schedule date')).toBe('2025-07-01');
    expect(value('Start time')).toBe('3:00 PM');
    expect(value('End time')).toBe('3:45 PM');
    expect(value('Description')).toBe('Sprint planning');

    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies[1]).toEqual(bodies[0]);
  });
});

describe.each(FAILURES)('a failed leave save ($name) keeps the dialog', (failure) => {
  it('leave', async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { handler, bodies } = failOnceThenSave('post', '/leaves/add', failure);
    server.use(
      handler,
      http.get(api('/leaves/types'), () => ok(teamTypes)),
      http.get(api('/leaves/preview'), () => ok({ workingDays: 3, countsAgainstAllowance: false, year: 2025 })),
    );
    const onClose = vi.fn();
    const { user } = renderWithProviders(<LeaveFormDialog onClose={onClose} />);
    await screen.findByRole('option', { name: 'Sick' });
    fireEvent.change(screen.getByLabelText('From date'), { target: { value: '2025-06-02' } });
    fireEvent.change(screen.getByLabelText('To date'), { target: { value: '2025-06-04' } });
    await user.type(screen.getByLabelText('Reason'), 'Family visit');
    await user.click(screen.getByRole('button', { name: 'Add leave' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(await screen.findByText('Error!')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(value('Reason')).toBe('Family visit');
  });
});

describe('a break, task, meeting or leave saved without a network is queued, and sent again with the same key', () => {
  /** A handler whose first answer never arrives (no network), then saves; it keeps each Idempotency-Key. */
  function lostThenSaved(path: string) {
    const keys: (string | null)[] = [];
    const bodies: unknown[] = [];
    const handler = http.post(api(path), async ({ request }) => {
      keys.push(request.headers.get('Idempotency-Key'));
      bodies.push(await request.json());
      return keys.length === 1 ? (HttpResponse.error() as unknown as Response) : ok({ _id: 'saved', ...(bodies.at(-1) as object) }, 201);
    });
    return { handler, keys, bodies };
  }

  it('task', async () => {
    signIn();
    const { handler, keys, bodies } = lostThenSaved('/task/add');
    server.use(handler);
    const onClose = vi.fn();
    const { user } = renderWithProviders(<TaskFormDialog onClose={onClose} />);
    await user.type(screen.getByLabelText('Title'), 'Renew the certificate');
    await user.type(screen.getByLabelText('Description'), 'Before Friday');
    await user.click(screen.getByRole('button', { name: 'Add task' }));

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('Saved on this device. It is sent when the connection is back.')).toBeInTheDocument();
    // The queue tries again at once (the browser says it is online): the same key and body.
    await vi.waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).toBe(keys[0]);
    expect(bodies[1]).toEqual(bodies[0]);
  });

  it('meeting', async () => {
    signIn();
    const { handler, keys } = lostThenSaved('/meeting/add');
    server.use(handler);
    const onClose = vi.fn();
    const { user } = renderWithProviders(<MeetingFormDialog onClose={onClose} />);
    fireEvent.change(screen.getByLabelText('Schedule date'), { target: { value: '2025-07-01' } });
    await user.type(screen.getByLabelText('Start time'), '15:00');
    await user.type(screen.getByLabelText('End time'), '15:45');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    await vi.waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).toBe(keys[0]);
  });

  it('leave', async () => {
    signIn();
    const { handler, keys, bodies } = lostThenSaved('/leaves/add');
    server.use(
      handler,
      http.get(api('/leaves/types'), () => ok(teamTypes)),
      http.get(api('/leaves/preview'), () => ok({ workingDays: 3, countsAgainstAllowance: false, year: 2025 })),
    );
    const onClose = vi.fn();
    const { user } = renderWithProviders(<LeaveFormDialog onClose={onClose} />);
    await screen.findByRole('option', { name: 'Sick' });
    fireEvent.change(screen.getByLabelText('From date'), { target: { value: '2025-06-02' } });
    fireEvent.change(screen.getByLabelText('To date'), { target: { value: '2025-06-04' } });
    await user.type(screen.getByLabelText('Reason'), 'Family visit');
    await user.click(screen.getByRole('button', { name: 'Add leave' }));

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText(/Days and approval are worked out when it syncs/)).toBeInTheDocument();
    await vi.waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).toBe(keys[0]);
    expect(bodies[1]).toEqual(bodies[0]);
  });

  it('break', async () => {
    signIn();
    server.use(http.get(api('/type/get'), () => ok([{ type: ['Walk', 'Coffee Break'] }])));
    const { handler, keys } = lostThenSaved('/break/add');
    server.use(handler);
    const onClose = vi.fn();
    const { user } = renderWithProviders(<BreakFormDialog onClose={onClose} />);
    await screen.findByRole('option', { name: 'Walk' });
    await user.selectOptions(screen.getByLabelText('Break type'), 'Walk');
    await pickTime(user, 'Start time', '11', '30', 'AM');
    await pickTime(user, 'End time', '11', '45', 'AM');
    await user.click(screen.getByRole('button', { name: 'Add break' }));

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    await vi.waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).toBe(keys[0]);
  });
});
