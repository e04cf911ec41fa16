import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { TaskFormDialog } from '@/features/tasks/components/task-form-dialog';
import { fakeJwt } from '@/testing/jwt';
import { api as url, fail, http, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import { api } from './api-client';
import { ApiError } from './api-error';
import { getCookie } from './cookies';

// A session that ends on the server while the token still looks valid here (a restart with a new key, a sign-out
// elsewhere, a clock ahead of the server's): the call answered 401 refreshes the token and is sent again, once.

beforeAll(() => import('./amplify-rest'));

const valid = () => fakeJwt(Date.now() / 1000 + 3600, 'old');
const fresh = fakeJwt(Date.now() / 1000 + 8 * 3600, 'fresh');

/** /auth/refresh-token answering a new pair (or failing), counting the calls. */
function refreshEndpoint(answer = () => ok({ access_token: fresh, refresh_token: 'r2', id: 'u1', name: 'Ada' })) {
  const calls: unknown[] = [];
  return {
    calls,
    handler: http.post(url('/auth/refresh-token'), async ({ request }) => {
      calls.push(await request.json());
      return answer();
    }),
  };
}

/** An endpoint that refuses every token but the fresh one, keeping the Authorization header of each call. */
function onlyFresh(method: 'get' | 'post', path: string, data: unknown) {
  const seen: string[] = [];
  return {
    seen,
    handler: http[method](url(path), ({ request }) => {
      const authorization = request.headers.get('authorization') ?? '';
      seen.push(authorization);
      return authorization === `Bearer ${fresh}` ? ok(data, method === 'post' ? 201 : 200) : fail(401, 'Unauthorized');
    }),
  };
}

describe('api client on a 401', () => {
  it('refreshes the token and sends the call again with the new one', async () => {
    setCookies({ access_token: valid(), refresh_token: 'r1' });
    const refresh = refreshEndpoint();
    const count = onlyFresh('get', '/admin/get-count', 3);
    server.use(refresh.handler, count.handler);
    await expect(api.get('/admin/get-count')).resolves.toBe(3);
    expect(refresh.calls).toEqual([{ refresh_token: 'r1' }]);
    expect(count.seen).toHaveLength(2);
    expect(count.seen[0]).toMatch(/^Bearer .+/);
    expect(count.seen[0]).not.toBe(`Bearer ${fresh}`);
    expect(count.seen[1]).toBe(`Bearer ${fresh}`);
    expect(getCookie('access_token')).toBe(fresh);
    expect(getCookie('refresh_token')).toBe('r2');
  });

  it('retries once only: a second 401 is the answer', async () => {
    setCookies({ access_token: valid(), refresh_token: 'r1' });
    const refresh = refreshEndpoint();
    let calls = 0;
    server.use(
      refresh.handler,
      http.get(url('/user/profile'), () => {
        calls += 1;
        return fail(401, 'Unauthorized');
      }),
    );
    const error = await api.get('/user/profile').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401 });
    expect(calls).toBe(2);
    expect(refresh.calls).toHaveLength(1);
  });

  it('a refused refresh ends the session and answers the 401, without a second call', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setCookies({ access_token: valid(), refresh_token: 'r1', id: 'u1', name: 'Ada' });
    const refresh = refreshEndpoint(() => fail(401, 'Invalid or expired refresh token.'));
    const count = onlyFresh('get', '/admin/get-count', 3);
    server.use(refresh.handler, count.handler);
    const error = await api.get('/admin/get-count').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401 });
    expect(count.seen).toHaveLength(1);
    expect(getCookie('access_token')).toBeUndefined();
  });

  it('calls answered 401 at once by the same refresh share it (refresh tokens are single-use)', async () => {
    setCookies({ access_token: valid(), refresh_token: 'r1' });
    const refresh = refreshEndpoint();
    const count = onlyFresh('get', '/admin/get-count', 3);
    const profile = onlyFresh('get', '/user/profile', { id: 'u1' });
    server.use(refresh.handler, count.handler, profile.handler);
    await expect(Promise.all([api.get('/admin/get-count'), api.get('/user/profile')])).resolves.toEqual([3, { id: 'u1' }]);
    expect(refresh.calls).toHaveLength(1);
  });

  it('public calls are not retried: a wrong password stays a 401', async () => {
    const refresh = refreshEndpoint();
    let calls = 0;
    server.use(
      refresh.handler,
      http.post(url('/auth/login'), () => {
        calls += 1;
        return fail(401, 'Invalid email or password.');
      }),
    );
    const error = await api.post('/auth/login', { auth: false, body: { email: 'a@b.co', password: 'x' } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, message: 'Invalid email or password.' });
    expect(calls).toBe(1);
    expect(refresh.calls).toHaveLength(0);
  });
});

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
