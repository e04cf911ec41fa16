import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api, http, ok, server } from '@/testing/server';
import { jwtValidFor } from '@/testing/jwt';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import type { Profile } from '../api/settings';
import { TimeZoneBanner } from './time-zone-banner';

const device = Intl.DateTimeFormat().resolvedOptions().timeZone;
// A zone that is surely not this device's.
const elsewhere = device === 'Pacific/Kiritimati' ? 'America/Adak' : 'Pacific/Kiritimati';

const profile: Profile = {
  id: 'u-ana',
  name: 'Ana Smith',
  email: 'ana@example.com',
  timeZone: elsewhere,
  teamId: 't1',
  role: 'member',
  pendingEmail: null,
  hasPassword: true,
  createdAt: '2025-01-01T00:00:00Z',
  language: 'en',
};

function serve(timeZone: string) {
  let current = { ...profile, timeZone };
  const puts: unknown[] = [];
  setCookies({ access_token: jwtValidFor(3_600_000), refresh_token: 'r', id: 'u-ana', name: 'Ana Smith', email: 'ana@example.com' });
  server.use(
    http.get(api('/user/profile'), () => ok(current)),
    http.put(api('/user/profile'), async ({ request }) => {
      const body = (await request.json()) as Partial<Profile>;
      puts.push(body);
      current = { ...current, ...body };
      return ok(current);
    }),
  );
  return puts;
}

const name = (zone: string) => zone.replace(/_/g, ' ');

describe('the time zone banner', () => {
  it("offers the device's zone when the account's differs, and saves it", async () => {
    const puts = serve(elsewhere);
    const { user, unmount } = renderWithProviders(<TimeZoneBanner />);
    const banner = await screen.findByRole('region', { name: 'Time zone' });
    expect(banner).toHaveTextContent(`Your account shows times in ${name(elsewhere)}, but this device is set to ${name(device)}.`);
    expect(screen.getByRole('button', { name: `Keep ${name(elsewhere)}` })).toBeVisible();
    await user.click(screen.getByRole('button', { name: `Use ${name(device)}` }));
    await waitFor(() => expect(puts).toEqual([{ timeZone: device }]));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Time zone' })).not.toBeInTheDocument());
    unmount();
  });

  it('asks once per device: keeping the account zone is remembered', async () => {
    const puts = serve(elsewhere);
    const first = renderWithProviders(<TimeZoneBanner />);
    await first.user.click(await screen.findByRole('button', { name: `Keep ${name(elsewhere)}` }));
    expect(screen.queryByRole('region', { name: 'Time zone' })).not.toBeInTheDocument();
    first.unmount();
    renderWithProviders(<TimeZoneBanner />);
    // The profile is read, and still nothing is asked.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('region', { name: 'Time zone' })).not.toBeInTheDocument();
    expect(puts).toEqual([]);
  });

  it("says nothing when the account's zone is the device's", async () => {
    serve(device);
    renderWithProviders(<TimeZoneBanner />);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('region', { name: 'Time zone' })).not.toBeInTheDocument();
  });
});
