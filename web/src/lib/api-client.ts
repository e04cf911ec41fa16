import { httpRequest, type HttpMethod, type HttpOptions } from './http';
import { getValidAccessToken } from './session';

export interface RequestOptions extends HttpOptions {
  /** Public calls (sign-in, sign-up, contact, email links) skip the session; every other call carries the token. */
  auth?: boolean;
}

async function request<T>(method: HttpMethod, path: string, { auth = true, headers, ...options }: RequestOptions = {}): Promise<T> {
  if (!auth) return httpRequest<T>(method, path, { ...options, headers });
  const token = await getValidAccessToken();
  return httpRequest<T>(method, path, { ...options, headers: { ...headers, Authorization: `Bearer ${token}` } });
}

/**
 * The one API client. Each call checks the access token's `exp` first and refreshes it when needed
 * (spec §4); it answers the envelope's `data` and throws ApiError with the server's message.
 */
export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  del: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
