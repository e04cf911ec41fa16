import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '@/testing/jwt';
import { api as url, http, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import { fresh, onlyFresh, refreshEndpoint, valid } from '@/testing/token-refresh';
import { TaskFormDialog } from './task-form-dialog';

// The session ends on the server while the task form is open: the save refreshes the token and is sent again, once,
// with what was typed (the client's retry itself is tested in lib/api-client-retry.test.tsx).

beforeAll(() => import('@/lib/amplify-rest'));

describe('a session that expires while a form is open', () => {
  it('the save refreshes the token, is sent again once, and the dialog closes with the typed values saved', async () => {
    setCookies({ access_token: valid(), refresh_token: 'r1', id: 'u1', name: 'Ada', email: 'ada@example.com' });
    const refresh = refreshEndpoint();
    const bodies: unknown[] = [];
    const add = onlyFresh('post', '/task/add', { _id: 't1' });
    server.use(
      refresh.handler,
      http.post(url('/task/add'), async ({ request }) => {
        bodies.push(await request.clone().json());
        return undefined;
      }),
      add.handler,
    );
    const onClose = vi.fn();
    const { user } = renderWithProviders(<TaskFormDialog onClose={onClose} />);
    await user.type(screen.getByLabelText('Title'), 'Call the bank');
    await user.type(screen.getByLabelText('Description'), 'About the card');
    await user.click(screen.getByRole('button', { name: 'Add task' }));
    expect(await screen.findByText('Task added successfully')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(add.seen).toHaveLength(2);
    expect(refresh.calls).toHaveLength(1);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[1]).toMatchObject({ title: 'Call the bank', description: 'About the card' });
  });

  it('a token whose own expiry passed while typing is refreshed before the save is sent', async () => {
    setCookies({ access_token: valid(), refresh_token: 'r1', id: 'u1', name: 'Ada', email: 'ada@example.com' });
    const refresh = refreshEndpoint();
    const add = onlyFresh('post', '/task/add', { _id: 't1' });
    server.use(refresh.handler, add.handler);
    const onClose = vi.fn();
    const { user } = renderWithProviders(<TaskFormDialog onClose={onClose} />);
    await user.type(screen.getByLabelText('Title'), 'Call the bank');
    await user.type(screen.getByLabelText('Description'), 'About the card');
    setCookies({ access_token: fakeJwt(Date.now() / 1000 - 1, 'old') });
    await user.click(screen.getByRole('button', { name: 'Add task' }));
    expect(await screen.findByText('Task added successfully')).toBeInTheDocument();
    expect(add.seen).toEqual([`Bearer ${fresh}`]);
    expect(refresh.calls).toHaveLength(1);
  });
});
