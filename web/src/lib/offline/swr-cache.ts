import { useEffect, useSyncExternalStore } from 'react';
import { unstable_serialize, type Cache, type Key, type Middleware, type SWRResponse, type State } from 'swr';
import { getCookie } from '../cookies';
import { subscribeSession } from '../session';
import { isNetworkError } from './queue';

/**
 * The reads the app fetched last stay readable offline: SWR's cache is kept in localStorage (for the signed-in
 * person only, cleared at sign-out) and loaded before the first render, so the dashboard, tasks, meetings, leaves and
 * the team's lists show what was last fetched, with the time it was fetched, while the connection is away.
 */

const STORAGE_KEY = 'breaktime.readCache';
/** localStorage holds about 5 MB per site: the oldest reads are left out past this many characters. */
const MAX_CHARS = 1_500_000;
const SAVE_DELAY_MS = 1000;

interface Saved {
  userId: string;
  /** [SWR key, data, fetched at (ms)] */
  entries: [string, unknown, number][];
}

/** When each read last came from the server (ms), by SWR's serialized key. */
const fetchedAt = new Map<string, number>();
/** Reads on screen now (serialized key to the number of hooks using it). */
const mounted = new Map<string, number>();
const listeners = new Set<() => void>();
let cache: Map<string, State> | undefined;
let saveTimer: ReturnType<typeof setTimeout> | undefined;

function changed(): void {
  for (const listener of listeners) listener();
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** Saves what the cache holds for the reads fetched through the API, newest first, within the size limit. */
export function savePersistedCache(): void {
  clearTimeout(saveTimer);
  saveTimer = undefined;
  const store = storage();
  if (!cache || !store) return;
  const userId = getCookie('id');
  if (!userId || userId === 'undefined') {
    store.removeItem(STORAGE_KEY);
    return;
  }
  const entries: Saved['entries'] = [];
  for (const [key, at] of [...fetchedAt].sort((a, b) => b[1] - a[1])) {
    const data = cache.get(key)?.data;
    if (data !== undefined) entries.push([key, data, at]);
  }
  let json = JSON.stringify({ userId, entries } satisfies Saved);
  while (json.length > MAX_CHARS && entries.length > 0) {
    entries.pop();
    json = JSON.stringify({ userId, entries } satisfies Saved);
  }
  try {
    store.setItem(STORAGE_KEY, json);
  } catch (error) {
    console.error('Keeping the lists for offline use failed', error);
  }
}

function scheduleSave(): void {
  if (!cache || saveTimer) return;
  saveTimer = setTimeout(savePersistedCache, SAVE_DELAY_MS);
}

/** Records a successful read (the shared fetcher calls it). */
export function markFetched(key: Key): void {
  fetchedAt.set(unstable_serialize(key), Date.now());
  scheduleSave();
  changed();
}

/** SWR's `provider`: a Map filled from localStorage with the signed-in person's last reads. */
export function persistedCacheProvider(): Cache {
  const map = new Map<string, State>();
  const userId = getCookie('id');
  try {
    const saved = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? 'null') as Saved | null;
    if (saved && userId && saved.userId === userId && Array.isArray(saved.entries)) {
      for (const [key, data, at] of saved.entries) {
        map.set(key, { data });
        fetchedAt.set(key, at);
      }
    }
  } catch {
    // Unreadable: start empty.
  }
  cache = map;
  // Saved when the tab is hidden or closed too, so a read fetched just before is not lost.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') savePersistedCache();
  });
  window.addEventListener('pagehide', savePersistedCache);
  // Signed out (the session cookies are gone): the person's lists leave this device.
  subscribeSession(() => {
    if (!getCookie('id')) storage()?.removeItem(STORAGE_KEY);
  });
  return map;
}

/**
 * Keeps a read's last data on screen when a refresh fails for want of a connection: the error is hidden while there
 * is data to show (a refused read still shows its error). Also tracks which reads are on screen, for
 * {@link useLastUpdated}.
 */
export const offlineReads: Middleware = (useSWRNext) => (key, fetcher, config) => {
  const swr = useSWRNext(key, fetcher, config);
  const serialized = key === null ? '' : unstable_serialize(key);
  useEffect(() => {
    if (!serialized) return;
    mounted.set(serialized, (mounted.get(serialized) ?? 0) + 1);
    changed();
    return () => {
      const count = (mounted.get(serialized) ?? 1) - 1;
      if (count > 0) mounted.set(serialized, count);
      else mounted.delete(serialized);
      changed();
    };
  }, [serialized]);
  // useSWRMutation and useSWRInfinite go through the same middleware: their answers are left as they are (a paged
  // list keeps its `size` and `setSize`).
  if ('trigger' in swr || 'setSize' in swr || !('isLoading' in swr)) return swr;
  const wrapped: SWRResponse = {
    get data() {
      return swr.data;
    },
    get error() {
      const error: unknown = swr.error;
      return isNetworkError(error) && swr.data !== undefined ? undefined : error;
    },
    get isLoading() {
      return swr.isLoading;
    },
    get isValidating() {
      return swr.isValidating;
    },
    get mutate() {
      return swr.mutate;
    },
  };
  return wrapped as typeof swr;
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * When the oldest read on screen was last fetched (ms). It is the store's value itself, so a change that leaves it as
 * it was (each of the first screen's reads mounting) renders nothing again.
 */
function oldestOnScreen(): number | undefined {
  let oldest: number | undefined;
  for (const key of mounted.keys()) {
    const at = fetchedAt.get(key);
    if (at !== undefined && (oldest === undefined || at < oldest)) oldest = at;
  }
  return oldest;
}

/** When the oldest read on screen was last fetched from the server (ms), if any was. */
export function useLastUpdated(): number | undefined {
  return useSyncExternalStore(subscribe, oldestOnScreen, oldestOnScreen);
}
