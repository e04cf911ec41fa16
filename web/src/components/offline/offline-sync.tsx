import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { useToast } from '@/components/ui/toast';
import { t } from '@/lib/i18n';
import { keyIn, keyPath, keyUnder } from '@/lib/api-paths';
import { getCookie } from '@/lib/cookies';
import { httpApi } from '@/lib/http';
import { serverUnreachable, subscribeReachability } from '@/lib/offline/connectivity';
import { hasWaiting, type QueueKind } from '@/lib/offline/queue';
import { setSyncHooks, syncNow } from '@/lib/offline/write';
import { readSession, refreshAccessToken } from '@/lib/session';

/** While writes wait and the browser says it is online (a server out of reach does not say so), try again this often. */
export const RETRY_MS = 30_000;
/** While the server is out of reach, how often a small read checks whether it is back. */
export const PROBE_MS = 5_000;

const breakReads = (key: unknown) => keyUnder(key, '/break/') || keyIn(key, ['/admin/onBreak', '/admin/get']);

const READS: Record<QueueKind, (key: unknown) => boolean> = {
  'live-break': breakReads,
  // Clocking in or out changes the day's figures, the balance and the timesheet (the working-time routes are not in
  // the generated document yet: matched by their path until they are, then by keyUnder).
  'live-work': (key) => /^\/(work|timesheets)(\/|$)/.test(keyPath(key) ?? ''),
  break: breakReads,
  task: (key) => keyUnder(key, '/task/'),
  meeting: (key) => keyUnder(key, '/meeting/'),
  // A leave changes the balances and the team's absences too.
  leave: (key) => keyUnder(key, '/leaves/') || keyIn(key, ['/admin/onLeaves', '/admin/get', '/admin/balances']),
  checklist: (key) => keyUnder(key, '/daily-checklist/'),
};

/**
 * Sends the queue when the app opens, when the connection comes back and every half minute while something waits;
 * each write sent reloads the lists that show it before it leaves the queue (no flash of the old list).
 */
export function OfflineSync() {
  const { mutate } = useSWRConfig();
  const toast = useToast();

  useEffect(() => {
    let cancelled = false;
    // Announced by the run itself: the connection coming back starts a run from the `online` event and from the
    // reachability watch at once, and both callers share that one run's result.
    setSyncHooks({
      onSent: (item) => mutate(READS[item.kind]),
      onFinished: ({ sent }) => {
        if (!cancelled && sent.length > 0) {
          toast.show({ message: t('offline.synced', { count: sent.length }), variant: 'success', duration: 3000 });
        }
      },
    });
    const run = async () => {
      if (!navigator.onLine) return;
      const session = readSession();
      // Opened offline after the access token ran out: sign in again silently now that the server can be reached.
      if (!session.signedIn && getCookie('refresh_token') && getCookie('id')) await refreshAccessToken().catch(() => undefined);
      if (!hasWaiting(readSession().id)) return;
      await syncNow();
    };
    const start = () => void run().catch((error: unknown) => console.error('Syncing the offline changes failed', error));
    start();
    window.addEventListener('online', start);
    const timer = setInterval(start, RETRY_MS);
    // The server out of reach: a small public read now and then tells when it is back, and the queue goes then.
    const stopWatching = subscribeReachability(() => {
      if (!serverUnreachable()) start();
    });
    const probe = setInterval(() => {
      if (serverUnreachable() && navigator.onLine) void httpApi.get('/auth/providers').catch(() => undefined);
    }, PROBE_MS);
    return () => {
      cancelled = true;
      setSyncHooks({});
      window.removeEventListener('online', start);
      clearInterval(timer);
      clearInterval(probe);
      stopWatching();
    };
  }, [mutate, toast]);

  return null;
}
