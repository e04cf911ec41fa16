import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeJwt } from '@/testing/jwt';
import { api, http, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import { SsoSection } from './sso-section';

const signIn = () =>
  setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' });

/** Keeps the setting in memory, as the server does. */
function ssoServer(available: boolean, required = false) {
  let setting = { required, available };
  const puts: unknown[] = [];
  server.use(
    http.get(api('/admin/sso'), () => ok(setting)),
    http.put(api('/admin/sso'), async ({ request }) => {
      const body = (await request.json()) as { required: boolean };
      puts.push(body);
      setting = { ...setting, required: body.required };
      return ok(setting);
    }),
  );
  return puts;
}

describe('single sign-on section', () => {
  it('turns the requirement on and off', async () => {
    signIn();
    const puts = ssoServer(true);
    const { user } = renderWithProviders(<SsoSection />);
    const box = await screen.findByRole('checkbox', { name: 'Require single sign-on for members' });
    expect(box).not.toBeChecked();
    await user.click(box);
    await waitFor(() => expect(box).toBeChecked());
    expect(puts).toEqual([{ required: true }]);
    expect(await screen.findByText('Members now sign in with single sign-on.')).toBeInTheDocument();
    await user.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
    expect(puts).toEqual([{ required: true }, { required: false }]);
  });

  it('says when the server has no single sign-on, and offers nothing to turn on', async () => {
    signIn();
    ssoServer(false);
    renderWithProviders(<SsoSection />);
    expect(await screen.findByRole('checkbox', { name: 'Require single sign-on for members' })).toBeDisabled();
    expect(screen.getByText(/not set up on this server yet/)).toBeInTheDocument();
  });
});
