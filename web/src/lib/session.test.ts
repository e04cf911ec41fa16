import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, fail, http, ok, server } from '@/testing/server';
import { fakeJwt } from '@/testing/jwt';
import { cookieNames, setCookies } from '@/testing/test-utils';
import { forgetCookies, getCookie } from './cookies';
import { getValidAccessToken, refreshOnStartup, SESSION_COOKIES } from './session';

const NOW = Date.UTC(2025, 5, 2, 9, 0, 0);
const HOUR = 3_600_000;

function signedIn(accessToken: string) {
  setCookies({
    access_token: accessToken,
    refresh_token: 'refresh-1',
    id: 'u1',
    name: 'Ada',
    email: 'ada@example.com',
    rememberMe: '{"remember":true,"email":"ada@example.com"}',
  });
}

function refreshEndpoint(answer: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post(api('/auth/refresh-token'), async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

describe('token check before each call', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('uses the current token while its exp is ahead, without a refresh', async () => {
    const token = fakeJwt(NOW / 1000 + 8 * 3600);
    signedIn(token);
    const bodies = refreshEndpoint(() => ok({}));
    await expect(getValidAccessToken()).resolves.toBe(token);
    expect(bodies).toHaveLength(0);
  });

  it('refreshes once the clock passes exp, storing the new access token and the rotated refresh token', async () => {
    signedIn(fakeJwt(NOW / 1000 + 3600));
    const fresh = fakeJwt(NOW / 1000 + 2 * 3600 + 8 * 3600);
    const bodies = refreshEndpoint(() => ok({ access_token: fresh, refresh_token: 'refresh-2', id: 'u1', name: 'Ada L.' }));

    vi.setSystemTime(NOW + HOUR - 1);
    await getValidAccessToken();
    expect(bodies).toHaveLength(0);

    vi.setSystemTime(NOW + 2 * HOUR);
    const cookieWrites = vi.spyOn(Document.prototype, 'cookie', 'set');
    await expect(getValidAccessToken()).resolves.toBe(fresh);
    expect(bodies).toEqual([{ refresh_token: 'refresh-1' }]);
    expect(getCookie('access_token')).toBe(fresh);
    expect(getCookie('refresh_token')).toBe('refresh-2');
    expect(getCookie('name')).toBe('Ada L.');

    // The new access token cookie lasts 8 hours; the others 7 days; all on path / with SameSite=Lax.
    const accessWrite = cookieWrites.mock.calls.map(([value]) => String(value)).find((value) => value.startsWith('access_token='));
    expect(accessWrite).toContain(`expires=${new Date(NOW + 2 * HOUR + 8 * HOUR).toUTCString()}`);
    expect(accessWrite).toContain('path=/');
    expect(accessWrite).toContain('SameSite=Lax');
    const refreshWrite = cookieWrites.mock.calls.map(([value]) => String(value)).find((value) => value.startsWith('refresh_token='));
    expect(refreshWrite).toContain(`expires=${new Date(NOW + 2 * HOUR + 7 * 24 * HOUR).toUTCString()}`);
  });

  it("refreshes when the access token is missing or the literal 'undefined'", async () => {
    setCookies({ access_token: 'undefined', refresh_token: 'refresh-1' });
    const bodies = refreshEndpoint(() => ok({ access_token: fakeJwt(NOW / 1000 + 60), refresh_token: 'refresh-2' }));
    await getValidAccessToken();
    expect(bodies).toHaveLength(1);
  });

  it('shares one refresh between concurrent calls (refresh tokens are single-use)', async () => {
    signedIn(fakeJwt(NOW / 1000 - 1));
    const bodies = refreshEndpoint(() => ok({ access_token: fakeJwt(NOW / 1000 + 60), refresh_token: 'refresh-2' }));
    const tokens = await Promise.all([getValidAccessToken(), getValidAccessToken(), getValidAccessToken()]);
    expect(new Set(tokens).size).toBe(1);
    expect(bodies).toHaveLength(1);
  });

  it("without a refresh token, clears the five session cookies and rejects with 'Refresh token missing'", async () => {
    setCookies({ access_token: fakeJwt(NOW / 1000 - 1), id: 'u1', name: 'Ada', email: 'ada@example.com', rememberMe: 'kept' });
    const bodies = refreshEndpoint(() => ok({}));
    await expect(getValidAccessToken()).rejects.toThrow('Refresh token missing');
    expect(bodies).toHaveLength(0);
    for (const name of SESSION_COOKIES) expect(cookieNames()).not.toContain(name);
    expect(getCookie('rememberMe')).toBe('kept');
  });

  it('when the refresh fails, logs it, clears the session and rejects', async () => {
    signedIn(fakeJwt(NOW / 1000 - 1));
    refreshEndpoint(() => fail(401, 'Unauthorized'));
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(getValidAccessToken()).rejects.toThrow('Unauthorized');
    expect(log).toHaveBeenCalled();
    for (const name of SESSION_COOKIES) expect(cookieNames()).not.toContain(name);
  });
});

describe('start-up refresh', () => {
  it('with a refresh token but no access token, gets a new access token before the app is shown', async () => {
    setCookies({ refresh_token: 'refresh-1', id: 'u1', name: 'Ada' });
    const bodies = refreshEndpoint(() => ok({ access_token: fakeJwt(Date.now() / 1000 + 60), refresh_token: 'refresh-2', id: 'u1', name: 'Ada' }));
    await refreshOnStartup();
    expect(bodies).toEqual([{ refresh_token: 'refresh-1' }]);
    expect(getCookie('access_token')).toBeTruthy();
  });

  it('does nothing when an access token exists, or the refresh token is missing or the literal undefined', async () => {
    const bodies = refreshEndpoint(() => ok({}));
    setCookies({ access_token: fakeJwt(Date.now() / 1000 - 10), refresh_token: 'refresh-1' });
    await refreshOnStartup();
    document.cookie = 'access_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    forgetCookies();
    setCookies({ refresh_token: 'undefined' });
    await refreshOnStartup();
    document.cookie = 'refresh_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    forgetCookies();
    await refreshOnStartup();
    expect(bodies).toHaveLength(0);
  });

  it('on failure alerts the user and removes the five session cookies', async () => {
    setCookies({ refresh_token: 'refresh-1', id: 'u1', name: 'Ada', email: 'ada@example.com' });
    refreshEndpoint(() => fail(401, 'Unauthorized'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    await refreshOnStartup();
    expect(alert).toHaveBeenCalledWith('logout and login again or clear your browser history');
    for (const name of SESSION_COOKIES) expect(cookieNames()).not.toContain(name);
  });
});
