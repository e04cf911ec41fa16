import { ApiError } from './api-error';
import { getCookie } from './cookies';
import { keyPath, typedClient, type ApiKey, type ApiWrite, type HttpMethod } from './api-paths';
import { httpRequest, type HttpOptions } from './http';
import { newIdempotencyKey } from './idempotency-key';
import { getValidAccessToken, refreshAccessToken } from './session';

export interface RequestOptions extends HttpOptions {
  /** Public calls (sign-in, sign-up, contact, email links) skip the session; every other call carries the token. */
  auth?: boolean;
}

/** Header names are case-insensitive: a caller's own key (the offline queue's) wins. */
const hasHeader = (headers: Record<string, string> | undefined, name: string) =>
  Object.keys(headers ?? {}).some((header) => header.toLowerCase() === name.toLowerCase());

async function request<T>(method: HttpMethod, path: string, { auth = true, headers, ...options }: RequestOptions = {}): Promise<T> {
  if (!auth) return httpRequest<T>(method, path, { ...options, headers });
  // Every signed-in write of the main API carries an Idempotency-Key, one per call (the retry below reuses it), so
  // a write whose answer was lost is safe to send again (docs/api.md, Idempotent writes).
  if (method !== 'GET' && (options.api ?? 'main') === 'main' && !hasHeader(headers, 'Idempotency-Key')) {
    headers = { ...headers, 'Idempotency-Key': newIdempotencyKey() };
  }
  const send = (token: string) => httpRequest<T>(method, path, { ...options, headers: { ...headers, Authorization: `Bearer ${token}` } });
  const token = await getValidAccessToken();
  try {
    return await send(token);
  } catch (error) {
    // The server ended a token that still looks valid here (a new signing key, a clock ahead of the server's):
    // refresh it and send the call again, once. A token another call renewed meanwhile is used as it is.
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    const current = getCookie('access_token');
    let renewed: string;
    if (current && current !== 'undefined' && current !== token) {
      renewed = current;
    } else {
      try {
        renewed = await refreshAccessToken();
      } catch {
        throw error;
      }
    }
    return send(renewed);
  }
}

/**
 * The one API client, typed by the OpenAPI document's `paths` (src/lib/api-paths.ts):
 * `api.get('/task/list', { query })`, `api.put('/task/edit/{id}', { params: { id }, body })`. Each call checks the
 * access token's `exp` first and refreshes it when needed (spec §4); a signed-in call answered 401 anyway is sent
 * again once with a refreshed token. It answers the envelope's `data` and throws ApiError with the server's message.
 */
export const api = {
  ...typedClient<Omit<RequestOptions, 'body' | 'query'>>((method, path, options) => request(method, path, options)),
  /** A write the offline queue kept (its method, resolved path and body), sent again. */
  send: <T>(write: ApiWrite<T>, options?: Omit<RequestOptions, 'body'>) => request<T>(write.method, write.path, { ...options, body: write.body }),
  /** The `GET` of an SWR key (src/lib/swr.ts). */
  read: <T>(key: ApiKey<T>, options?: Omit<RequestOptions, 'body' | 'query'>) =>
    request<T>('GET', keyPath(key) ?? '', { ...options, query: typeof key === 'string' ? undefined : key[1] }),
};
