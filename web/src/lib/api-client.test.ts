import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api as url, fail, http, HttpResponse, ok, server } from '@/testing/server';
import { fakeJwt } from '@/testing/jwt';
import { setCookies } from '@/testing/test-utils';
import { api } from './api-client';
import { apiKey, apiWrite, keyIn, keyUnder } from './api-paths';
import { ApiError, errorMessage } from './api-error';

const NOW = Date.UTC(2025, 5, 2, 9, 0, 0);

describe('api client', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('sends JSON with the bearer token and answers the envelope data', async () => {
    const token = fakeJwt(NOW / 1000 + 60);
    setCookies({ access_token: token, refresh_token: 'r' });
    let seen: Request | undefined;
    server.use(
      http.get(url('/meeting/all'), ({ request }) => {
        seen = request;
        return ok({ meetings: [], totalCount: 0, allCount: 0 });
      }),
    );
    await expect(api.get('/meeting/all', { query: { skip: 0, limit: 20, startScheduleDate: undefined } })).resolves.toEqual({
      meetings: [],
      totalCount: 0,
      allCount: 0,
    });
    expect(seen?.headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(seen?.headers.get('content-type')).toContain('application/json');
    expect(new URL(seen!.url).search).toBe('?skip=0&limit=20');
  });

  it('refreshes an expired token before the call and uses the new one', async () => {
    setCookies({ access_token: fakeJwt(NOW / 1000 - 5), refresh_token: 'r1' });
    const fresh = fakeJwt(NOW / 1000 + 8 * 3600);
    const order: string[] = [];
    server.use(
      http.post(url('/auth/refresh-token'), () => {
        order.push('refresh');
        return ok({ access_token: fresh, refresh_token: 'r2', id: 'u', name: 'n' });
      }),
      http.get(url('/admin/get-count'), ({ request }) => {
        order.push(request.headers.get('authorization') ?? '');
        return ok(3);
      }),
    );
    await expect(api.get('/admin/get-count')).resolves.toBe(3);
    expect(order).toEqual(['refresh', `Bearer ${fresh}`]);
  });

  it('public calls skip the token check entirely', async () => {
    let authorization: string | null = 'unset';
    server.use(
      http.post(url('/contactUs/send'), ({ request }) => {
        authorization = request.headers.get('authorization');
        return ok('message sent!');
      }),
    );
    await expect(api.post('/contactUs/send', { auth: false, body: { email: 'a@b.co', subject: 's', description: 'd' } })).resolves.toBe('message sent!');
    expect(authorization).toBeNull();
  });

  it('turns an error answer into ApiError with the server message and field errors', async () => {
    server.use(http.post(url('/user/signup'), () => fail(422, 'Name is required', { name: 'Name is required' })));
    const error = await api.post('/user/signup', { auth: false, body: { name: '', email: '', password: '' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: 'Name is required', fieldErrors: { name: 'Name is required' } });
  });

  it('reports an unreachable server as status 0, shown with the fallback message', async () => {
    server.use(http.post(url('/user/forgot-password'), () => HttpResponse.error()));
    const error = await api.post('/user/forgot-password', { auth: false, body: { email: 'a@b.co' } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0 });
    expect(errorMessage(error, 'An unexpected error occurred.')).toBe('An unexpected error occurred.');
  });

  it('puts the path parameters in, encoded, and sends the body and the query', async () => {
    setCookies({ access_token: fakeJwt(NOW / 1000 + 60), refresh_token: 'r' });
    let seen: { url: string; method: string; body: unknown } | undefined;
    server.use(
      http.put(url('/leaves/types/:id'), async ({ request }) => {
        seen = { url: request.url, method: request.method, body: await request.json() };
        return ok({ _id: 'a b' });
      }),
    );
    await api.put('/leaves/types/{id}', { params: { id: 'a b' }, body: { name: 'Sick' } });
    expect(new URL(seen!.url).pathname).toBe('/leaves/types/a%20b');
    expect(seen).toMatchObject({ method: 'PUT', body: { name: 'Sick' } });
  });
});

describe('the typed layer', () => {
  it('builds SWR keys in the shapes the persisted cache holds', () => {
    expect(apiKey('/break/current')).toBe('/break/current');
    expect(apiKey('/task/todayTasks', { query: { todayScheduledDate: '2031-03-03' } })).toEqual(['/task/todayTasks', { todayScheduledDate: '2031-03-03' }]);
    expect(keyUnder(['/task/list', {}], '/task/')).toBe(true);
    expect(keyIn('/admin/get', ['/admin/onBreak', '/admin/get'])).toBe(true);
    expect(keyIn(['/admin/getx'], ['/admin/get'])).toBe(false);
  });

  it('builds the offline queue’s writes with their path resolved', () => {
    expect(apiWrite.put('/task/edit/{id}', { params: { id: 'T1' }, body: { title: 'x' } })).toEqual({
      method: 'PUT',
      path: '/task/edit/T1',
      body: { title: 'x' },
    });
    expect(apiWrite.del('/task/delete/{id}', { params: { id: 'T1' } })).toEqual({ method: 'DELETE', path: '/task/delete/T1' });
  });
});
