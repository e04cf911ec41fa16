import type { SWRConfiguration } from 'swr';
import { api } from './api-client';
import type { ApiName, QueryValue } from './http';

/**
 * SWR keys are the API path, optionally with its query (and the API name for the assistant):
 * `'/admin/get-count'` or `['/meeting/all', { skip: 0, limit: 20 }]`.
 */
export type ApiKey = string | readonly [path: string, query?: Record<string, QueryValue>, apiName?: ApiName];

export function fetcher<T>(key: ApiKey): Promise<T> {
  if (typeof key === 'string') return api.get<T>(key);
  const [path, query, apiName] = key;
  return api.get<T>(path, { query, api: apiName });
}

export const swrConfig: SWRConfiguration = {
  fetcher,
  revalidateOnFocus: false,
  // A rejected call has already refreshed the session or cleared it; retrying would only repeat the failure.
  shouldRetryOnError: false,
};
