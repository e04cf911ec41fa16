import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api, fail, heldResponse, http, HttpResponse, ok, server } from '@/testing/server';
import { renderWithProviders } from '@/testing/test-utils';
import { ForgotPasswordForm } from './forgot-password-form';

function renderForm() {
  return renderWithProviders(<ForgotPasswordForm onBack={() => undefined} />);
}

describe('forgot password', () => {
  it('does nothing with an empty email', async () => {
    const requests = vi.fn();
    server.use(http.post(api('/user/forgot-password'), () => (requests(), ok({}))));
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await user.type(screen.getByLabelText('Email'), '   ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(requests).not.toHaveBeenCalled();
  });

  it("reads 'Sending...' and is disabled in flight; a double submit sends once", async () => {
    const { hold, release } = heldResponse();
    const requests = vi.fn();
    server.use(
      http.post(api('/user/forgot-password'), async () => {
        requests();
        await hold();
        return ok({ message: 'ok' });
      }),
    );
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    const form = screen.getByRole('form', { name: 'Forgot password' });
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();

    const success = await screen.findByRole('alertdialog', { name: 'Success' });
    expect(success).toHaveTextContent('Password reset link has been sent to your email.');
    expect(requests).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
  });

  it('asks to resend verification for an account whose email is not active', async () => {
    server.use(
      http.post(api('/user/forgot-password'), () => fail(403, 'Email is not active. Verify it first.')),
      http.post(api('/user/resend-verification'), () => ok({ message: 'sent' })),
    );
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    const question = await screen.findByRole('alertdialog', { name: 'Email Not Active' });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it("shows 'Error' with the server's message, or 'An unexpected error occurred.'", async () => {
    server.use(http.post(api('/user/forgot-password'), () => fail(429, 'Too many requests. Please try again in 10 seconds.')));
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alertdialog', { name: 'Error' })).toHaveTextContent('Too many requests. Please try again in 10 seconds.');
    await user.click(screen.getByRole('button', { name: 'OK' }));

    server.use(http.post(api('/user/forgot-password'), () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alertdialog', { name: 'Error' })).toHaveTextContent('An unexpected error occurred.');
  });
});
