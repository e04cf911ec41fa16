import { beforeAll, describe, expect, it, vi } from 'vitest';
import { api as url, fail, http, server } from '@/testing/server';
import { setCookies } from '@/testing/test-utils';
import { fresh, onlyFresh, refreshEndpoint, valid } from '@/testing/token-refresh';
import { api } from './api-client';
import { ApiError } from './api-error';
import { getCookie } from './cookies';

// A session that ends on the server while the token still looks valid here (a restart with a new key, a sign-out
// elsewhere, a clock ahead of the server's): the call answered 401 refreshes the token and is sent again, once.

beforeAll(() => import('./amplify-rest'));

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
