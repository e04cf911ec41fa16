import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDialogs } from '@/lib/dialogs';
import { takeReturnPath } from '@/lib/return-path';
import { useTeamRole } from '@/lib/team-role';
import { storeLogin } from '@/lib/session';
import { api, fail, heldResponse, http, ok, server } from '@/testing/server';
import { fakeJwt } from '@/testing/jwt';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import { ACCEPT_AFTER_SIGN_IN_MS, AcceptInvitationPage } from './accept-invitation-page';

function Role() {
  const { role } = useTeamRole();
  return <output aria-label="role">{role ?? 'unknown'}</output>;
}

function Prefill() {
  const { prefill } = useDialogs();
  return <output aria-label="prefill">{JSON.stringify(prefill)}</output>;
}

function ActiveDialog() {
  const { active } = useDialogs();
  return <output aria-label="active dialog">{active ?? 'none'}</output>;
}

describe('/accept-email-invitation', () => {
  it('signed in, accepts the invitation with the token', async () => {
    setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r' });
    const bodies: unknown[] = [];
    server.use(
      http.post(api('/admin/accept-email-invitation'), async ({ request }) => {
        expect(request.headers.get('authorization')).toMatch(/^Bearer /);
        bodies.push(await request.json());
        return ok({ message: 'You joined the team.', teamId: 't1' });
      }),
    );
    renderWithProviders(<AcceptInvitationPage />, { route: '/accept-email-invitation?token=invite-1' });
    expect(await screen.findByText('You joined the team.')).toBeInTheDocument();
    // The browser's zone goes along: an account still in UTC moves to it.
    expect(bodies).toEqual([{ token: 'invite-1', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }]);
  });

  it('signed out, an address with an account: says whom it is for, opens sign-in with it and keeps the link', async () => {
    server.use(
      http.post(api('/admin/invitation-preview'), () => ok({ email: 'ben@example.com', teamName: "Ana's team", role: 'member', accountExists: true })),
    );
    renderWithProviders(
      <>
        <AcceptInvitationPage />
        <ActiveDialog />
        <Prefill />
      </>,
      { route: '/accept-email-invitation?token=invite-2' },
    );
    expect(await screen.findByText(/Sign in as/)).toHaveTextContent("You have been invited to join Ana's team as a member. Sign in as ben@example.com");
    expect(await screen.findByLabelText('active dialog')).toHaveTextContent('signIn');
    expect(screen.getByLabelText('prefill')).toHaveTextContent('{"email":"ben@example.com"}');
    expect(takeReturnPath()).toBe('/accept-email-invitation?token=invite-2');
  });

  it('signed out, a new address: opens sign-up with it and the invitation, to join once verified', async () => {
    server.use(http.post(api('/admin/invitation-preview'), () => ok({ email: 'nell@example.com', teamName: "Ana's team", role: 'hr', accountExists: false })));
    renderWithProviders(
      <>
        <AcceptInvitationPage />
        <ActiveDialog />
        <Prefill />
      </>,
      { route: '/accept-email-invitation?token=invite-5' },
    );
    expect(await screen.findByText(/Sign up with/)).toHaveTextContent('once you follow the verification link we mail you, you are in the team');
    await waitFor(() => expect(screen.getByLabelText('active dialog')).toHaveTextContent('signUp'));
    expect(screen.getByLabelText('prefill')).toHaveTextContent('{"email":"nell@example.com","invitation":"invite-5"}');
  });

  it('signed out, a link that no longer works says so', async () => {
    server.use(http.post(api('/admin/invitation-preview'), () => fail(400, 'This invitation has expired. Please ask for a new one.')));
    renderWithProviders(<AcceptInvitationPage />, { route: '/accept-email-invitation?token=invite-6' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation has expired. Please ask for a new one.');
  });

  it('after a sign-in on the page, waits for the reload that follows instead of spending the token at once', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(api('/admin/accept-email-invitation'), async ({ request }) => {
        bodies.push(await request.json());
        return ok({ message: 'You have joined Ana’s team.', teamId: 't1' });
      }),
      http.post(api('/admin/invitation-preview'), () => ok({ email: 'ben@example.com', teamName: "Ana's team", role: 'member', accountExists: true })),
    );
    renderWithProviders(<AcceptInvitationPage />, { route: '/accept-email-invitation?token=invite-3' });
    act(() => storeLogin({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r', id: 'u1', name: 'Ben' }));
    expect(await screen.findByText('Accepting the invitation…')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, ACCEPT_AFTER_SIGN_IN_MS / 3));
    expect(bodies).toEqual([]);
    // No reload came: the page accepts by itself.
    expect(await screen.findByText('You have joined Ana’s team.', undefined, { timeout: ACCEPT_AFTER_SIGN_IN_MS + 3000 })).toBeInTheDocument();
    expect(bodies).toEqual([{ token: 'invite-3', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }]);
  });

  it('reloads the role: the admin of a team of one joins as the invitation says', async () => {
    setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r' });
    let role = 'admin';
    const { hold, release } = heldResponse();
    server.use(
      http.get(api('/user/profile'), () => ok({ role })),
      http.post(api('/admin/accept-email-invitation'), async () => {
        await hold();
        role = 'member';
        return ok({ message: 'You joined the team.', teamId: 't1' });
      }),
    );
    renderWithProviders(
      <>
        <Role />
        <AcceptInvitationPage />
      </>,
      { route: '/accept-email-invitation?token=invite-4' },
    );
    await waitFor(() => expect(screen.getByLabelText('role')).toHaveTextContent('admin'));
    release();
    expect(await screen.findByText('You joined the team.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('role')).toHaveTextContent('member'));
  });
});
