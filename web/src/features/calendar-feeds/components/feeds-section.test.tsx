import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeJwt } from '@/testing/jwt';
import { api, fail, http, HttpResponse, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import type { CalendarFeed } from '../api/feeds';
import { FeedsSection, feedTexts } from './feeds-section';

const signIn = () =>
  setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' });

const URL_ME = 'http://127.0.0.1:8080/calendar/feeds/secret-me.ics';

/** Keeps the feeds in memory: a create answers the address once, the list never has it. */
function feedsServer(initial: CalendarFeed[] = []) {
  let feeds = [...initial];
  const posts: unknown[] = [];
  const deletes: string[] = [];
  server.use(
    http.get(api('/calendar/feeds'), () => ok(feeds)),
    http.post(api('/calendar/feeds'), async ({ request }) => {
      const body = (await request.json()) as { scope: 'me' | 'team' };
      posts.push(body);
      const feed = { id: `f${feeds.length + 1}`, scope: body.scope, createdAt: '2026-06-10T08:00:00Z' };
      feeds = [...feeds, feed];
      return ok({ ...feed, url: body.scope === 'me' ? URL_ME : 'http://127.0.0.1:8080/calendar/feeds/secret-team.ics' }, 201);
    }),
    http.delete(api('/calendar/feeds/:id'), ({ params }) => {
      deletes.push(String(params.id));
      feeds = feeds.filter((feed) => feed.id !== params.id);
      return HttpResponse.json({ data: { _id: params.id, message: 'Feed revoked' } });
    }),
  );
  return { posts, deletes };
}

describe('calendar feeds', () => {
  it('shows a new feed’s address once, with a copy button, and never again', async () => {
    signIn();
    const { posts } = feedsServer();
    const { user, unmount } = renderWithProviders(<FeedsSection canCreateTeamFeed={false} />);
    expect(await screen.findByText('No feeds yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create team feed' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create my feed' }));
    const shown = await screen.findByRole('region', { name: 'New feed address' });
    expect(posts).toEqual([{ scope: 'me' }]);
    expect(within(shown).getByLabelText('Feed address')).toHaveValue(URL_ME);
    expect(shown).toHaveTextContent(feedTexts.shownOnce);
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    // user-event stands in for the clipboard.
    expect(await navigator.clipboard.readText()).toBe(URL_ME);
    expect(await screen.findByText(feedTexts.copied)).toBeInTheDocument();

    // The list names the feed without its address.
    const list = await screen.findByRole('list', { name: 'Your feeds' });
    expect(within(list).getByText('My leaves and meetings')).toBeInTheDocument();
    expect(list).not.toHaveTextContent('secret');

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('region', { name: 'New feed address' })).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(URL_ME);

    // Coming back later shows the list only.
    unmount();
    renderWithProviders(<FeedsSection canCreateTeamFeed={false} />);
    expect(await screen.findByRole('list', { name: 'Your feeds' })).toHaveTextContent('My leaves and meetings');
    expect(screen.queryByLabelText('Feed address')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(URL_ME);
  });

  it('offers admins and HR a team feed', async () => {
    signIn();
    const { posts } = feedsServer();
    const { user } = renderWithProviders(<FeedsSection canCreateTeamFeed />);
    await user.click(await screen.findByRole('button', { name: 'Create team feed' }));
    const shown = await screen.findByRole('region', { name: 'New feed address' });
    expect(shown).toHaveTextContent("The team's absences: your new feed");
    expect(posts).toEqual([{ scope: 'team' }]);
  });

  it('revokes a feed after asking', async () => {
    signIn();
    const { deletes } = feedsServer([{ id: 'f1', scope: 'me', createdAt: '2026-06-01T08:00:00Z' }]);
    const { user } = renderWithProviders(<FeedsSection canCreateTeamFeed={false} />);
    await user.click(await screen.findByRole('button', { name: 'Revoke My leaves and meetings feed created 01/06/2026' }));
    const question = await screen.findByRole('alertdialog', { name: 'Revoke this feed?' });
    await user.click(within(question).getByRole('button', { name: 'Yes, revoke it' }));
    await waitFor(() => expect(deletes).toEqual(['f1']));
    expect(await screen.findByText('No feeds yet.')).toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    signIn();
    feedsServer();
    server.use(http.post(api('/calendar/feeds'), () => fail(403, 'Only admins and HR can subscribe to the team.')));
    const { user } = renderWithProviders(<FeedsSection canCreateTeamFeed />);
    await user.click(await screen.findByRole('button', { name: 'Create team feed' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only admins and HR can subscribe to the team.');
    expect(screen.queryByRole('region', { name: 'New feed address' })).not.toBeInTheDocument();
  });

  it('explains how to subscribe in Google Calendar, Outlook and Apple Calendar', async () => {
    signIn();
    feedsServer();
    renderWithProviders(<FeedsSection canCreateTeamFeed={false} />);
    await screen.findByText('No feeds yet.');
    for (const app of ['Google Calendar', 'Outlook', 'Apple Calendar']) expect(screen.getByRole('heading', { level: 4, name: app })).toBeInTheDocument();
    expect(screen.getByText('From URL')).toBeInTheDocument();
    expect(screen.getByText('Subscribe from web')).toBeInTheDocument();
    expect(screen.getByText('File → New Calendar Subscription')).toBeInTheDocument();
  });
});
