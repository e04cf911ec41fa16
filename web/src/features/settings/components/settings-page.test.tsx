import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { reloadPage, replaceUrl } from '@/lib/browser';
import { getCookie } from '@/lib/cookies';
import { changeLanguage } from '@/lib/i18n';
import { api, fail, http, ok, server } from '@/testing/server';
import { jwtValidFor } from '@/testing/jwt';
import { cookieNames, renderWithProviders, setCookies } from '@/testing/test-utils';
import type { Profile } from '../api/settings';
import { browserTimeZone } from '../utils/time-zones';
import { SettingsPage } from './settings-page';

vi.mock('@/lib/browser', () => ({ reloadPage: vi.fn(), replaceUrl: vi.fn(), assignUrl: vi.fn() }));

const profile: Profile = {
  id: 'u-ana',
  name: 'Ana Smith',
  email: 'ana@example.com',
  timeZone: 'UTC',
  teamId: 't1',
  role: 'admin',
  pendingEmail: null,
  hasPassword: true,
  createdAt: '2025-01-01T00:00:00Z',
  language: 'en',
};

function signIn() {
  setCookies({ access_token: jwtValidFor(3_600_000), refresh_token: 'refresh-old', id: 'u-ana', name: 'Ana Smith', email: 'ana@example.com' });
}

function serve(overrides: Partial<Profile> = {}, types = ['Lunch Break', 'Coffee Break']) {
  let current = { ...profile, ...overrides };
  let typeList = types;
  const puts: unknown[] = [];
  server.use(
    http.get(api('/user/profile'), () => ok(current)),
    http.put(api('/user/profile'), async ({ request }) => {
      const body = (await request.json()) as Partial<Profile>;
      puts.push(body);
      current = { ...current, ...body };
      return ok(current);
    }),
    http.get(api('/type/get'), () => ok([{ type: typeList }])),
    http.put(api('/type/edit'), async ({ request }) => {
      const body = (await request.json()) as { type: string[] };
      puts.push(body);
      typeList = body.type;
      return ok([{ type: typeList }]);
    }),
  );
  return puts;
}

describe('Profile', () => {
  it('switches the app to the chosen language and saves it on the account', async () => {
    signIn();
    const puts = serve();
    const { user } = renderWithProviders(<SettingsPage />);
    await user.selectOptions(await screen.findByLabelText('Language'), 'de');
    await waitFor(() => expect(puts).toContainEqual({ language: 'de' }));
    expect(document.documentElement.lang).toBe('de');
    expect(await screen.findByLabelText('Sprache')).toHaveValue('de');
    await changeLanguage('en');
  });

  it('signed out, offers to sign in', () => {
    renderWithProviders(<SettingsPage />);
    expect(screen.getByText('Sign in to see and change your profile.')).toBeInTheDocument();
  });

  it('saves the name and the time zone, and the navbar name follows', async () => {
    signIn();
    const puts = serve();
    const { user } = renderWithProviders(<SettingsPage />);
    const form = await screen.findByRole('form', { name: 'Profile' });
    const name = within(form).getByLabelText('Name');
    expect(name).toHaveValue('Ana Smith');
    expect(within(form).getByRole('button', { name: 'Save profile' })).toBeDisabled();

    await user.clear(name);
    await user.type(name, 'Al');
    await user.tab();
    expect(await within(form).findByText('Name must be at least 3 characters long.')).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'Ana Jones');
    await user.selectOptions(within(form).getByLabelText('Time zone'), 'Asia/Tokyo');
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile has been updated.')).toBeInTheDocument();
    expect(puts).toEqual([{ name: 'Ana Jones', timeZone: 'Asia/Tokyo' }]);
    expect(getCookie('name')).toBe('Ana Jones');
  });

  it("suggests the browser's own time zone when the profile has another", async () => {
    signIn();
    const zone = browserTimeZone();
    const puts = serve({ timeZone: zone === 'Asia/Tokyo' ? 'Europe/Paris' : 'Asia/Tokyo' });
    const { user } = renderWithProviders(<SettingsPage />);
    const form = await screen.findByRole('form', { name: 'Profile' });
    await user.click(within(form).getByRole('button', { name: 'Use this time zone' }));
    expect(within(form).getByLabelText('Time zone')).toHaveValue(zone);
    expect(within(form).queryByRole('button', { name: 'Use this time zone' })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(puts).toEqual([{ name: 'Ana Smith', timeZone: zone }]));
  });

  it("shows the server's field message for an unknown zone", async () => {
    signIn();
    serve();
    server.use(http.put(api('/user/profile'), () => fail(422, 'Unknown time zone.', { timeZone: 'Unknown time zone.' })));
    const { user } = renderWithProviders(<SettingsPage />);
    const form = await screen.findByRole('form', { name: 'Profile' });
    await user.selectOptions(within(form).getByLabelText('Time zone'), 'Europe/Paris');
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await within(form).findByText('Unknown time zone.')).toBeInTheDocument();
  });
});

describe('Email change', () => {
  it('mails a link to the new address and says so', async () => {
    signIn();
    serve();
    const bodies: unknown[] = [];
    server.use(
      http.post(api('/user/change-email'), async ({ request }) => {
        bodies.push(await request.json());
        return ok({ message: 'A verification link has been sent to new@example.com.', email: 'new@example.com' });
      }),
    );
    const { user } = renderWithProviders(<SettingsPage />);
    const form = await screen.findByRole('form', { name: 'Change email' });
    await user.type(within(form).getByLabelText('New email'), 'ana@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send verification link' }));
    expect(await within(form).findByText('This is already your email address.')).toBeInTheDocument();

    await user.clear(within(form).getByLabelText('New email'));
    await user.type(within(form).getByLabelText('New email'), 'new@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send verification link' }));
    // An access token alone moves no account: the current password is asked for.
    expect(await within(form).findByText('Current password is required.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await user.type(within(form).getByLabelText('Current password'), 'my-secret-1');
    await user.click(within(form).getByRole('button', { name: 'Send verification link' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('A verification link has been sent to new@example.com.');
    expect(bodies).toEqual([{ email: 'new@example.com', currentPassword: 'my-secret-1' }]);
  });

  it("shows the server's word on a wrong current password under its field", async () => {
    signIn();
    serve();
    server.use(http.post(api('/user/change-email'), () => fail(422, 'Validation failed.', { currentPassword: 'Current password is incorrect.' })));
    const { user } = renderWithProviders(<SettingsPage />);
    const form = await screen.findByRole('form', { name: 'Change email' });
    await user.type(within(form).getByLabelText('New email'), 'new@example.com');
    await user.type(within(form).getByLabelText('Current password'), 'wrong-one-1');
    await user.click(within(form).getByRole('button', { name: 'Send verification link' }));
    expect(await within(form).findByText('Current password is incorrect.')).toBeInTheDocument();
  });

  it('shows a pending change', async () => {
    signIn();
    serve({ pendingEmail: 'later@example.com' });
    renderWithProviders(<SettingsPage />);
    expect(await screen.findByText('later@example.com')).toBeInTheDocument();
  });

  it('says when the address is taken', async () => {
    signIn();
    serve();
    server.use(http.post(api('/user/change-email'), () => fail(409, 'An account with this email already exists.')));
    const { user } = renderWithProviders(<SettingsPage />);
    const form = await screen.findByRole('form', { name: 'Change email' });
    await user.type(within(form).getByLabelText('New email'), 'taken@example.com');
    await user.type(within(form).getByLabelText('Current password'), 'my-secret-1');
    await user.click(within(form).getByRole('button', { name: 'Send verification link' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('An account with this email already exists.');
  });
});

describe('Password change', () => {
  it('checks the fields, then keeps this sign-in with the fresh tokens', async () => {
    signIn();
    serve();
    const bodies: unknown[] = [];
    const fresh = jwtValidFor(7_200_000);
    server.use(
      http.post(api('/user/change-password'), async ({ request }) => {
        bodies.push(await request.json());
        return ok({ message: 'Your password has been changed.', access_token: fresh, refresh_token: 'refresh-new' });
      }),
    );
    const { user } = renderWithProviders(<SettingsPage />);
    const form = await screen.findByRole('form', { name: 'Change password' });
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Current password is required.')).toBeInTheDocument();
    expect(within(form).getByText('Password is required.')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Current password'), 'old-pass1');
    await user.type(within(form).getByLabelText('New password'), 'abc');
    await user.type(within(form).getByLabelText('Confirm new password'), 'abd');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Password must be at least 6 characters long.')).toBeInTheDocument();

    await user.clear(within(form).getByLabelText('New password'));
    await user.type(within(form).getByLabelText('New password'), 'new-pass1');
    await user.clear(within(form).getByLabelText('Confirm new password'));
    await user.type(within(form).getByLabelText('Confirm new password'), 'new-pass2');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('The passwords do not match.')).toBeInTheDocument();

    await user.clear(within(form).getByLabelText('Confirm new password'));
    await user.type(within(form).getByLabelText('Confirm new password'), 'new-pass1');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(bodies).toEqual([{ currentPassword: 'old-pass1', password: 'new-pass1' }]);
    expect(getCookie('access_token')).toBe(fresh);
    expect(getCookie('refresh_token')).toBe('refresh-new');
    expect(getCookie('name')).toBe('Ana Smith');
    expect(within(form).getByLabelText('Current password')).toHaveValue('');
  });

  it('shows a wrong current password under its field', async () => {
    signIn();
    serve();
    server.use(
      http.post(api('/user/change-password'), () => fail(422, 'Current password is incorrect.', { currentPassword: 'Current password is incorrect.' })),
    );
    const { user } = renderWithProviders(<SettingsPage />);
    const form = await screen.findByRole('form', { name: 'Change password' });
    await user.type(within(form).getByLabelText('Current password'), 'wrong-pass');
    await user.type(within(form).getByLabelText('New password'), 'new-pass1');
    await user.type(within(form).getByLabelText('Confirm new password'), 'new-pass1');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Current password is incorrect.')).toBeInTheDocument();
    expect(getCookie('refresh_token')).toBe('refresh-old');
  });

  it('a social account sets a password without a current one', async () => {
    signIn();
    serve({ hasPassword: false });
    renderWithProviders(<SettingsPage />);
    const form = await screen.findByRole('form', { name: 'Change password' });
    expect(within(form).queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Set password' })).toBeInTheDocument();
  });
});

describe('Break types', () => {
  it('an admin adds and removes types, then saves the list', async () => {
    signIn();
    const puts = serve();
    const { user } = renderWithProviders(<SettingsPage />);
    const list = await screen.findByRole('list', { name: 'Break types' });
    // The list is drawn first and filled when the team's types arrive: on a busy machine, after the list was found.
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Lunch Break', 'Coffee Break']),
    );

    const add = screen.getByRole('form', { name: 'Add a break type' });
    await user.type(within(add).getByLabelText('New break type'), 'coffee break');
    await user.click(within(add).getByRole('button', { name: 'Add' }));
    expect(within(add).getByText('This break type is already in the list.')).toBeInTheDocument();

    await user.clear(within(add).getByLabelText('New break type'));
    await user.type(within(add).getByLabelText('New break type'), 'Prayer');
    await user.click(within(add).getByRole('button', { name: 'Add' }));
    await user.click(screen.getByRole('button', { name: 'Remove Lunch Break' }));
    await user.click(screen.getByRole('button', { name: 'Save break types' }));
    expect(await screen.findByText('The break types have been updated.')).toBeInTheDocument();
    expect(puts).toEqual([{ type: ['Coffee Break', 'Prayer'] }]);
  });

  it('others see the list without controls', async () => {
    signIn();
    serve({ role: 'member' });
    renderWithProviders(<SettingsPage />);
    expect(await screen.findByText('Only team admins can change the break types.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save break types' })).not.toBeInTheDocument();
  });
});

describe('Delete account', () => {
  it('asks for the password and a confirmation, then signs out and reloads', async () => {
    signIn();
    serve();
    const bodies: unknown[] = [];
    server.use(
      http.delete(api('/user/delete-account'), async ({ request }) => {
        bodies.push(await request.json());
        return ok({ message: 'Your account has been deleted.' });
      }),
    );
    const { user } = renderWithProviders(<SettingsPage />);
    const form = await screen.findByRole('form', { name: 'Delete account' });
    await user.click(within(form).getByRole('button', { name: 'Delete my account' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Password is required.');

    await user.type(within(form).getByLabelText('Password'), 'first-pass1');
    await user.click(within(form).getByRole('button', { name: 'Delete my account' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete your account?' })).getByRole('button', { name: 'No, cancel!' }));
    expect(bodies).toEqual([]);

    await user.click(within(form).getByRole('button', { name: 'Delete my account' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete your account?' })).getByRole('button', { name: 'Yes, delete my account' }));
    const done = await screen.findByRole('alertdialog', { name: 'Account deleted' });
    expect(bodies).toEqual([{ password: 'first-pass1' }]);
    expect(cookieNames().filter((name) => ['access_token', 'refresh_token', 'id', 'name', 'email'].includes(name))).toEqual([]);
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalled());
    expect(replaceUrl).toHaveBeenCalledWith('/');
  });

  it("keeps the account and shows the server's reason", async () => {
    signIn();
    serve();
    server.use(http.delete(api('/user/delete-account'), () => fail(409, 'Make another member admin before deleting your account.')));
    const { user } = renderWithProviders(<SettingsPage />);
    const form = await screen.findByRole('form', { name: 'Delete account' });
    await user.type(within(form).getByLabelText('Password'), 'first-pass1');
    await user.click(within(form).getByRole('button', { name: 'Delete my account' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete your account?' })).getByRole('button', { name: 'Yes, delete my account' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Make another member admin before deleting your account.');
    expect(getCookie('refresh_token')).toBe('refresh-old');
    expect(reloadPage).not.toHaveBeenCalled();
  });
});
