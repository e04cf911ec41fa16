import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { reloadPage } from '@/lib/browser';
import { getCookie } from '@/lib/cookies';
import { api, fail, heldResponse, http, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import { SignInForm } from './sign-in-form';

vi.mock('@/lib/browser', () => ({ reloadPage: vi.fn(), replaceUrl: vi.fn(), assignUrl: vi.fn() }));

const loginAnswer = { name: 'Ada', id: 'u1', email: 'ada@example.com', access_token: 'a.b.c', refresh_token: 'refresh-1' };

function renderForm() {
  return renderWithProviders(<SignInForm onForgotPassword={() => undefined} onSignUp={() => undefined} />);
}

describe('sign-in form', () => {
  it('checks each field on blur with the exact messages', async () => {
    const { user } = renderForm();
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');

    await user.click(email);
    await user.tab();
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();

    await user.type(email, 'not-an-email');
    await user.tab();
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();

    await user.click(password);
    await user.tab();
    expect(await screen.findByText('Password is required.')).toBeInTheDocument();

    await user.type(password, '1234');
    await user.tab();
    expect(await screen.findByText('Password must be at least 5 characters long.')).toBeInTheDocument();
  });

  it('checks on submit and sends nothing while a field is empty', async () => {
    const requests = vi.fn();
    server.use(http.post(api('/auth/login'), () => (requests(), ok(loginAnswer))));
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(requests).not.toHaveBeenCalled();
  });

  it("reads 'Loading...' while signing in, stores the session cookies and reloads about 100 ms later", async () => {
    const { hold, release } = heldResponse();
    server.use(
      http.post(api('/auth/login'), async ({ request }) => {
        expect(await request.json()).toEqual({ email: 'ada@example.com', password: 'secret1' });
        await hold();
        return ok(loginAnswer);
      }),
    );
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const busy = await screen.findByRole('button', { name: 'Loading...' });
    expect(busy).toBeDisabled();
    release();

    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(getCookie('access_token')).toBe('a.b.c');
    expect(getCookie('refresh_token')).toBe('refresh-1');
    expect(getCookie('id')).toBe('u1');
    expect(getCookie('name')).toBe('Ada');
    expect(getCookie('email')).toBe('ada@example.com');
  });

  it("shows the server's message under the form and returns to 'Sign in' on failure", async () => {
    server.use(http.post(api('/auth/login'), () => fail(401, 'Invalid email or password.')));
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('remember me keeps the email in the rememberMe cookie and restores it next time', async () => {
    server.use(http.post(api('/auth/login'), () => ok(loginAnswer)));
    const first = renderForm();
    await first.user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await first.user.type(screen.getByLabelText('Password'), 'secret1');
    await first.user.click(screen.getByLabelText('Remember me'));
    await first.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(getCookie('rememberMe')).toBeDefined());
    first.unmount();

    renderForm();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Remember me')).toBeChecked();
  });

  it('starts empty without a remembered email', () => {
    setCookies({ rememberMe: 'garbage' });
    renderForm();
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Remember me')).not.toBeChecked();
  });

  it('offers to resend the verification email when the account is not active', async () => {
    const resent: unknown[] = [];
    server.use(
      http.post(api('/auth/login'), () => fail(403, 'Email is not active. Please verify your email first.')),
      http.post(api('/user/resend-verification'), async ({ request }) => {
        resent.push(await request.json());
        return ok({ message: 'sent' });
      }),
    );
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const question = await screen.findByRole('alertdialog', { name: 'Email Not Active' });
    expect(question).toHaveTextContent('Your email is not active. Do you want to resend the verification email?');
    expect(within(question).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Resend Email' }));

    expect(await screen.findByText('Verification email has been resent.')).toBeInTheDocument();
    expect(resent).toEqual([{ email: 'new@example.com' }]);
  });

  it("reports a failed resend with the server's message, or 'Failed to resend verification email.'", async () => {
    server.use(
      http.post(api('/auth/login'), () => fail(403, 'Email is not active')),
      http.post(api('/user/resend-verification'), () => fail(429, 'Too many requests. Please try again in 30 seconds.')),
    );
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.click(await screen.findByRole('button', { name: 'Resend Email' }));
    const error = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(error).toHaveTextContent('Too many requests. Please try again in 30 seconds.');
  });
});
