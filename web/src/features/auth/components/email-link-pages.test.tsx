import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api, fail, heldResponse, http, ok, server } from '@/testing/server';
import { renderWithProviders } from '@/testing/test-utils';
import { ResetPasswordPage } from './reset-password-page';
import { VerifyNewEmailPage } from './verify-new-email-page';

describe('/verify-new-email', () => {
  it('verifies a sign-up link (kind=signup) through POST /user/verify-email, once', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(api('/user/verify-email'), async ({ request }) => {
        bodies.push(await request.json());
        return ok({ message: 'Your email is verified. You can now sign in.' });
      }),
    );
    renderWithProviders(<VerifyNewEmailPage />, { route: '/verify-new-email?token=signup-token&kind=signup' });
    expect(await screen.findByText('Your email is verified. You can now sign in.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(bodies).toEqual([{ token: 'signup-token' }]);
  });

  it('confirms a change of address through POST /user/verify-new-email', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(api('/user/verify-new-email'), async ({ request }) => {
        bodies.push(await request.json());
        return ok({ message: 'Your email address has been changed.', email: 'new@example.com' });
      }),
    );
    renderWithProviders(<VerifyNewEmailPage />, { route: '/verify-new-email?token=change-token' });
    expect(await screen.findByText('Your email address has been changed.')).toBeInTheDocument();
    expect(bodies).toEqual([{ token: 'change-token' }]);
  });

  it("shows the server's message for a used or expired link", async () => {
    server.use(http.post(api('/user/verify-email'), () => fail(400, 'This link has expired.')));
    renderWithProviders(<VerifyNewEmailPage />, { route: '/verify-new-email?token=old&kind=signup' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired.');
  });

  it('explains a link without a token', () => {
    renderWithProviders(<VerifyNewEmailPage />, { route: '/verify-new-email' });
    expect(screen.getByRole('alert')).toHaveTextContent('This link is invalid or has expired.');
  });
});

describe('/verify-reset-password', () => {
  it('checks the new password (6 to 20 characters) and that both entries match', async () => {
    const { user } = renderWithProviders(<ResetPasswordPage />, { route: '/verify-reset-password?token=t' });
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), '12345');
    await user.tab();
    expect(await screen.findByText('Password must be at least 6 characters long.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'x'.repeat(21));
    await user.tab();
    expect(await screen.findByText('Password must not exceed 20 characters.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'new-secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'other-secret');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
  });

  it("sends the token and the new password, reading 'Loading...' meanwhile", async () => {
    const bodies: unknown[] = [];
    const { hold, release } = heldResponse();
    server.use(
      http.post(api('/user/reset-password'), async ({ request }) => {
        bodies.push(await request.json());
        await hold();
        return ok({ message: 'Your password has been reset.' });
      }),
    );
    const { user } = renderWithProviders(<ResetPasswordPage />, { route: '/verify-reset-password?token=reset-token' });
    await user.type(screen.getByLabelText('New password'), 'new-secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Your password has been reset.')).toBeInTheDocument();
    expect(bodies).toEqual([{ token: 'reset-token', password: 'new-secret' }]);
  });

  it("shows the server's message when the link is no longer valid", async () => {
    server.use(http.post(api('/user/reset-password'), () => fail(400, 'This link has expired.')));
    const { user } = renderWithProviders(<ResetPasswordPage />, { route: '/verify-reset-password?token=old' });
    await user.type(screen.getByLabelText('New password'), 'new-secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('This link has expired.'));
  });
});
