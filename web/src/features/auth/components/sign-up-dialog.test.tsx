import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api, fail, heldResponse, http, ok, server } from '@/testing/server';
import { renderWithProviders } from '@/testing/test-utils';
import { SignUpDialog } from './sign-up-dialog';

function renderDialog(onClose = vi.fn()) {
  return { onClose, ...renderWithProviders(<SignUpDialog onClose={onClose} onSignIn={() => undefined} />) };
}

describe('sign-up dialog', () => {
  it('checks the name on blur: required, at least 3, at most 60', async () => {
    const { user } = renderDialog();
    const name = screen.getByLabelText('Name');
    await user.click(name);
    await user.tab();
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    await user.type(name, 'Al');
    await user.tab();
    expect(await screen.findByText('Name must be at least 3 characters long.')).toBeInTheDocument();
    name.removeAttribute('maxlength');
    await user.clear(name);
    await user.type(name, 'x'.repeat(61));
    await user.tab();
    expect(await screen.findByText('Name must not exceed 60 characters.')).toBeInTheDocument();
  });

  it('checks the email and the password with the exact messages and input limits', async () => {
    const { user } = renderDialog();
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    expect(email).toHaveAttribute('maxlength', '70');
    expect(password).toHaveAttribute('maxlength', '50');

    await user.click(email);
    await user.tab();
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    await user.type(email, 'ada@');
    await user.tab();
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();

    await user.click(password);
    await user.tab();
    expect(await screen.findByText('Password is required.')).toBeInTheDocument();
    await user.type(password, '12345');
    await user.tab();
    expect(await screen.findByText('Password must be at least 6 characters long.')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, '123456789012345678901');
    await user.tab();
    expect(await screen.findByText('Password must not exceed 20 characters.')).toBeInTheDocument();
  });

  it("reads 'Loading...' and is disabled in flight; on success closes and names the address in 'Verification email sent!'", async () => {
    const { hold, release } = heldResponse();
    const bodies: unknown[] = [];
    server.use(
      http.post(api('/user/signup'), async ({ request }) => {
        bodies.push(await request.json());
        await hold();
        return ok({ message: 'Verification email sent', email: 'ada@example.com' }, 201);
      }),
    );
    const { user, onClose } = renderDialog();
    await user.type(screen.getByLabelText('Name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    release();

    const alert = await screen.findByRole('alertdialog', { name: 'Verification email sent!' });
    expect(alert).toHaveTextContent('ada@example.com');
    expect(onClose).toHaveBeenCalled();
    // The account starts in this device's time zone.
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(bodies).toEqual([{ name: 'Ada Lovelace', email: 'ada@example.com', password: 'secret12', timeZone }]);
  });

  it("shows the server's message under the form on failure", async () => {
    server.use(http.post(api('/user/signup'), () => fail(409, 'An account with this email already exists.')));
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists.');
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeEnabled();
  });

  it('opens the Terms and Conditions, effective 08/20/2024, with its ten sections', async () => {
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Terms and Conditions' }));
    const terms = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    expect(terms).toHaveTextContent('Effective date: 08/20/2024');
    const headings = within(terms)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(headings).toEqual([
      '1. Introduction',
      '2. Definitions',
      '3. User Obligations',
      '4. Intellectual Property',
      '5. User-Generated Content',
      '6. Privacy Policy',
      '7. Limitation of Liability',
      '8. Termination',
      '9. Changes to Terms',
      '10. Contact Information',
    ]);
    await user.click(within(terms).getByRole('button', { name: 'Close' }));
    // The sign-up form keeps what was typed.
    expect(screen.getByLabelText('Name')).toHaveValue('Ada');
  });
});
