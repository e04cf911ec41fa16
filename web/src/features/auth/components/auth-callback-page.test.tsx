import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadPage, replaceUrl } from '@/lib/browser';
import { getCookie } from '@/lib/cookies';
import { changeLanguage } from '@/lib/i18n';
import { api, http, HttpResponse, ok, server } from '@/testing/server';
import { cookieNames, renderWithProviders } from '@/testing/test-utils';
import { newSignInNonce } from '../utils/sign-in-nonce';
import { AuthCallbackPage } from './auth-callback-page';

vi.mock('@/lib/browser', () => ({ reloadPage: vi.fn(), replaceUrl: vi.fn(), assignUrl: vi.fn() }));

const tokens = 'access_token=attacker-access&refresh_token=attacker-refresh&name=Mallory&id=u9';

/** `GET /user/profile` answers for the callback's access token only, and records that it was asked. */
function profileOfTheToken() {
  const asked: Array<string | null> = [];
  server.use(
    http.get(api('/user/profile'), ({ request }) => {
      asked.push(request.headers.get('authorization'));
      if (request.headers.get('authorization') !== 'Bearer attacker-access') return HttpResponse.json({ message: 'Unauthorized' }, { status: 401 });
      return ok({ id: 'u9', name: 'Mallory Moe', email: 'mallory@example.com', role: 'admin', hasPassword: false });
    }),
  );
  return asked;
}

describe('/auth/callback', () => {
  beforeEach(() => {
    vi.mocked(reloadPage).mockClear();
    vi.mocked(replaceUrl).mockClear();
  });

  it('signs in at once when the nonce is the one this tab sent, and uses it up', async () => {
    const nonce = newSignInNonce()!;
    renderWithProviders(<AuthCallbackPage />, { route: `/auth/callback?${tokens}&nonce=${nonce}` });
    await waitFor(() => expect(reloadPage).toHaveBeenCalled());
    expect(getCookie('access_token')).toBe('attacker-access');
    expect(getCookie('refresh_token')).toBe('attacker-refresh');
    expect(getCookie('name')).toBe('Mallory');
    expect(replaceUrl).toHaveBeenLastCalledWith('/');
    expect(sessionStorage.getItem('breaktime.signInNonce')).toBeNull();
  });

  it('without the nonce, names the account and stores nothing until the person confirms', async () => {
    const asked = profileOfTheToken();
    const { user } = renderWithProviders(<AuthCallbackPage />, { route: `/auth/callback?${tokens}` });
    expect(await screen.findByRole('heading', { name: 'Sign in as Mallory Moe, mallory@example.com?' })).toBeInTheDocument();
    expect(asked).toEqual(['Bearer attacker-access']);
    // The tokens leave the address bar at once, and nothing is kept yet.
    expect(replaceUrl).toHaveBeenCalledWith('/auth/callback');
    expect(cookieNames()).toEqual([]);
    expect(reloadPage).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Yes, sign in' }));
    expect(getCookie('access_token')).toBe('attacker-access');
    expect(getCookie('refresh_token')).toBe('attacker-refresh');
    expect(reloadPage).toHaveBeenCalled();
  });

  it('with another tab’s or a made-up nonce, asks too', async () => {
    newSignInNonce();
    profileOfTheToken();
    renderWithProviders(<AuthCallbackPage />, { route: `/auth/callback?${tokens}&nonce=someone-elses-nonce-123` });
    expect(await screen.findByRole('heading', { name: 'Sign in as Mallory Moe, mallory@example.com?' })).toBeInTheDocument();
    expect(cookieNames()).toEqual([]);
    // This tab's own sign-in can still come back.
    expect(sessionStorage.getItem('breaktime.signInNonce')).not.toBeNull();
  });

  it('go back stores nothing', async () => {
    profileOfTheToken();
    const { user, router } = renderWithProviders(<AuthCallbackPage />, { route: `/auth/callback?${tokens}` });
    await user.click(await screen.findByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('heading', { name: /Sign in as/ })).not.toBeInTheDocument();
    expect(cookieNames()).toEqual([]);
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('keeps nothing when the account cannot be read', async () => {
    server.use(http.get(api('/user/profile'), () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 })));
    renderWithProviders(<AuthCallbackPage />, { route: `/auth/callback?${tokens}` });
    expect(await screen.findByText('Sign-in failed. Please try again.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Yes, sign in' })).not.toBeInTheDocument();
    expect(cookieNames()).toEqual([]);
  });

  it('shows a known error in the app’s language, and never the text of an unknown one', async () => {
    const first = renderWithProviders(<AuthCallbackPage />, {
      route: `/auth/callback?error=${encodeURIComponent('Sign-in with GitHub was cancelled.')}`,
    });
    expect(await screen.findByText('Sign-in with GitHub was cancelled.')).toBeInTheDocument();
    first.unmount();

    const lure = 'Your account is locked. Call +1 555 0100 to unlock it.';
    const second = renderWithProviders(<AuthCallbackPage />, { route: `/auth/callback?error=${encodeURIComponent(lure)}` });
    expect(await screen.findByText('Sign-in failed. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText(lure)).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('555 0100');
    second.unmount();
  });

  it('recognises the server’s German message and says it in the app’s language', async () => {
    await changeLanguage('de');
    try {
      const german = 'Diese Anmeldung ist abgelaufen. Bitte versuche es noch einmal.';
      renderWithProviders(<AuthCallbackPage />, { route: `/auth/callback?error=${encodeURIComponent(german)}` });
      expect(await screen.findByText(german)).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });
});
