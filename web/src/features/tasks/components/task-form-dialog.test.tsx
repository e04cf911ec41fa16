import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatDate, todayIso } from '@/lib/format';
import { fakeJwt } from '@/testing/jwt';
import { api, fail, http, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import type { Task } from '../api/tasks';
import { TaskFormDialog } from './task-form-dialog';

const signIn = () =>
  setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' });

function renderDialog(props: Partial<Parameters<typeof TaskFormDialog>[0]> = {}) {
  const onClose = vi.fn();
  return { onClose, ...renderWithProviders(<TaskFormDialog onClose={onClose} {...props} />) };
}

const optionNames = (label: string) =>
  within(screen.getByLabelText(label))
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('task add/edit dialog', () => {
  it('offers the statuses and priorities of the spec with To Do and Normal by default, scheduled today', () => {
    renderDialog();
    expect(optionNames('Status')).toEqual(['To Do', 'In Progress', 'In Review', 'Completed', 'Invalid', 'On Hold', 'Deferred', 'Blocked']);
    expect(optionNames('Priority')).toEqual(['Normal', 'Important', 'Critical', 'Low', 'High', 'Urgent', 'Blocker']);
    expect(screen.getByLabelText('Status')).toHaveValue('To Do');
    expect(screen.getByLabelText('Priority')).toHaveValue('Normal');
    expect(screen.getByLabelText('Scheduled date')).toHaveValue(formatDate(todayIso()));
  });

  it('requires the title, the description and a valid date', async () => {
    signIn();
    const posted = vi.fn();
    server.use(http.post(api('/task/add'), () => posted()));
    const { user } = renderDialog();
    await user.clear(screen.getByLabelText('Scheduled date'));
    await user.click(screen.getByRole('button', { name: 'Add task' }));
    expect(await screen.findByText('Title is required.')).toBeInTheDocument();
    expect(screen.getByText('Description is required.')).toBeInTheDocument();
    expect(screen.getByText('Please provide a valid date.')).toBeInTheDocument();
    expect(posted).not.toHaveBeenCalled();
  });

  it('limits the title to 200 and the description to 4000 characters', async () => {
    const { user } = renderDialog();
    const title = screen.getByLabelText('Title');
    const description = screen.getByLabelText('Description');
    expect(title).toHaveAttribute('maxlength', '200');
    expect(description).toHaveAttribute('maxlength', '4000');
    title.removeAttribute('maxlength');
    description.removeAttribute('maxlength');
    fireEvent.change(title, { target: { value: 't'.repeat(201) } });
    fireEvent.change(description, { target: { value: 'd'.repeat(4001) } });
    await user.click(screen.getByRole('button', { name: 'Add task' }));
    expect(await screen.findByText('Title must not exceed 200 characters.')).toBeInTheDocument();
    expect(screen.getByText('Description must not exceed 4000 characters.')).toBeInTheDocument();
  });

  it('adds a task with the chosen status and priority', async () => {
    signIn();
    const bodies: unknown[] = [];
    server.use(
      http.post(api('/task/add'), async ({ request }) => {
        bodies.push(await request.json());
        return ok({ _id: 't1' }, 201);
      }),
    );
    const { user, onClose } = renderDialog();
    await user.type(screen.getByLabelText('Title'), '  Write the report ');
    await user.type(screen.getByLabelText('Description'), 'Quarterly numbers');
    fireEvent.change(screen.getByLabelText('Scheduled date'), { target: { value: '02/06/2025' } });
    expect(screen.getByLabelText('Scheduled date')).toHaveValue('02/06/2025');
    await user.selectOptions(screen.getByLabelText('Status'), 'In Progress');
    await user.selectOptions(screen.getByLabelText('Priority'), 'Urgent');
    await user.click(screen.getByRole('button', { name: 'Add task' }));
    expect(await screen.findByText('Task added successfully')).toBeInTheDocument();
    expect(bodies).toEqual([
      { title: 'Write the report', description: 'Quarterly numbers', scheduled: '2025-06-02', status: 'In Progress', priority: 'Urgent' },
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it('edits a task through PUT /task/edit/{id}', async () => {
    signIn();
    const bodies: unknown[] = [];
    server.use(
      http.put(api('/task/edit/t9'), async ({ request }) => {
        bodies.push(await request.json());
        return ok({ _id: 't9' });
      }),
    );
    const editing: Task = {
      _id: 't9',
      userId: 'u1',
      title: 'Plan',
      description: 'Plan the sprint',
      scheduled: '2025-06-03',
      status: 'In Review',
      priority: 'High',
      createdDate: '2025-06-01',
      createdAt: '2025-06-01T08:00:00Z',
      updatedAt: '2025-06-01T08:00:00Z',
    };
    const { user } = renderDialog({ editing });
    expect(screen.getByRole('dialog', { name: 'Edit Task' })).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('In Review');
    await user.selectOptions(screen.getByLabelText('Status'), 'Completed');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Task updated successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ title: 'Plan', description: 'Plan the sprint', scheduled: '2025-06-03', status: 'Completed', priority: 'High' }]);
  });

  it("shows the server's message when the save fails", async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.post(api('/task/add'), () => fail(503, 'The service is unavailable. Please try again later.')));
    const { user, onClose } = renderDialog({ prefill: { title: 'T', description: 'D' } });
    await user.click(screen.getByRole('button', { name: 'Add task' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The service is unavailable. Please try again later.');
    expect(onClose).not.toHaveBeenCalled();
  });
});
