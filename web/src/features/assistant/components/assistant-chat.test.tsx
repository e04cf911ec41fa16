import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { apiKey } from '@/lib/api-paths';
import type { BreakPrefill, PrefilledFormProps, WorkDayPrefill } from '@/lib/assistant-actions';
import { reloadPage } from '@/lib/browser';
import { todayIso } from '@/lib/format';
import { api, ASSISTANT_URL, fail, heldResponse, http, ok, server } from '@/testing/server';
import { useApi } from '@/lib/swr';
import { jwtValidFor } from '@/testing/jwt';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import { CHAT_HISTORY_KEY } from '../hooks/use-chat-history';
import { AssistantChat, CHAT_OPEN_KEY, useChatOpen } from './assistant-chat';

vi.mock('@/lib/browser', () => ({ reloadPage: vi.fn(), replaceUrl: vi.fn(), assignUrl: vi.fn() }));

const ASK = `${ASSISTANT_URL}/assistant/ask`;

/** Node's setImmediate, which the countdown test leaves real while it fakes setTimeout. */
const realMacrotask = (callback: () => void) => (globalThis as unknown as { setImmediate: (fn: () => void) => void }).setImmediate(callback);

const signIn = () => setCookies({ access_token: jwtValidFor(3_600_000), refresh_token: 'r', id: 'u1', name: 'Ana' });

function FakeBreakForm({ prefill, onSaved, onClose }: PrefilledFormProps<BreakPrefill>) {
  return (
    <div role="dialog" aria-label="Add Break">
      <p>
        {prefill.type} {prefill.startTime}-{prefill.endTime} on {prefill.createdDate}
      </p>
      <button type="button" onClick={onSaved}>
        Save
      </button>
      <button type="button" onClick={onClose}>
        Cancel
      </button>
    </div>
  );
}

function Where() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname} ${JSON.stringify(location.state ?? null)}`}</output>;
}

async function ask(user: UserEvent, text: string) {
  const input = await screen.findByLabelText('Message Break Buddy');
  await user.type(input, text);
  await user.click(screen.getByRole('button', { name: 'Send' }));
}

describe('Break Buddy chat', () => {
  it('is open by default on wide screens', async () => {
    renderWithProviders(<AssistantChat />);
    expect(await screen.findByRole('region', { name: 'Break Buddy' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Close Break Buddy' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
  });

  it('is closed on narrow screens, with an unread badge until opened', async () => {
    window.innerWidth = 390;
    const { user } = renderWithProviders(<AssistantChat />);
    expect(screen.queryByRole('region', { name: 'Break Buddy' })).not.toBeInTheDocument();
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('1');
    await user.click(screen.getByRole('button', { name: 'Open Break Buddy (1 unread)' }));
    expect(await screen.findByRole('region', { name: 'Break Buddy' })).toBeVisible();
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close Break Buddy' }));
    expect(screen.getByRole('button', { name: 'Open Break Buddy' })).toBeInTheDocument();
  });

  it('remembers for the session that it was closed by hand', async () => {
    const first = renderWithProviders(<AssistantChat />);
    await first.user.click(await screen.findByRole('button', { name: 'Close Break Buddy' }));
    first.unmount();
    renderWithProviders(<AssistantChat />);
    expect(screen.getByRole('button', { name: 'Open Break Buddy' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Break Buddy' })).not.toBeInTheDocument();
  });

  it('leaves its open state to a layout that owns it, and remembers the choice through the shared hook', async () => {
    const onOpenChange = vi.fn();
    const { user } = renderWithProviders(<AssistantChat open docked onOpenChange={onOpenChange} />);
    expect(await screen.findByRole('region', { name: 'Break Buddy' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Close Break Buddy' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    // Controlled: it stays open until the owner says otherwise.
    expect(screen.getByRole('region', { name: 'Break Buddy' })).toBeVisible();

    function Owner() {
      const [open, setOpen] = useChatOpen();
      return <AssistantChat open={open} onOpenChange={setOpen} />;
    }
    const owned = renderWithProviders(<Owner />);
    await owned.user.click(within(owned.container).getByRole('button', { name: 'Close Break Buddy' }));
    expect(sessionStorage.getItem(CHAT_OPEN_KEY)).toBe('0');
    expect(within(owned.container).getByRole('button', { name: 'Open Break Buddy' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('answers a question, the input disabled while the reply is pending', async () => {
    signIn();
    const held = heldResponse();
    const asked: unknown[] = [];
    server.use(
      http.post(ASK, async ({ request }) => {
        expect(request.headers.get('authorization')).toMatch(/^Bearer /);
        asked.push(await request.json());
        await held.hold();
        return ok({ summary: 'You have taken 1 break today, 15 minutes in all.', actions: [], intent: 'breakMinutesToday' });
      }),
    );
    const { user } = renderWithProviders(<AssistantChat />);
    await ask(user, 'how long were my breaks today?');
    const input = screen.getByLabelText('Message Break Buddy');
    expect(input).toBeDisabled();
    expect(screen.getByText('Break Buddy is typing…')).toBeInTheDocument();
    const log = screen.getByRole('log', { name: 'Conversation' });
    expect(within(log).getByText('how long were my breaks today?')).toBeInTheDocument();

    held.release();
    expect(await within(log).findByText('You have taken 1 break today, 15 minutes in all.')).toBeInTheDocument();
    expect(asked).toEqual([{ message: 'how long were my breaks today?' }]);
    // The countdown's steps are checked on a fake clock below; here only that it ends.
    await waitFor(() => expect(input).toBeEnabled(), { timeout: 4000 });
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
  });

  it('counts down 5, 4, 3, 2, 1 in 500 ms steps, then unlocks', async () => {
    signIn();
    server.use(http.post(ASK, () => ok({ summary: 'Hello!', actions: [] })));
    // Only the countdown's clock is fake; loading and the network run on real macrotasks.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const until = async (check: () => void) => {
      for (let attempt = 0; ; attempt += 1) {
        try {
          return check();
        } catch (error) {
          if (attempt > 500) throw error;
        }
        await act(async () => {
          vi.advanceTimersByTime(0);
          await new Promise<void>((resolve) => realMacrotask(resolve));
        });
      }
    };
    try {
      renderWithProviders(<AssistantChat />);
      await until(() => screen.getByLabelText('Message Break Buddy'));
      fireEvent.change(screen.getByLabelText('Message Break Buddy'), { target: { value: 'hello' } });
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
      await until(() => screen.getByText('Hello!'));
      const input = screen.getByLabelText('Message Break Buddy');
      for (const count of [5, 4, 3, 2, 1]) {
        expect(input).toBeDisabled();
        expect(screen.getByRole('button', { name: `Send, wait ${count}` })).toHaveTextContent(String(count));
        await act(async () => {
          vi.advanceTimersByTime(500);
        });
      }
      expect(input).toBeEnabled();
    } finally {
      vi.useRealTimers();
    }
  });

  it("says 'Sorry, I didn't get that.' without a summary, and the connection message on failure", async () => {
    signIn();
    let calls = 0;
    server.use(
      http.post(ASK, () => {
        calls += 1;
        return calls === 1 ? ok({ actions: [] }) : fail(500, 'Something went wrong. Please try again later.');
      }),
    );
    const { user } = renderWithProviders(<AssistantChat />);
    await ask(user, 'blah');
    expect(await screen.findByText("Sorry, I didn't get that.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Message Break Buddy')).toBeEnabled(), { timeout: 4000 });
    await ask(user, 'again');
    expect(await screen.findByText("Sorry, I'm having trouble connecting right now. Please try again later.")).toBeInTheDocument();
  });

  it('shows the connection message when the network fails', async () => {
    signIn();
    server.use(http.post(ASK, () => HttpResponse.error()));
    const { user } = renderWithProviders(<AssistantChat />);
    await ask(user, 'hello');
    expect(await screen.findByText("Sorry, I'm having trouble connecting right now. Please try again later.")).toBeInTheDocument();
  });

  it('asks as a guest without a token and shows the login notice', async () => {
    const headers: Array<string | null> = [];
    server.use(
      http.post(ASK, ({ request }) => {
        headers.push(request.headers.get('authorization'));
        return ok({ summary: 'You need to log in first to create or update records.', actions: [] });
      }),
    );
    const { user } = renderWithProviders(<AssistantChat />);
    expect(await screen.findByText('Sign in to log records and ask about your day.')).toBeInTheDocument();
    await ask(user, 'coffee break from 3 to 3:15');
    expect(await screen.findByText('You need to log in first to create or update records.')).toBeInTheDocument();
    expect(headers).toEqual([null]);
  });

  it('keeps the history in the browser and clears it on request', async () => {
    signIn();
    server.use(http.post(ASK, () => ok({ summary: 'Nobody is on a break right now.', actions: [] })));
    const first = renderWithProviders(<AssistantChat />);
    await ask(first.user, 'who is on break?');
    await screen.findByText('Nobody is on a break right now.');
    const stored = JSON.parse(localStorage.getItem(CHAT_HISTORY_KEY) ?? '[]') as Array<Record<string, string>>;
    expect(stored.map(({ role, content }) => ({ role, content }))).toEqual([
      { role: 'user', content: 'who is on break?' },
      { role: 'assistant', content: 'Nobody is on a break right now.' },
    ]);
    expect(stored.every((message) => !Number.isNaN(Date.parse(message.timestamp ?? '')))).toBe(true);
    first.unmount();

    const { user } = renderWithProviders(<AssistantChat />);
    expect(await screen.findByText('Nobody is on a break right now.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear chat history' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Clear the chat?' })).getByRole('button', { name: 'Yes, clear it' }));
    await waitFor(() => expect(screen.queryByText('Nobody is on a break right now.')).not.toBeInTheDocument());
    expect(localStorage.getItem(CHAT_HISTORY_KEY)).toBeNull();
  });

  it('counts replies that arrive while the window is closed', async () => {
    signIn();
    const held = heldResponse();
    server.use(
      http.post(ASK, async () => {
        await held.hold();
        return ok({ summary: 'Nobody is off today.', actions: [] });
      }),
    );
    const { user } = renderWithProviders(<AssistantChat />);
    await ask(user, 'who is off today?');
    await user.click(screen.getByRole('button', { name: 'Close Break Buddy' }));
    held.release();
    expect(await screen.findByRole('button', { name: 'Open Break Buddy (1 unread)' })).toBeInTheDocument();
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('1');
  });

  it('opens the pre-filled form of a proposal, with a placeholder date made today; saving on its list page reloads it', async () => {
    signIn();
    server.use(
      http.post(ASK, () =>
        ok({
          summary: 'Here is your Coffee Break, 3:00 pm to 3:15 pm. Check it and save.',
          actions: [{ action: 'createBreak', type: 'Coffee Break', reason: '', startTime: '15:00', endTime: '15:15', createdDate: 'YYYY-MM-DD' }],
        }),
      ),
    );
    const { user } = renderWithProviders(<AssistantChat forms={{ createBreak: FakeBreakForm }} />, { route: '/breaks' });
    await ask(user, 'coffee break from 3 to 3:15 pm today');
    const form = await screen.findByRole('dialog', { name: 'Add Break' });
    expect(form).toHaveTextContent(`Coffee Break 15:00-15:15 on ${todayIso()}`);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Add Break' })).not.toBeInTheDocument();

    // The proposal stays in the conversation and can be opened again.
    await user.click(screen.getByRole('button', { name: 'Open the break form' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Add Break' })).getByRole('button', { name: 'Cancel' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('saving elsewhere does not reload (the form confirms with its own toast)', async () => {
    signIn();
    server.use(
      http.post(ASK, () =>
        ok({
          summary: 'Here is your Coffee Break.',
          actions: [{ action: 'createBreak', type: 'Coffee Break', startTime: '15:00', endTime: '15:15', createdDate: '2026-03-11' }],
        }),
      ),
    );
    const { user } = renderWithProviders(<AssistantChat forms={{ createBreak: FakeBreakForm }} />, { route: '/tasks' });
    await ask(user, 'coffee break from 3 to 3:15');
    await user.click(within(await screen.findByRole('dialog', { name: 'Add Break' })).getByRole('button', { name: 'Save' }));
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('without a registered form, opens the list page with the proposal in the navigation state', async () => {
    signIn();
    const action = { action: 'createLeave', fromDate: '2026-08-03', toDate: '2026-08-07', reason: 'Vacation', days: 5, typeId: '00000000000000000000000001' };
    server.use(http.post(ASK, () => ok({ summary: 'Here is your leave.', actions: [action] })));
    const { user } = renderWithProviders(
      <>
        <AssistantChat />
        <Where />
      </>,
      { route: '/breaks' },
    );
    await ask(user, 'vacation from 3 August 2026 to 7 August 2026');
    await waitFor(() => expect(screen.getByLabelText('location')).toHaveTextContent(`/leaves ${JSON.stringify({ assistantPrefill: action })}`));
  });

  it('after a reply that clocked the person in or out, reads the working time again', async () => {
    signIn();
    let reads = 0;
    server.use(
      http.post(ASK, () => ok({ summary: 'You are clocked in since 08:02.', intent: 'clockIn', actions: [] })),
      http.get(api('/work/current'), () => {
        reads += 1;
        return ok(null);
      }),
    );
    function Card() {
      useApi(apiKey('/work/current'));
      return null;
    }
    const { user } = renderWithProviders(
      <>
        <AssistantChat />
        <Card />
      </>,
    );
    await waitFor(() => expect(reads).toBe(1));
    await ask(user, 'clock me in');
    await screen.findByText('You are clocked in since 08:02.');
    await waitFor(() => expect(reads).toBe(2));
  });

  it('opens the work day form of a logWork proposal with its breaks', async () => {
    signIn();
    const action = {
      action: 'logWork',
      date: '2026-03-11',
      start: '08:00',
      end: '17:00',
      note: 'Entered with Break Buddy',
      breaks: [{ type: 'Lunch Break', startTime: '12:00', endTime: '12:45' }],
    };
    server.use(http.post(ASK, () => ok({ summary: 'Here is your day.', intent: 'logWork', actions: [action] })));
    function FakeWorkDayForm({ prefill }: PrefilledFormProps<WorkDayPrefill>) {
      return (
        <div role="dialog" aria-label="Log a work day">
          {prefill.date} {prefill.start}-{prefill.end} {prefill.breaks.map((item) => `${item.type} ${item.startTime}-${item.endTime}`).join(', ')}
        </div>
      );
    }
    const { user } = renderWithProviders(<AssistantChat forms={{ logWork: FakeWorkDayForm }} />);
    await ask(user, 'worked 8 to 5 with lunch at 12 to 12:45');
    expect(await screen.findByRole('dialog', { name: 'Log a work day' })).toHaveTextContent('2026-03-11 08:00-17:00 Lunch Break 12:00-12:45');
    expect(screen.getByRole('button', { name: 'Open the work day form' })).toBeInTheDocument();
  });
});
