import type { paths } from './api-types';

/*
 * The typed layer over the generated `paths` of the OpenAPI document (`api-types.ts`): which paths take which method,
 * their path parameters, query, body and answer. The API client (`api-client.ts`), the sessionless calls of the HTTP
 * layer (`http.ts`), the SWR keys and the offline queue's writes are all built from it, so an API path is always a
 * literal of the document's paths, checked by the compiler, and never a string put together by hand
 * (`no-api-path-literals.test.ts` fails on one).
 */

export type ApiPath = keyof paths;
export type Method = 'get' | 'post' | 'put' | 'delete';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

const HTTP_METHODS = { get: 'GET', post: 'POST', put: 'PUT', delete: 'DELETE' } as const satisfies Record<Method, HttpMethod>;

type Defined<T> = Exclude<T, undefined>;

/** The paths that take a method: `PathsWith<'get'>` is every path `GET` reads. */
export type PathsWith<M extends Method> = { [P in ApiPath]: [Defined<paths[P][M]>] extends [never] ? never : P }[ApiPath];

/** A path without parameters (`/break/list`, not `/break/get/{id}`). */
export type PlainPath<P extends string = ApiPath> = P extends `${string}{${string}` ? never : P;

/** The operation of a path and method, as openapi-typescript generated it. */
export type Operation<P extends ApiPath, M extends Method> = Defined<paths[P][M]>;

type ParamsOf<O> = O extends { parameters: { path: infer T } } ? T : never;
type QueryOf<O> = O extends { parameters: { query?: infer Q } } ? Defined<Q> : never;
type BodyOf<O> = O extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

type ParamsPart<O> = [ParamsOf<O>] extends [never] ? { params?: never } : { params: ParamsOf<O> };
type QueryPart<O> = [QueryOf<O>] extends [never]
  ? { query?: never }
  : O extends { parameters: { query: object } }
    ? { query: QueryOf<O> }
    : { query?: QueryOf<O> };
type BodyPart<O> = [BodyOf<O>] extends [never] ? { body?: never } : O extends { requestBody: object } ? { body: BodyOf<O> } : { body?: BodyOf<O> };

/** What a call of a path and method takes besides the path: its path parameters, query and JSON body. */
export type Init<P extends ApiPath, M extends Method> = ParamsPart<Operation<P, M>> & QueryPart<Operation<P, M>> & BodyPart<Operation<P, M>>;

/** The JSON body of a path and method (`never` when it takes none). */
export type Body<P extends ApiPath, M extends Method> = BodyOf<Operation<P, M>>;

/** The query of a path and method. */
export type Query<P extends ApiPath, M extends Method> = QueryOf<Operation<P, M>>;

type RequiredKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? never : K }[keyof T];

/** The init argument: optional when nothing in it is required. */
export type InitArgs<P extends ApiPath, M extends Method, Options> = [RequiredKeys<Init<P, M>>] extends [never]
  ? [init?: Init<P, M> & Options]
  : [init: Init<P, M> & Options];

type SuccessStatus = 200 | 201 | 202 | 204;
type ContentOf<R> = R extends { content: infer C } ? C[keyof C] : undefined;
type SuccessBody<O> = O extends { responses: infer R } ? { [S in keyof R & SuccessStatus]: ContentOf<R[S]> }[keyof R & SuccessStatus] : never;
/** The envelope's `data`, which the HTTP layer answers (an answer without one is answered whole). */
type Unwrapped<B> = B extends { data: infer D } ? D : B;

/** What a call of a path and method answers: the success answer's `data`. */
export type Answer<P extends ApiPath, M extends Method> = Unwrapped<SuccessBody<Operation<P, M>>>;

/** A path with its parameters put in (each encoded), e.g. `/break/edit/{id}` with `{ id }`. */
export function resolvePath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} of ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The options every call takes besides the init's params, query and body. */
interface SendOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
}

export type Send<Options> = (method: HttpMethod, path: string, options: Options & SendOptions) => Promise<unknown>;

type Call<M extends Method, Options> = <P extends PathsWith<M>>(path: P, ...init: InitArgs<P, M, Options>) => Promise<Answer<P, M>>;

export interface TypedClient<Options> {
  get: Call<'get', Options>;
  post: Call<'post', Options>;
  put: Call<'put', Options>;
  del: Call<'delete', Options>;
}

/**
 * The typed calls over a transport: `client.get('/task/list', { query })`, `client.put('/task/edit/{id}', { params:
 * { id }, body })`. The path is one of the document's for that method, the params, query and body are its own (an
 * object literal with a key the document does not list is a compile error), and the answer is its `data`.
 */
export function typedClient<Options extends object>(send: Send<Options>): TypedClient<Options> {
  const call =
    (method: Method) =>
    (path: string, init: { params?: Record<string, string | number> } & Options & SendOptions = {} as Options) => {
      const { params, ...options } = init;
      return send(HTTP_METHODS[method], resolvePath(path, params), options as Options & SendOptions);
    };
  return { get: call('get'), post: call('post'), put: call('put'), del: call('delete') } as unknown as TypedClient<Options>;
}

// ---- reads: SWR keys ------------------------------------------------------------------------------------------

declare const answerType: unique symbol;

/**
 * An SWR key of a `GET` (src/lib/swr.ts fetches it): the resolved path, or `[path, query]`. It carries the type of
 * its answer, which `useApi` gives its data.
 */
export type ApiKey<T = unknown> = (string | readonly [path: string, query: Record<string, QueryValue>]) & { readonly [answerType]?: T };

/** The answer type an {@link ApiKey} carries. */
export type KeyAnswer<K> = K extends ApiKey<infer T> ? T : never;

/**
 * The SWR key of a read: `apiKey('/break/current')` is `'/break/current'`, `apiKey('/task/list', { query })` is
 * `['/task/list', query]` (the shapes SWR's persisted cache has always held).
 */
export function apiKey<P extends PathsWith<'get'>>(path: P, ...init: InitArgs<P, 'get', object>): ApiKey<Answer<P, 'get'>> {
  const [options] = init as [{ params?: Record<string, string | number>; query?: Record<string, QueryValue> }?];
  const resolved = resolvePath(path, options?.params);
  return (options?.query ? [resolved, options.query] : resolved) as ApiKey<Answer<P, 'get'>>;
}

/** The path of an SWR key, whatever its shape. */
export function keyPath(key: unknown): string | undefined {
  if (typeof key === 'string') return key;
  return Array.isArray(key) && typeof key[0] === 'string' ? key[0] : undefined;
}

/** The first segment of the document's paths, as a key prefix: `/break/`, `/leaves/`... */
export type ApiPrefix = ApiPath extends infer P ? (P extends `/${infer Head}/${string}` ? `/${Head}/` : never) : never;

/** Whether an SWR key reads a path under a prefix of the document (`/task/`): for `mutate(filter)`. */
export const keyUnder = (key: unknown, prefix: ApiPrefix): boolean => keyPath(key)?.startsWith(prefix) ?? false;

/** Whether an SWR key reads one of the given paths (without parameters). */
export const keyIn = (key: unknown, readPaths: readonly PlainPath<PathsWith<'get'>>[]): boolean => {
  const path = keyPath(key);
  return path !== undefined && (readPaths as readonly string[]).includes(path);
};

// ---- writes: the offline queue's requests ---------------------------------------------------------------------

export type WriteMethod = Exclude<Method, 'get'>;

declare const writeAnswer: unique symbol;

/**
 * A write as the offline queue keeps it: the method, the resolved path and the JSON body. It carries the type of
 * its answer, which `sendOrQueue` answers.
 */
export interface ApiWrite<T = unknown> {
  method: Exclude<HttpMethod, 'GET'>;
  path: string;
  body?: Record<string, unknown>;
  readonly [writeAnswer]?: T;
}

type WriteCall<M extends WriteMethod> = <P extends PathsWith<M>>(path: P, ...init: InitArgs<P, M, object>) => ApiWrite<Answer<P, M>>;

const writeOf =
  (method: WriteMethod) =>
  (path: string, init: { params?: Record<string, string | number>; body?: Record<string, unknown> } = {}): ApiWrite => {
    const write: ApiWrite = { method: HTTP_METHODS[method], path: resolvePath(path, init.params) };
    if (init.body !== undefined) write.body = init.body;
    return write;
  };

/**
 * The writes of the document, for the offline queue (`sendOrQueue`): `apiWrite.put('/task/edit/{id}', { params: { id },
 * body })` is `{ method: 'PUT', path: '/task/edit/01J...', body }`, typed as `api.put` is.
 */
export const apiWrite = { post: writeOf('post'), put: writeOf('put'), del: writeOf('delete') } as unknown as {
  post: WriteCall<'post'>;
  put: WriteCall<'put'>;
  del: WriteCall<'delete'>;
};
