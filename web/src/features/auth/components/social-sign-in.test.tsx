import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { assignUrl, reloadPage } from '@/lib/browser';
import { getCookie } from '@/lib/cookies';
import { api, http, HttpResponse, ok, server } from '@/testing/server';
import { renderWithProviders } from '@/testing/test-utils';
import { SocialSignIn } from './social-sign-in';

vi.mock('@/lib/browser', () => ({ reloadPage: vi.fn(), replaceUrl: vi.fn(), assignUrl: vi.fn() }));

const providersOn = (github: boolean, google: boolean) => server.use(http.get(api('/auth/providers'), () => ok({ github, google })));

describe('social sign-in', () => {
  beforeEach(() => providersOn(true, true));

  it('links to /auth/github and /auth/google on the main API host', async () => {
    renderWithProviders(<SocialSignIn />);
    expect(await screen.findByRole('link', { name: 'Continue with GitHub' })).toHaveAttribute('href', 'http://api.test/auth/github');
    expect(screen.getByRole('link', { name: 'Continue with Google' })).toHaveAttribute('href', 'http://api.test/auth/google');
  });

  it('follows the redirect to the provider, with a one-time nonce this tab keeps', async () => {
    const asked: string[] = [];
    server.use(
      http.get(api('/auth/google'), ({ request }) => {
        asked.push(request.url);
        return new HttpResponse(null, { status: 302, headers: { Location: 'https://accounts.example.com/o/oauth2' } });
      }),
    );
    const { user } = renderWithProviders(<SocialSignIn />);
    await user.click(await screen.findByRole('link', { name: 'Continue with Google' }));
    const nonce = sessionStorage.getItem('breaktime.signInNonce');
    expect(nonce).toMatch(/^[\w-]{32}$/);
    // The device's time zone goes along: an account this sign-in makes starts in it.
    const zone = encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone);
    await waitFor(() => expect(assignUrl).toHaveBeenCalledWith(`http://api.test/auth/google?nonce=${nonce}&timeZone=${zone}`));
    expect(asked).toEqual([`http://api.test/auth/google?nonce=${nonce}&timeZone=${zone}`]);
  });

  it("shows the server's message when the provider is not configured, without leaving the app", async () => {
    server.use(http.get(api('/auth/github'), () => HttpResponse.json({ message: 'GitHub sign-in is not configured.' }, { status: 404 })));
    const { user } = renderWithProviders(<SocialSignIn />);
    await user.click(await screen.findByRole('link', { name: 'Continue with GitHub' }));
    expect(await screen.findByRole('alertdialog', { name: 'Error' })).toHaveTextContent('GitHub sign-in is not configured.');
    expect(assignUrl).not.toHaveBeenCalled();
  });

  it('stores the cookies and reloads when the answer already carries tokens', async () => {
    server.use(http.get(api('/auth/github'), () => ok({ access_token: 'acc', refresh_token: 'ref', id: 'u1', name: 'Ada' })));
    const { user } = renderWithProviders(<SocialSignIn />);
    await user.click(await screen.findByRole('link', { name: 'Continue with GitHub' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalled());
    expect(getCookie('refresh_token')).toBe('ref');
    expect(getCookie('name')).toBe('Ada');
  });

  it("offers single sign-on with the server's button text, above the others", async () => {
    server.use(http.get(api('/auth/providers'), () => ok({ github: true, google: false, oidc: { label: 'Acme account' } })));
    renderWithProviders(<SocialSignIn />);
    const sso = await screen.findByRole('link', { name: 'Acme account' });
    expect(sso).toHaveAttribute('href', 'http://api.test/auth/oidc');
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Acme account', 'Continue with GitHub']);
  });

  it('offers single sign-on alone when it is the only way', async () => {
    server.use(http.get(api('/auth/providers'), () => ok({ github: false, google: false, oidc: { label: 'Company login' } })));
    renderWithProviders(<SocialSignIn />);
    expect(await screen.findByRole('link', { name: 'Company login' })).toBeInTheDocument();
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('offers only the providers the server has credentials for', async () => {
    providersOn(false, true);
    renderWithProviders(<SocialSignIn />);
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Continue with GitHub' })).not.toBeInTheDocument();
  });

  it('shows nothing when no provider is on, or when the server cannot say', async () => {
    providersOn(false, false);
    const { container, unmount } = renderWithProviders(<SocialSignIn />);
    await waitFor(() => expect(container).toBeEmptyDOMElement());
    unmount();
    server.use(http.get(api('/auth/providers'), () => HttpResponse.error()));
    const second = renderWithProviders(<SocialSignIn />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(second.container).toBeEmptyDOMElement();
    expect(screen.queryByText('or')).not.toBeInTheDocument();
  });
});
