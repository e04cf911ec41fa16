import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '@/testing/jwt';
import { api, http, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import { reportReachable } from '@/lib/offline/connectivity';
import { enqueue } from '@/lib/offline/queue';
import { OfflineSync } from './offline-sync';

describe('OfflineSync', () => {
  it('announces a sync once when the connection comes back, though the online event and the server answering again both start one', async () => {
    setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: 'u1', name: 'Ada', email: 'ada@example.com' });
    const sent: string[] = [];
    server.use(
      http.post(api('/task/add'), async ({ request }) => {
        sent.push(((await request.json()) as { title: string }).title);
        return ok({ _id: `t${sent.length}` }, 201);
      }),
    );
    await enqueue({ key: 'a', userId: 'u1', kind: 'task', action: 'add', method: 'POST', path: '/task/add', body: { title: 'Call' }, label: 'Add task: Call' });
    await enqueue({
      key: 'b',
      userId: 'u1',
      kind: 'task',
      action: 'add',
      method: 'POST',
      path: '/task/add',
      body: { title: 'Write' },
      label: 'Add task: Write',
    });
    // Offline, with the last call unanswered: nothing is sent yet.
    reportReachable(false);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithProviders(<OfflineSync />);

    // Back: the browser says so, and the server answers a call again.
    onLine.mockRestore();
    window.dispatchEvent(new Event('online'));
    reportReachable(true);

    expect(await screen.findByText('2 changes synced.')).toBeInTheDocument();
    await waitFor(() => expect(sent).toEqual(['Call', 'Write']));
    // Give a second announcement every chance to appear.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getAllByText('2 changes synced.')).toHaveLength(1);
  });
});
