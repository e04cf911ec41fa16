import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeJwt } from '@/testing/jwt';
import { api, fail, http, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import type { Webhook } from '../api/webhooks';
import { deliveryText, shortUrl } from './webhook-list';
import { secretTexts } from './new-webhook-secret';
import { WebhooksSection } from './webhooks-section';

const signIn = () =>
  setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' });

const SECRET = 'whsec_c2VjcmV0LXNob3duLW9uY2U';
const SLACK_URL = 'https://hooks.slack.com/services/T0000000/B0000000/XXXXXXXXXXXXXXXXXXXXXXXX';

/** A local time today as an RFC 3339 instant, so the list shows it without a date. */
const todayAt = (hours: number, minutes: number) => {
  const at = new Date();
  at.setHours(hours, minutes, 0, 0);
  return at.toISOString();
};

const hook = (overrides: Partial<Webhook> = {}): Webhook => ({
  _id: '01HZX3Y8Q2W5E7R9T1V3B5N7M9',
  url: SLACK_URL,
  format: 'slack',
  events: ['leave.approved'],
  dailyAt: '09:00',
  timeZone: 'Europe/Berlin',
  createdAt: '2026-06-01T08:00:00Z',
  lastDelivery: null,
  ...overrides,
});

/** Keeps the hooks in memory: an add answers the secret once, the list never has it. */
function hooksServer(initial: Webhook[] = []) {
  let hooks = [...initial];
  const posts: unknown[] = [];
  const deletes: string[] = [];
  server.use(
    http.get(api('/admin/webhooks'), () => ok(hooks)),
    http.post(api('/admin/webhooks'), async ({ request }) => {
      const body = (await request.json()) as { url: string; format: string; events: string[]; dailyAt?: string };
      posts.push(body);
      const added = hook({ _id: `01HZX3Y8Q2W5E7R9T1V3B5N7${String(hooks.length).padStart(2, 'A')}`, ...body, dailyAt: body.dailyAt ?? '09:00' });
      hooks = [...hooks, added];
      return ok({ ...added, secret: SECRET }, 201);
    }),
    http.delete(api('/admin/webhooks/:id'), ({ params }) => {
      deletes.push(String(params.id));
      hooks = hooks.filter((item) => item._id !== params.id);
      return ok({ _id: params.id, message: 'Webhook removed' });
    }),
  );
  return { posts, deletes };
}

const form = () => screen.findByRole('form', { name: 'Add a webhook' });

describe('team chat webhooks', () => {
  it('lists each hook with a short address, its format, events, daily time and last delivery', async () => {
    signIn();
    hooksServer([
      hook({ lastDelivery: { at: todayAt(12, 3), event: 'leave.approved', eventId: 'e1', ok: true, status: 200, message: 'HTTP 200', attempt: 1 } }),
      hook({
        _id: '01HZX3Y8Q2W5E7R9T1V3B5N7MA',
        url: 'https://example.com/breaktime',
        format: 'generic',
        // In name order, as the server keeps them.
        events: ['break.started', 'daily.absences', 'leave.approved'],
        dailyAt: '08:30',
        lastDelivery: {
          at: todayAt(12, 3),
          event: 'break.started',
          eventId: 'e2',
          ok: false,
          status: 500,
          message: 'HTTP 500',
          attempt: 1,
          nextAttempt: todayAt(12, 4),
        },
      }),
      hook({ _id: '01HZX3Y8Q2W5E7R9T1V3B5N7MB', url: 'https://example.org/teams', format: 'teams', events: ['break.ended'] }),
    ]);
    renderWithProviders(<WebhooksSection />);
    const list = await screen.findByRole('list', { name: 'Webhooks' });
    const cards = within(list).getAllByRole('listitem', { name: /./ });
    expect(cards).toHaveLength(3);

    const slack = within(list).getByRole('listitem', { name: 'hooks.slack.com/services/T0…XXXXXXXX' });
    expect(slack).toHaveTextContent('Slack-compatible');
    expect(within(slack).getByRole('list', { name: 'Events' })).toHaveTextContent('Leave approved');
    expect(slack).toHaveTextContent('Delivered 12:03 PM (HTTP 200)');
    expect(slack).not.toHaveTextContent('XXXXXXXXXXXXXXXXXXXXXXXX');

    const generic = within(list).getByRole('listitem', { name: 'example.com/breaktime' });
    expect(generic).toHaveTextContent('Generic JSON, signed');
    const chips = within(within(generic).getByRole('list', { name: 'Events' })).getAllByRole('listitem');
    expect(chips.map((chip) => chip.textContent)).toEqual(['Leave approved', 'Who is off today at 8:30 AM', 'Break started']);
    expect(generic).toHaveTextContent('Daily post in Europe/Berlin time.');
    expect(generic).toHaveTextContent('Failed 12:03 PM: HTTP 500 — next try 12:04 PM');

    expect(within(list).getByRole('listitem', { name: 'example.org/teams' })).toHaveTextContent('No deliveries yet');
  });

  it('shows a new hook’s secret once, with a copy button, and never again', async () => {
    signIn();
    const { posts } = hooksServer();
    const { user, unmount } = renderWithProviders(<WebhooksSection />);
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
    const add = await form();
    // The daily time shows only with the daily post.
    expect(within(add).queryByLabelText('Daily post time')).not.toBeInTheDocument();

    await user.type(within(add).getByLabelText('Webhook URL'), 'https://example.com/breaktime');
    await user.selectOptions(within(add).getByLabelText('Format'), 'generic');
    await user.click(within(add).getByRole('checkbox', { name: /Break started/ }));
    await user.click(within(add).getByRole('checkbox', { name: /Who is off today/ }));
    const time = within(add).getByLabelText('Daily post time');
    await user.clear(time);
    await user.type(time, '08:45');
    await user.click(within(add).getByRole('button', { name: 'Add webhook' }));

    const shown = await screen.findByRole('region', { name: 'New webhook secret' });
    expect(posts).toEqual([{ url: 'https://example.com/breaktime', format: 'generic', events: ['daily.absences', 'break.started'], dailyAt: '08:45' }]);
    expect(within(shown).getByLabelText('Signing secret')).toHaveValue(SECRET);
    expect(shown).toHaveTextContent('Webhook added: example.com/breaktime (Generic JSON, signed)');
    expect(shown).toHaveTextContent(secretTexts.shownOnce);
    expect(within(shown).getByRole('heading', { name: 'How to verify' })).toBeInTheDocument();
    expect(shown).toHaveTextContent('Breaktime-Signature: t=…,v1=…');
    expect(shown).toHaveTextContent('Breaktime-Event-Id');
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    // user-event stands in for the clipboard.
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await screen.findByText(secretTexts.copied)).toBeInTheDocument();

    // The list has the hook, never its secret; the form is empty again.
    const list = await screen.findByRole('list', { name: 'Webhooks' });
    expect(within(list).getByRole('listitem', { name: 'example.com/breaktime' })).toHaveTextContent('Who is off today at 8:45 AM');
    expect(list).not.toHaveTextContent(SECRET);
    expect(within(add).getByLabelText('Webhook URL')).toHaveValue('');

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('region', { name: 'New webhook secret' })).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(SECRET);

    // Coming back later shows the list only.
    unmount();
    renderWithProviders(<WebhooksSection />);
    expect(await screen.findByRole('list', { name: 'Webhooks' })).toHaveTextContent('example.com/breaktime');
    expect(screen.queryByLabelText('Signing secret')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(SECRET);
  });

  it('says a chat hook’s posts are not signed, and sends no daily time without the daily post', async () => {
    signIn();
    const { posts } = hooksServer();
    const { user } = renderWithProviders(<WebhooksSection />);
    const add = await form();
    await user.type(within(add).getByLabelText('Webhook URL'), SLACK_URL);
    await user.click(within(add).getByRole('checkbox', { name: /Leave approved/ }));
    await user.click(within(add).getByRole('button', { name: 'Add webhook' }));
    const shown = await screen.findByRole('region', { name: 'New webhook secret' });
    expect(posts).toEqual([{ url: SLACK_URL, format: 'slack', events: ['leave.approved'] }]);
    expect(shown).toHaveTextContent(secretTexts.unsigned);
    expect(within(shown).queryByRole('heading', { name: 'How to verify' })).not.toBeInTheDocument();
  });

  it('marks breaks and working time as optional sharing and explains each event', async () => {
    signIn();
    hooksServer();
    renderWithProviders(<WebhooksSection />);
    const add = await form();
    const events = within(add).getByRole('group', { name: 'Events' });
    expect(within(events).getAllByRole('checkbox')).toHaveLength(6);
    expect(within(events).getAllByText('Optional sharing')).toHaveLength(4);
    expect(within(events).getByRole('checkbox', { name: /Clocked in/ })).toHaveAccessibleDescription(/starts their working time/);
    expect(within(events).getByRole('checkbox', { name: /Break started/ })).toHaveAccessibleDescription(/agreed to share its breaks/);
    expect(within(events).getByRole('checkbox', { name: /Leave approved/ })).toHaveAccessibleDescription(/leave is approved/);
  });

  it('checks the form before sending', async () => {
    signIn();
    const { posts } = hooksServer();
    const { user } = renderWithProviders(<WebhooksSection />);
    const add = await form();
    await user.click(within(add).getByRole('button', { name: 'Add webhook' }));
    expect(await within(add).findByText('The webhook URL is required.')).toBeInTheDocument();
    expect(within(add).getByText('Choose at least one event.')).toBeInTheDocument();
    await user.type(within(add).getByLabelText('Webhook URL'), 'hooks.slack.com');
    await user.click(within(add).getByRole('button', { name: 'Add webhook' }));
    expect(await within(add).findByText('Enter the full address, starting with https://.')).toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it('shows the server’s field messages under each field', async () => {
    signIn();
    hooksServer();
    server.use(
      http.post(api('/admin/webhooks'), () =>
        fail(422, 'Validation failed', {
          url: 'This address is not public.',
          events: 'Events are leave.approved, daily.absences, break.started, break.ended, work.started and work.ended.',
          dailyAt: 'Give a time as HH:MM, such as 09:00.',
        }),
      ),
    );
    const { user } = renderWithProviders(<WebhooksSection />);
    const add = await form();
    await user.type(within(add).getByLabelText('Webhook URL'), 'https://10.0.0.8/hook');
    await user.click(within(add).getByRole('checkbox', { name: /Who is off today/ }));
    await user.click(within(add).getByRole('button', { name: 'Add webhook' }));
    expect(await within(add).findByText('This address is not public.')).toBeInTheDocument();
    expect(within(add).getByLabelText('Webhook URL')).toHaveAttribute('aria-invalid', 'true');
    expect(within(add).getByLabelText('Webhook URL')).toHaveAccessibleDescription('This address is not public.');
    expect(within(add).getByRole('group', { name: 'Events' })).toHaveAccessibleDescription(/Events are leave.approved/);
    expect(within(add).getByLabelText('Daily post time')).toHaveAccessibleDescription('Give a time as HH:MM, such as 09:00.');
    expect(screen.queryByRole('region', { name: 'New webhook secret' })).not.toBeInTheDocument();
    // The URL stays for correcting.
    expect(within(add).getByLabelText('Webhook URL')).toHaveValue('https://10.0.0.8/hook');
  });

  it('shows the limit of hooks under the URL', async () => {
    signIn();
    hooksServer();
    server.use(http.post(api('/admin/webhooks'), () => fail(422, 'Validation failed', { url: 'A team can have at most 10 webhooks.' })));
    const { user } = renderWithProviders(<WebhooksSection />);
    const add = await form();
    await user.type(within(add).getByLabelText('Webhook URL'), SLACK_URL);
    await user.click(within(add).getByRole('checkbox', { name: /Leave approved/ }));
    await user.click(within(add).getByRole('button', { name: 'Add webhook' }));
    expect(await within(add).findByText('A team can have at most 10 webhooks.')).toBeInTheDocument();
  });

  it('removes a hook after asking', async () => {
    signIn();
    const { deletes } = hooksServer([hook()]);
    const { user } = renderWithProviders(<WebhooksSection />);
    const remove = await screen.findByRole('button', { name: `Remove webhook ${shortUrl(SLACK_URL)}` });

    // "No" keeps it.
    await user.click(remove);
    let question = await screen.findByRole('alertdialog', { name: 'Remove this webhook?' });
    await user.click(within(question).getByRole('button', { name: 'No, keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deletes).toEqual([]);

    await user.click(remove);
    question = await screen.findByRole('alertdialog', { name: 'Remove this webhook?' });
    expect(question).toHaveTextContent(shortUrl(SLACK_URL));
    await user.click(within(question).getByRole('button', { name: 'Yes, remove it' }));
    await waitFor(() => expect(deletes).toEqual([hook()._id]));
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
    expect(await screen.findByText(`The webhook to ${shortUrl(SLACK_URL)} was removed.`)).toBeInTheDocument();
  });

  it('catches up when the hook was already removed', async () => {
    signIn();
    hooksServer([hook()]);
    server.use(http.delete(api('/admin/webhooks/:id'), () => fail(404, 'Not found')));
    const { user } = renderWithProviders(<WebhooksSection />);
    await user.click(await screen.findByRole('button', { name: `Remove webhook ${shortUrl(SLACK_URL)}` }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, remove it' }));
    expect(await screen.findByText(`The webhook to ${shortUrl(SLACK_URL)} was already removed.`)).toBeInTheDocument();
  });

  it('says when the list cannot be read', async () => {
    signIn();
    server.use(http.get(api('/admin/webhooks'), () => fail(403, 'Only team admins can do this.')));
    renderWithProviders(<WebhooksSection />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Only team admins can do this.');
  });
});

describe('delivery text', () => {
  const now = new Date('2026-06-10T15:00:00');
  const at = (time: string) => new Date(`2026-06-10T${time}:00`).toISOString();

  it('names the outcome, its time and the next try', () => {
    expect(deliveryText(null, now)).toBe('No deliveries yet');
    expect(deliveryText({ at: at('12:03'), event: 'break.started', eventId: 'e', ok: true, status: 200, message: 'HTTP 200', attempt: 1 }, now)).toBe(
      'Delivered 12:03 PM (HTTP 200)',
    );
    expect(
      deliveryText(
        { at: at('12:03'), event: 'break.started', eventId: 'e', ok: false, status: null, message: 'timed out', attempt: 2, nextAttempt: at('12:08') },
        now,
      ),
    ).toBe('Failed 12:03 PM: timed out — next try 12:08 PM');
    expect(deliveryText({ at: at('12:03'), event: 'break.started', eventId: 'e', ok: false, status: 500, message: 'HTTP 500', attempt: 6 }, now)).toBe(
      'Failed 12:03 PM: HTTP 500 — no more tries',
    );
    expect(
      deliveryText(
        { at: new Date('2026-06-09T09:30:00').toISOString(), event: 'daily.absences', eventId: 'e', ok: true, status: 200, message: 'HTTP 200', attempt: 1 },
        now,
      ),
    ).toBe('Delivered 09/06/2026 9:30 AM (HTTP 200)');
  });

  it('shortens long addresses in the middle and drops the scheme', () => {
    expect(shortUrl('https://example.com/hook')).toBe('example.com/hook');
    expect(shortUrl('http://127.0.0.1:4567/generic')).toBe('127.0.0.1:4567/generic');
    expect(shortUrl(SLACK_URL)).toBe('hooks.slack.com/services/T0…XXXXXXXX');
  });
});
