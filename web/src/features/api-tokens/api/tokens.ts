import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import { apiKey } from '@/lib/api-paths';
import type { Schemas } from '@/lib/api-schema';
import { useSession } from '@/lib/auth';
import { useApi } from '@/lib/swr';

/*
 * Personal API tokens, aliased from the document generated into `src/lib/api-types.ts`. The feature imports them from
 * this file only.
 */

/** `read`: GET and HEAD routes only; `write`: every route but the session-only ones. */
export type TokenScope = Schemas['TokenScope'];

/** A token as `GET /user/tokens` lists it: never its secret. */
export type ApiToken = Schemas['ApiToken'];

/** What `POST /user/tokens` answers (201): the only time the secret is shown. */
export type CreatedToken = Schemas['NewApiToken'];

export type TokenInput = { name: string; scope: TokenScope; expiresInDays: number };

export const tokenKeys = { list: apiKey('/user/tokens') } as const;

export function useTokens() {
  const { signedIn } = useSession();
  return useApi(signedIn && tokenKeys.list);
}

/**
 * Creates a token; the list then reloads from the server, so the secret lives only in the caller's state and never
 * reaches the (persisted) SWR cache.
 */
export function useCreateToken() {
  return useSWRMutation(tokenKeys.list, (_key: unknown, { arg }: { arg: TokenInput }) => api.post('/user/tokens', { body: arg }));
}

export function useRevokeToken() {
  return useSWRMutation(tokenKeys.list, (_key: unknown, { arg: id }: { arg: string }) => api.del('/user/tokens/{id}', { params: { id } }));
}
