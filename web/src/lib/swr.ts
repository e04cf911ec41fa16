import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import { api } from './api-client';
import type { ApiKey } from './api-paths';
import { nextTask } from './next-task';
import { markFetched, offlineReads, persistedCacheProvider } from './offline/swr-cache';

export type { ApiKey } from './api-paths';

/**
 * SWR keys are built by `apiKey` (src/lib/api-paths.ts) from the document's paths: the resolved path, optionally
 * with its query (`'/admin/get-count'` or `['/meeting/all', { skip: 0, limit: 20 }]`).
 */
export async function fetcher<T>(key: ApiKey<T>): Promise<T> {
  const data = await api.read(key);
  markFetched(key);
  return data;
}

/** `useSWR` of an {@link ApiKey}, its data typed as the document's answer; `null` reads nothing (signed out). */
export function useApi<T>(key: ApiKey<T> | null | false, config?: SWRConfiguration<T, Error>): SWRResponse<T, Error> {
  return useSWR<T, Error>(key || null, config ?? {});
}

let firstReads: 'held' | Promise<void> | undefined;

/**
 * The reads of the first screen wait until it is painted (src/main.tsx calls this once before the first render).
 * SWR starts them while React commits that screen, and building them (the token check, Amplify's request pipeline)
 * would run before the browser could draw it. Later reads go out at once.
 */
export function holdFirstReadsUntilPaint(): void {
  firstReads = 'held';
}

function firstReadsReleased(): Promise<void> | undefined {
  if (firstReads === 'held') {
    firstReads = new Promise<void>((resolve) => {
      const release = () => {
        firstReads = undefined;
        resolve();
      };
      // The frame being committed now is drawn after the animation frame callbacks: the timeout after them runs once
      // it is on the screen. A hidden tab draws no frames: it waits no longer than a tenth of a second.
      requestAnimationFrame(() => setTimeout(release, 0));
      setTimeout(release, 100);
    });
  }
  return firstReads;
}

/** How long the first screen's answers wait for the slowest of them before each goes on alone. */
const FIRST_ANSWERS_WAIT_MS = 400;

/** The first screen's reads: their answers reach SWR together. */
let firstBatch: Promise<unknown>[] | undefined;

/**
 * Each answer SWR gets starts a synchronous render and commit of the components that read it (SWR's store updates
 * cannot be transitions). The first screen's five or so answers, each on its own, made as many long tasks right
 * after the first paint; handed over together, in one task, React renders them once. A slow answer holds the others
 * back no more than {@link FIRST_ANSWERS_WAIT_MS}.
 */
function answeredTogether<T>(answer: Promise<T>): Promise<T> {
  const batch = (firstBatch ??= []);
  batch.push(answer);
  const together = settled(answer).then(
    // Then waits for every read of the batch so far (one that starts later does not hold this one back).
    () =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, FIRST_ANSWERS_WAIT_MS);
        void Promise.all(batch.map(settled)).then(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
  );
  return together.then(() => answer);
}

const settled = (promise: Promise<unknown>): Promise<void> =>
  promise.then(
    () => undefined,
    () => undefined,
  );

export const swrConfig: SWRConfiguration = {
  fetcher: <T>(key: ApiKey<T>): Promise<T> => {
    const held = firstReadsReleased();
    // A task of its own for each held read: the first screen's five or so reads, built all at once, made one long task.
    return held ? answeredTogether(held.then(nextTask).then(() => fetcher<T>(key))) : fetcher<T>(key);
  },
  revalidateOnFocus: false,
  // A rejected call has already refreshed the session or cleared it; retrying would only repeat the failure.
  shouldRetryOnError: false,
  // The last reads stay on screen offline (src/lib/offline/swr-cache.ts); tests give each render a fresh Map.
  provider: persistedCacheProvider,
  use: [offlineReads],
};
