import { useSyncExternalStore } from 'react';
import { serverUnreachable, subscribeReachability } from './connectivity';
import { api } from '../api-client';
import { ApiError } from '../api-error';
import type { ApiWrite } from '../api-paths';
import { useSession } from '../auth';
import { t } from '../i18n';
import { readSession } from '../session';
import {
  enqueue,
  ensureQueueLoaded,
  hasWaiting,
  isNetworkError,
  itemsOf,
  newIdempotencyKey,
  queueSnapshot,
  subscribeQueue,
  syncQueue,
  type NewWrite,
  type QueuedWrite,
  type QueueKind,
  type RecordFields,
  type SyncHooks,
  type SyncTransport,
} from './queue';

/**
 * A write that can wait for the connection: a record's add, edit or delete (a break, task, meeting, leave or checklist
 * item), a live break's start or end. `request` is the call, built by `apiWrite` from the document's paths (the
 * queue keeps its method, resolved path and body).
 * `whenQueued` are body fields sent only by a write that goes straight into the queue (a live break's tap time,
 * `at`): a write sent at once lets the server's clock decide, so a phone whose clock is off changes nothing, and a
 * write that was tried keeps the body it was tried with (its Idempotency-Key names that body).
 */
export type OfflineWrite<T> = Omit<NewWrite, 'key' | 'userId' | 'method' | 'path' | 'body'> & { request: ApiWrite<T>; whenQueued?: Record<string, unknown> };

export type WriteOutcome<T> = { queued: false; data: T } | { queued: true; item: QueuedWrite };

/**
 * A save that could not reach the server is given up after this long and queued (with the same key, so if it did
 * arrive, sending it again changes nothing).
 */
export const WRITE_TIMEOUT_MS = 20_000;

const idempotent = (key: string) => ({ 'Idempotency-Key': key });

/** A record as the server has it now, for a queued edit's conflict check. */
const READ_RECORD: Record<Exclude<QueueKind, 'live-break' | 'live-work'>, (id: string) => Promise<RecordFields>> = {
  break: (id) => api.get('/break/get/{id}', { params: { id }, timeoutMs: WRITE_TIMEOUT_MS }),
  task: (id) => api.get('/task/get/{id}', { params: { id }, timeoutMs: WRITE_TIMEOUT_MS }),
  meeting: (id) => api.get('/meeting/get/{id}', { params: { id }, timeoutMs: WRITE_TIMEOUT_MS }),
  leave: (id) => api.get('/leaves/get/{id}', { params: { id }, timeoutMs: WRITE_TIMEOUT_MS }),
  checklist: (id) => api.get('/daily-checklist/get/{id}', { params: { id }, timeoutMs: WRITE_TIMEOUT_MS }),
};

export const apiTransport: SyncTransport = {
  send: (item, ifMatch) =>
    api.send(item, {
      headers: ifMatch ? { ...idempotent(item.key), 'If-Match': `"${ifMatch}"` } : idempotent(item.key),
      timeoutMs: WRITE_TIMEOUT_MS,
    }),
  fetchRecord: async (item) => {
    if (item.kind === 'live-break' || item.kind === 'live-work' || !item.recordId) return null;
    try {
      return await READ_RECORD[item.kind](item.recordId);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
};

/** Online as far as the app can tell: the browser says so and the last call reached the server. */
const online = () => (typeof navigator === 'undefined' || navigator.onLine !== false) && !serverUnreachable();

/**
 * Sends a write now, or queues it: when offline, when earlier writes still wait (it must not overtake them), or when
 * the call fails on the network. A queued write keeps its Idempotency-Key, so a lost answer sent again is harmless.
 * Other failures (a refused value, a server error) reject as before, for the form to show.
 */
export async function sendOrQueue<T>(write: OfflineWrite<T>): Promise<WriteOutcome<T>> {
  const userId = readSession().id;
  const key = newIdempotencyKey();
  const { whenQueued, request, ...rest } = write;
  const base = { ...rest, method: request.method, path: request.path, body: request.body };
  await ensureQueueLoaded();
  let tried = false;
  if (online() && !hasWaiting(userId)) {
    tried = true;
    try {
      const data = await api.send(request, { headers: idempotent(key), timeoutMs: WRITE_TIMEOUT_MS });
      return { queued: false, data };
    } catch (error) {
      // Queued items belong to a person (the `id` cookie): without it, the failure is shown as it is.
      if (!isNetworkError(error) || !userId) throw error;
    }
  }
  if (!userId) throw new ApiError(0, t('offline.noConnection'));
  const body = tried || !whenQueued ? base.body : { ...base.body, ...whenQueued };
  const item = await enqueue({ ...base, body, key, userId });
  // The browser online after all (a lost answer, or items ahead of it): try the queue at once.
  if (typeof navigator === 'undefined' || navigator.onLine !== false) void syncQueue(userId, apiTransport, syncHooks);
  return { queued: true, item };
}

let syncHooks: SyncHooks = {};

/** The shell's hooks for every run (reloading the lists a sent write changes). */
export function setSyncHooks(hooks: SyncHooks): void {
  syncHooks = hooks;
}

/** Sends the signed-in person's waiting writes. */
export function syncNow() {
  return syncQueue(readSession().id, apiTransport, syncHooks);
}

// ---- React ----------------------------------------------------------------------------------------------

/** The signed-in person's queued writes, in order (all of them, or of one kind). */
export function useQueuedWrites(kind?: QueueKind): QueuedWrite[] {
  const items = useSyncExternalStore(subscribeQueue, queueSnapshot, queueSnapshot);
  const { id } = useSession();
  const mine = itemsOf(items, id);
  return kind ? mine.filter((item) => item.kind === kind) : mine;
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  const unsubscribe = subscribeReachability(listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
    unsubscribe();
  };
}

/** The connection as the app sees it: the browser's `navigator.onLine`, and whether the last call reached the server. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, online, () => true);
}

/** The toast of a save that was queued, with the form's own note after it when it has one. */
export const queuedMessage = (note?: string): string => (note ? t('offline.queuedWithNote', { note }) : t('offline.queued'));

/** A live record as the card shows it: the server's, or one a start still queued offline opened. */
export type Live<T> = T & { pending?: QueuedWrite };

/**
 * The open record of a live kind, with its queued starts and ends played over the server's (last known) one: an end
 * closes it, a start opens the record `opened` builds from the tap and its time (`at`, else when it was queued).
 */
export function useLiveRecord<T extends object>(
  kind: 'live-break' | 'live-work',
  current: { data?: Live<T> | null; isLoading: boolean; error?: unknown },
  opened: (tap: QueuedWrite, since: string, started: Date) => Live<T>,
) {
  const taps = useQueuedWrites(kind).filter((item) => item.status === 'waiting');
  let live: Live<T> | null | undefined = current.data;
  for (const item of taps) {
    if (item.action === 'end') {
      live = null;
    } else {
      const since = String(item.body?.['at'] ?? item.queuedAt);
      live = opened(item, since, new Date(since));
    }
  }
  return { live, isLoading: current.isLoading && taps.length === 0, error: current.error };
}
