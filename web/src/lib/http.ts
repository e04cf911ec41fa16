import type { Env } from '@/config/env';
import { ApiError } from './api-error';
import { typedClient, type HttpMethod, type PlainPath, type QueryValue } from './api-paths';
import type { ErrorBody } from './api-schema';
import { reportReachable } from './offline/connectivity';
import { currentLanguage, t } from './i18n';

export type { HttpMethod, QueryValue } from './api-paths';

/** The two REST APIs of the product: the main API and the assistant API (separate hosts in production). */
export type ApiName = 'main' | 'assistant';

export interface HttpOptions {
  api?: ApiName;
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  /** Gives up after this long (an ApiError with status 0, as for no connection); no limit by default. */
  timeoutMs?: number;
}

let configuredEnv: Env | undefined;
let amplify: Promise<typeof import('./amplify-rest')> | undefined;

/** Records the API hosts; Amplify itself is loaded and configured on the first call (or by {@link preloadApis}). */
export function configureApis(env: Env): void {
  configuredEnv = env;
  amplify = undefined;
}

function loadAmplify() {
  amplify ??= import('./amplify-rest').then((module) => {
    if (!configuredEnv) throw new Error('configureApis must run before the first API call');
    module.configure(configuredEnv);
    return module;
  });
  return amplify;
}

/** Starts loading the API client early, when a call is certain to follow (a signed-in start). */
export function preloadApis(): void {
  void loadAmplify().catch(() => undefined);
}

/** Absolute URL on the main API host, for links the browser follows itself (social sign-in). */
export function mainApiUrl(path: PlainPath): string {
  return `${configuredEnv?.apiUrl ?? window.location.origin}${path}`;
}

function toQueryParams(query: HttpOptions['query']): Record<string, string> | undefined {
  if (!query) return undefined;
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params[key] = String(value);
  }
  return params;
}

function parseJson(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A failure as ApiError; one without an answer says so in the person's language (the browser's own words are English). */
function toApiError(error: unknown, timedOut = false): ApiError {
  if (error instanceof ApiError) return error;
  const response = (error as { response?: { statusCode?: number; body?: string } } | null)?.response;
  if (response && typeof response.statusCode === 'number') {
    // The document's failure body, `{message, errors?}`, though a proxy in between may answer anything.
    const body = parseJson(response.body) as Partial<ErrorBody> | string | undefined;
    const message =
      typeof body === 'object' && body && typeof body.message === 'string'
        ? body.message
        : typeof body === 'string' && body
          ? body
          : t('errors.requestFailed', { status: response.statusCode });
    const fieldErrors =
      typeof body === 'object' && body && typeof body.errors === 'object' && body.errors !== null
        ? Object.fromEntries(Object.entries(body.errors as Record<string, unknown>).map(([k, v]) => [k, String(v)]))
        : {};
    return new ApiError(response.statusCode, message, fieldErrors);
  }
  return new ApiError(0, timedOut ? t('errors.timeout') : t('errors.network'));
}

/**
 * One call through Amplify's REST API category, without any session handling. Answers the envelope's `data`.
 * Failures become {@link ApiError} with the server's `message` and field `errors`.
 */
export async function httpRequest<T>(method: HttpMethod, path: string, options: HttpOptions = {}): Promise<T> {
  const { api = 'main', body, query, headers, timeoutMs } = options;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timedOut = false;
  try {
    const { methods } = await loadAmplify();
    const operation = methods[method]({
      apiName: api,
      path,
      options: {
        // The server answers messages and mails in the language the app shows (an account's own language first).
        headers: { 'Content-Type': 'application/json', 'Accept-Language': currentLanguage(), ...headers },
        queryParams: toQueryParams(query),
        ...(body === undefined ? {} : { body: body as never }),
      },
    });
    if (timeoutMs !== undefined)
      timer = setTimeout(() => {
        timedOut = true;
        operation.cancel(t('errors.timeout'));
      }, timeoutMs);
    const response = await operation.response;
    reportReachable(true);
    const payload = parseJson(await response.body.text()) as { data?: T } | undefined;
    return (payload && typeof payload === 'object' && 'data' in payload ? payload.data : payload) as T;
  } catch (error) {
    const failure = toApiError(error, timedOut);
    // Any answer means the server is there; none at all (not a timeout of ours) means it is out of reach.
    if (failure.status !== 0) reportReachable(true);
    else if (!timedOut) reportReachable(false);
    throw failure;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The document's calls without any session handling (src/lib/api-paths.ts): the session's own calls (refresh, sign
 * out) and the reachability probe. Everything else goes through `api` (src/lib/api-client.ts).
 */
export const httpApi = typedClient<Omit<HttpOptions, 'body' | 'query'>>((method, path, options) => httpRequest(method, path, options));
