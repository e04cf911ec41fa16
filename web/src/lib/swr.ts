import type { SWRConfiguration } from 'swr';
import { api } from './api-client';
import type { ApiName, QueryValue } from './http';
import { markFetched, offlineReads, persistedCacheProvider } from './offline/swr-cache';

/**
 * SWR keys are the API path, optionally with its query (and the API name for the assistant):
 * `'/admin/get-count'` or `['/meeting/all', { skip: 0, limit: 20 }]`.
 */
export type ApiKey = string | readonly [path: string, query?: Record<string, QueryValue>, apiName?: ApiName];

export async function fetcher<T>(key: ApiKey): Promise<T> {
  const data = typeof key === 'string' ? await api.get<T>(key) : await api.get<T>(key[0], { query: key[1], api: key[2] });
  markFetched(key);
  return data;
}

export const swrConfig: SWRConfiguration = {
  fetcher,
  revalidateOnFocus: false,
  // A rejected call has already refreshed the session or cleared it; retrying would only repeat the failure.
  shouldRetryOnError: false,
  // The last reads stay on screen offline (src/lib/offline/swr-cache.ts); tests give each render a fresh Map.
  provider: persistedCacheProvider,
  use: [offlineReads],
};
