import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { reloadPage, replaceUrl } from '@/lib/browser';
import { getCookie } from '@/lib/cookies';
import { changeLanguage } from '@/lib/i18n';
import { PREFERENCES_KEY } from '@/lib/preferences';
import { api, http, ok, server } from '@/testing/server';
import { fakeJwt } from '@/testing/jwt';
import { cookieNames, renderRoutes, setCookies } from '@/testing/test-utils';
import { routes } from './router';

vi.mock('@/lib/browser', () => ({ reloadPage: vi.fn(), replaceUrl: vi.fn(), assignUrl: vi.fn() }));

const signIn = () =>
  setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' });

const sidebar = () => screen.getByRole('complementary', { name: 'Side navigation' });

const profile = (role: 'admin' | 'hr' | 'member') =>
  http.get(api('/user/profile'), () =>
    ok({ id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', role, teamId: 't1', timeZone: 'UTC', hasPassword: true, createdAt: '' }),
  );

describe('routes', () => {
  it('sends / to /breaks, the Dashboard, with the breadcrumb Pages / page name', async () => {
    const { router } = renderRoutes(routes, '/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/breaks');
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(breadcrumb).toHaveTextContent('Pages/Dashboard');
  });

  it('welcomes a visitor on the Dashboard with Sign up and Sign in, opening their dialogs', async () => {
    const { user } = renderRoutes(routes, '/breaks');
    const main = within(screen.getByRole('main'));
    expect(await main.findByRole('heading', { name: 'Welcome to Breaktime' })).toBeInTheDocument();
    expect(main.queryByRole('button', { name: 'Add break' })).not.toBeInTheDocument();
    await user.click(main.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('dialog', { name: 'Sign Up' })).toBeInTheDocument();
  });

  it('shows a signed-in user the Dashboard itself, not the welcome', async () => {
    signIn();
    server.use(
      http.get(api('/break/todayBreaks'), () => ok([])),
      http.get(api('/break/current'), () => ok(null)),
      http.get(api('/type/get'), () => ok([{ type: ['Coffee Break'] }])),
      http.get(api('/admin/get-count'), () => ok(1)),
      profile('member'),
    );
    renderRoutes(routes, '/breaks');
    expect(await screen.findByRole('heading', { name: "Today's breaks" })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome to Breaktime' })).not.toBeInTheDocument();
  });

  it('sends any other path (including /login) to / and on to /breaks', async () => {
    for (const path of ['/login', '/no/such/page']) {
      const { router, unmount } = renderRoutes(routes, path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/breaks'));
      unmount();
    }
  });

  it('serves the FAQ at /faq and both aliases', async () => {
    for (const path of ['/faq', '/breaktime-faq', '/breaktime-frequently-asked-questions']) {
      const { unmount } = renderRoutes(routes, path);
      expect(await screen.findByRole('heading', { name: 'Frequently asked questions' })).toBeInTheDocument();
      unmount();
    }
  });

  it('has a placeholder page for every record screen', async () => {
    const titles: Record<string, string> = {
      '/tasks': 'Tasks',
      '/archives': 'Archives | Reports',
      '/leaves': 'Leaves',
      '/calendar': 'Team calendar',
      '/meetings': 'Meetings',
      '/administrators': 'Team Members',
      '/on-breaks': 'Currently on break',
      '/on-leaves': "Today's absentees",
      '/settings': 'Profile',
    };
    for (const [path, title] of Object.entries(titles)) {
      const { unmount } = renderRoutes(routes, path);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      unmount();
    }
  });

  it('blocks navigating to a verify page from the same path', async () => {
    server.use(http.post(api('/user/verify-new-email'), () => ok({ message: 'Email changed', email: 'new@example.com' })));
    const { router } = renderRoutes(routes, '/verify-new-email?token=t1');
    await screen.findByText('Email changed');
    await act(() => router.navigate('/verify-new-email?token=t2'));
    expect(router.state.location.search).toBe('?token=t1');
    await act(() => router.navigate('/about'));
    expect(router.state.location.pathname).toBe('/about');
  });
});

describe('navigation when signed out', () => {
  it('shows every link, the team group, Sign in / Sign Up, and no Profile', async () => {
    renderRoutes(routes, '/breaks');
    const nav = within(sidebar());
    for (const name of ['Dashboard', 'Tasks', 'Archives | Reports', 'Leaves', 'Meetings', 'Team Members', 'Currently on break', "Today's absentees"]) {
      expect(nav.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
    // 'Admin | HR' heads the group for admins and HR only.
    expect(nav.getByRole('list', { name: 'Team' })).toBeInTheDocument();
    expect(nav.queryByText('MANAGEMENT | Admin | HR')).not.toBeInTheDocument();
    expect(nav.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(nav.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Team calendar' })).not.toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Sign In');
  });

  it("opens Contact Us from 'Support | Feedback'", async () => {
    const { user } = renderRoutes(routes, '/breaks');
    await user.click(within(sidebar()).getByRole('button', { name: 'Support | Feedback' }));
    expect(await screen.findByRole('dialog', { name: 'Contact Us' })).toBeInTheDocument();
  });

  it('switches between the sign-in and sign-up dialogs, and to Forgot Password', async () => {
    const { user } = renderRoutes(routes, '/breaks');
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Sign In' }));
    const signInDialog = await screen.findByRole('dialog', { name: 'Sign In' });
    await user.click(within(signInDialog).getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByRole('dialog', { name: 'Forgot Password' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Sign In' })).getByRole('button', { name: 'Sign up' }));
    const signUpDialog = await screen.findByRole('dialog', { name: 'Sign Up' });
    await user.click(within(signUpDialog).getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('points the social sign-in buttons at the main API host', async () => {
    server.use(http.get(api('/auth/providers'), () => ok({ github: true, google: true })));
    const { user } = renderRoutes(routes, '/breaks');
    await user.click(within(sidebar()).getByRole('button', { name: 'Sign in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign In' });
    expect(await within(dialog).findByRole('link', { name: 'Continue with GitHub' })).toHaveAttribute('href', 'http://api.test/auth/github');
    expect(within(dialog).getByRole('link', { name: 'Continue with Google' })).toHaveAttribute('href', 'http://api.test/auth/google');
  });

  it('collapses the sidebar after a link is followed on a narrow window', async () => {
    window.innerWidth = 390;
    const { user, router } = renderRoutes(routes, '/breaks');
    expect(document.getElementById('sidebar')).not.toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Toggle side navigation' }));
    await user.click(within(sidebar()).getByRole('link', { name: 'Tasks' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tasks'));
    expect(document.getElementById('sidebar')).not.toBeVisible();
  });
});

describe('navigation when signed in', () => {
  it("shows the user's name, Profile and 'Team Members (N)' from /admin/get-count", async () => {
    signIn();
    server.use(
      http.get(api('/admin/get-count'), () => ok(7)),
      profile('member'),
    );
    renderRoutes(routes, '/breaks');
    expect(await within(sidebar()).findByRole('link', { name: 'Team Members (7)' })).toBeInTheDocument();
    expect(within(sidebar()).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/settings');
    expect(within(sidebar()).getByRole('link', { name: 'Team calendar' })).toHaveAttribute('href', '/calendar');
    expect(within(sidebar()).queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Ada Lovelace/ })).toBeInTheDocument();
  });

  it('signs out: clears the five cookies, keeps rememberMe, and reloads', async () => {
    signIn();
    setCookies({ rememberMe: '{"remember":true,"email":"ada@example.com"}' });
    const revoked: unknown[] = [];
    server.use(
      http.get(api('/admin/get-count'), () => ok(1)),
      profile('member'),
      http.post(api('/auth/logout'), async ({ request }) => {
        revoked.push(await request.json());
        return ok({ message: 'Signed out' });
      }),
    );
    const { user } = renderRoutes(routes, '/breaks');
    await user.click(screen.getByRole('button', { name: /Ada Lovelace/ }));
    const menu = screen.getByRole('menu', { name: 'Account' });
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalled());
    for (const name of ['access_token', 'refresh_token', 'id', 'name', 'email']) expect(cookieNames()).not.toContain(name);
    expect(getCookie('rememberMe')).toBeDefined();
    expect(revoked).toEqual([{ refresh_token: 'r1' }]);
  });
});

describe('the team group and its counts', () => {
  it('heads a member\'s group Team, without Admin | HR, and keeps its links', async () => {
    signIn();
    server.use(http.get(api('/admin/get-count'), () => ok(3)), profile('member'));
    renderRoutes(routes, '/about');
    const group = within(await within(sidebar()).findByRole('list', { name: 'Team' }));
    expect(await group.findByRole('link', { name: 'Team Members (3)' })).toBeInTheDocument();
    expect(group.getByRole('link', { name: 'Currently on break' })).toBeInTheDocument();
    expect(group.getByRole('link', { name: "Today's absentees" })).toBeInTheDocument();
    expect(within(sidebar()).queryByText('MANAGEMENT | Admin | HR')).not.toBeInTheDocument();
  });

  it('badges Meetings with the invitations waiting for an answer, and none at 0', async () => {
    signIn();
    let waiting = 2;
    server.use(
      http.get(api('/admin/get-count'), () => ok(3)),
      profile('member'),
      http.get(api('/meeting/unanswered-count'), () => ok(waiting)),
    );
    const { unmount } = renderRoutes(routes, '/about');
    const link = await within(sidebar()).findByRole('link', { name: /^Meetings ?\(2 invitations waiting for your answer\)$/ });
    expect(link).toHaveTextContent('Meetings2');
    unmount();
    waiting = 0;
    renderRoutes(routes, '/about');
    expect(await within(sidebar()).findByRole('link', { name: 'Meetings' })).not.toHaveTextContent(/\d/);
  });
});

describe('leave requests link', () => {
  it.each(['admin', 'hr'] as const)('is in the management group for %s, with the pending count', async (role) => {
    signIn();
    server.use(
      http.get(api('/admin/get-count'), () => ok(2)),
      profile(role),
      http.get(api('/leaves/pending'), () => ok({ leaves: [], totalCount: 4 })),
    );
    renderRoutes(routes, '/about');
    const group = within(await within(sidebar()).findByRole('list', { name: 'MANAGEMENT | Admin | HR' }));
    expect(await group.findByRole('link', { name: 'Leave requests (4)' })).toHaveAttribute('href', '/leaves/requests');
  });

  it('is not offered to members', async () => {
    signIn();
    const asked = vi.fn();
    server.use(
      http.get(api('/admin/get-count'), () => ok(2)),
      http.get(api('/user/profile'), () => {
        asked();
        return ok({
          id: 'u1',
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          role: 'member',
          teamId: 't1',
          timeZone: 'UTC',
          hasPassword: true,
          createdAt: '',
        });
      }),
    );
    const { unmount } = renderRoutes(routes, '/about');
    await within(sidebar()).findByRole('link', { name: 'Team Members (2)' });
    await waitFor(() => expect(asked).toHaveBeenCalled());
    expect(within(sidebar()).queryByRole('link', { name: 'Leave requests' })).not.toBeInTheDocument();
    unmount();
  });

  it('opens the Leave requests page', async () => {
    signIn();
    server.use(
      http.get(api('/admin/get-count'), () => ok(2)),
      profile('hr'),
      http.get(api('/leaves/types'), () => ok([])),
      http.get(api('/leaves/pending'), () => ok({ leaves: [], totalCount: 0 })),
    );
    renderRoutes(routes, '/leaves/requests');
    expect(await screen.findByRole('heading', { level: 1, name: 'Leave requests' })).toBeInTheDocument();
    expect(await screen.findByText('No pending requests.')).toBeInTheDocument();
  });
});

describe('/auth/callback', () => {
  it('stores the tokens from the query for 7 days, cleans the URL and reloads (a sign-in this tab started)', async () => {
    const token = fakeJwt(Date.now() / 1000 + 3600);
    sessionStorage.setItem('breaktime.signInNonce', 'this-tabs-nonce-0123456789');
    server.use(
      http.get(api('/admin/get-count'), () => ok(1)),
      profile('member'),
    );
    const writes = vi.spyOn(Document.prototype, 'cookie', 'set');
    renderRoutes(routes, `/auth/callback?access_token=${token}&refresh_token=ref&name=Ada&id=u1&nonce=this-tabs-nonce-0123456789`);
    await waitFor(() => expect(reloadPage).toHaveBeenCalled());
    expect(replaceUrl).toHaveBeenCalledWith('/');
    expect(getCookie('access_token')).toBe(token);
    expect(getCookie('refresh_token')).toBe('ref');
    expect(getCookie('name')).toBe('Ada');
    expect(getCookie('id')).toBe('u1');
    const expiry = (name: string) => {
      const write = writes.mock.calls.map(([value]) => String(value)).find((value) => value.startsWith(`${name}=`));
      return Date.parse(/expires=([^;]+)/.exec(write ?? '')?.[1] ?? '');
    };
    const sevenDays = 7 * 24 * 3_600_000;
    for (const name of ['access_token', 'refresh_token', 'name', 'id']) expect(Math.abs(expiry(name) - (Date.now() + sevenDays))).toBeLessThan(60_000);
  });

  it("without tokens goes to /login (and so to /) and shows 'Error handling login callback.'", async () => {
    const { router } = renderRoutes(routes, '/auth/callback?error=denied');
    expect(await screen.findByText('Error handling login callback.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/breaks'));
    expect(reloadPage).not.toHaveBeenCalled();
  });
});

describe('configurator', () => {
  it('remembers sidebar type, dark mode and layout', async () => {
    const { user } = renderRoutes(routes, '/breaks');
    await user.click(screen.getByRole('button', { name: 'Display options' }));
    const panel = screen.getByRole('complementary', { name: 'Display options' });
    await user.click(within(panel).getByRole('button', { name: 'Light' }));
    await user.click(within(panel).getByRole('switch', { name: 'Dark mode' }));
    await user.click(within(panel).getByRole('button', { name: 'Centered' }));
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(PREFERENCES_KEY) ?? '{}')).toMatchObject({ sidebarType: 'light', darkMode: true, layout: 'boxed' }),
    );
    expect(document.documentElement).toHaveClass('dark');
  });
});

describe('sidebar and daily overview', () => {
  it('close minimizes and unpins the sidebar to an icon rail; pin brings it back, and the choice is remembered', async () => {
    const { user } = renderRoutes(routes, '/breaks');
    // Beside the open Break Buddy a 1280 px screen folds the sidebar by itself (tested below).
    await user.click(await screen.findByRole('button', { name: 'Close Break Buddy' }));
    await user.click(within(sidebar()).getByRole('button', { name: 'Close sidebar' }));
    await waitFor(() => expect(JSON.parse(localStorage.getItem(PREFERENCES_KEY) ?? '{}')).toMatchObject({ isPinned: false }));
    // The links stay reachable (icons, with their names for assistive technology).
    expect(within(sidebar()).getByRole('link', { name: 'Tasks' })).toBeInTheDocument();
    await user.click(within(sidebar()).getByRole('button', { name: 'Pin sidebar' }));
    await waitFor(() => expect(JSON.parse(localStorage.getItem(PREFERENCES_KEY) ?? '{}')).toMatchObject({ isPinned: true }));
  });

  it('Daily Agenda opens a read-only modal with Meetings, Breaks and Tasks; Daily Checklist opens a dropdown', async () => {
    const { user } = renderRoutes(routes, '/breaks');
    await user.click(screen.getByRole('button', { name: 'Daily Agenda' }));
    const agenda = screen.getByRole('dialog', { name: 'Daily Agenda' });
    expect(within(agenda).getByText('Meetings')).toBeInTheDocument();
    expect(within(agenda).getByText('Breaks')).toBeInTheDocument();
    expect(within(agenda).getByText('Tasks')).toBeInTheDocument();
    expect(within(agenda).queryByRole('button', { name: /edit|delete/i })).not.toBeInTheDocument();
    await user.click(within(agenda).getAllByRole('button', { name: 'Close' }).at(-1)!);

    const toggle = screen.getByRole('button', { name: 'Daily Checklist' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Daily Checklist' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close checklist' }));
    expect(screen.queryByRole('region', { name: 'Daily Checklist' })).not.toBeInTheDocument();
  });
});

describe('Break Buddy beside the page', () => {
  /** The column holding the top bar, the page and the footer. */
  const pageColumn = () => screen.getByRole('contentinfo').parentElement!;
  const reserve = 'pr-[21.5rem]';

  it('docks from 768 px: the page gives up the window’s column while it is open, and takes it back when closed', async () => {
    window.innerWidth = 1280;
    const { user } = renderRoutes(routes, '/breaks');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    // Reserved in the first render, before the window's own chunk has even loaded: nothing moves when it arrives.
    expect(pageColumn()).toHaveClass(reserve);
    expect(await screen.findByRole('region', { name: 'Break Buddy' })).toBeVisible();
    expect(document.getElementById('sidebar')).toBeVisible();

    // Marked for the toasts, which keep beside the column (components/ui/toast.tsx).
    expect(pageColumn()).toHaveAttribute('data-chat-docked');

    await user.click(screen.getByRole('button', { name: 'Close Break Buddy' }));
    expect(pageColumn()).not.toHaveClass(reserve);
    expect(pageColumn()).not.toHaveAttribute('data-chat-docked');
    await user.click(screen.getByRole('button', { name: 'Open Break Buddy' }));
    expect(pageColumn()).toHaveClass(reserve);
  });

  it('at 1024 px the sidebar becomes the drawer while the window is docked, so the page keeps room', async () => {
    window.innerWidth = 1024;
    const { user } = renderRoutes(routes, '/breaks');
    expect(await screen.findByRole('region', { name: 'Break Buddy' })).toBeVisible();
    expect(document.getElementById('sidebar')).not.toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Toggle side navigation' }));
    expect(document.getElementById('sidebar')).toBeVisible();
    await user.click(within(sidebar()).getByRole('link', { name: 'Tasks' }));
    await screen.findByRole('heading', { level: 1, name: 'Tasks' });
    expect(document.getElementById('sidebar')).not.toBeVisible();

    // Closed, the pinned sidebar is back.
    await user.click(screen.getByRole('button', { name: 'Close Break Buddy' }));
    expect(document.getElementById('sidebar')).toBeVisible();
  });

  it('below 1648 px the pinned sidebar folds to its icon rail while the window is open; the menu button opens it over the page', async () => {
    window.innerWidth = 1366;
    const { user } = renderRoutes(routes, '/breaks');
    expect(await screen.findByRole('region', { name: 'Break Buddy' })).toBeVisible();
    expect(pageColumn()).toHaveClass('pl-[6.5rem]');
    expect(within(sidebar()).queryByRole('button', { name: 'Close sidebar' })).not.toBeInTheDocument();
    expect(within(sidebar()).queryByRole('button', { name: 'Pin sidebar' })).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Toggle side navigation' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(sidebar()).getByRole('button', { name: 'Close sidebar' })).toBeVisible();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // The pin was never lost: closing the window brings the pinned sidebar back.
    expect(JSON.parse(localStorage.getItem(PREFERENCES_KEY) ?? '{"isPinned":true}')).toMatchObject({ isPinned: true });
    await user.click(screen.getByRole('button', { name: 'Close Break Buddy' }));
    expect(pageColumn()).toHaveClass('pl-[17.5rem]');
    expect(within(sidebar()).getByRole('button', { name: 'Close sidebar' })).toBeVisible();
  });

  it('the icon rail folds back once a link is chosen, by pointer or keyboard, and the keyboard goes on in the page', async () => {
    window.innerWidth = 1366;
    const { user } = renderRoutes(routes, '/breaks');
    expect(await screen.findByRole('region', { name: 'Break Buddy' })).toBeVisible();
    const expands = 'hover:w-64';
    expect(sidebar()).toHaveClass(expands);

    await user.click(within(sidebar()).getByRole('link', { name: 'Tasks' }));
    await screen.findByRole('heading', { level: 1, name: 'Tasks' });
    // Folded although the pointer is still over it, and focus is in the page it opened.
    expect(sidebar()).not.toHaveClass(expands);
    expect(screen.getByRole('main')).toHaveFocus();
    await user.unhover(sidebar());
    expect(sidebar()).toHaveClass(expands);

    // The keyboard comes into the rail, which expands for it; Enter follows a link and folds it.
    act(() => within(sidebar()).getByRole('link', { name: 'Meetings' }).focus());
    expect(sidebar()).toHaveClass(expands);
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { level: 1, name: 'Meetings' });
    expect(sidebar()).not.toHaveClass(expands);
    expect(screen.getByRole('main')).toHaveFocus();

    // Escape folds it too, with focus left where it was.
    act(() => within(sidebar()).getByRole('link', { name: 'Leaves' }).focus());
    expect(sidebar()).toHaveClass(expands);
    await user.keyboard('{Escape}');
    expect(sidebar()).not.toHaveClass(expands);
  });

  it('at 1648 px and wider the pinned sidebar stays beside the open window', async () => {
    window.innerWidth = 1680;
    renderRoutes(routes, '/breaks');
    expect(await screen.findByRole('region', { name: 'Break Buddy' })).toBeVisible();
    expect(pageColumn()).toHaveClass('pl-[17.5rem]');
    expect(within(sidebar()).getByRole('button', { name: 'Close sidebar' })).toBeVisible();
  });

  it('on a phone it starts closed and, opened, floats over the page without taking its width', async () => {
    window.innerWidth = 390;
    const { user } = renderRoutes(routes, '/breaks');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(pageColumn()).not.toHaveClass(reserve);
    await user.click(screen.getByRole('button', { name: 'Open Break Buddy (1 unread)' }));
    expect(await screen.findByRole('region', { name: 'Break Buddy' })).toBeVisible();
    expect(pageColumn()).not.toHaveClass(reserve);
  });
});

describe('languages', () => {
  it("names the page, the tab and the navigation in the person's language, and follows a change at once", async () => {
    await changeLanguage('de');
    try {
      const { user } = renderRoutes(routes, '/tasks');
      expect(await screen.findByRole('heading', { level: 1, name: 'Aufgaben' })).toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe('Aufgaben | Breaktime'));
      expect(within(screen.getByRole('navigation', { name: 'Navigationspfad' })).getByText('Seiten')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Seitennavigation ein- oder ausblenden' })).toHaveAttribute('aria-controls', 'sidebar');
      expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Tagesagenda' })).toBeInTheDocument();
      await user.selectOptions(within(screen.getByRole('banner')).getByRole('combobox', { name: 'Sprache' }), 'fr');
      expect(await screen.findByRole('heading', { level: 1, name: 'Tâches' })).toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe('Tâches | Breaktime'));
      expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Options d’affichage' })).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });
});
