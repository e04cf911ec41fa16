import { fakeJwt } from './jwt';
import { api as url, fail, http, ok } from './server';

/* A session that ends on the server while the token still looks valid here (a restart with a new key, a sign-out
 * elsewhere, a clock ahead of the server's): the endpoints the client's refresh-and-retry tests talk to. */

export const valid = () => fakeJwt(Date.now() / 1000 + 3600, 'old');
export const fresh = fakeJwt(Date.now() / 1000 + 8 * 3600, 'fresh');

/** /auth/refresh-token answering a new pair (or failing), counting the calls. */
export function refreshEndpoint(answer = () => ok({ access_token: fresh, refresh_token: 'r2', id: 'u1', name: 'Ada' })) {
  const calls: unknown[] = [];
  return {
    calls,
    handler: http.post(url('/auth/refresh-token'), async ({ request }) => {
      calls.push(await request.json());
      return answer();
    }),
  };
}

/** An endpoint that refuses every token but the fresh one, keeping the Authorization header of each call. */
export function onlyFresh(method: 'get' | 'post', path: string, data: unknown) {
  const seen: string[] = [];
  return {
    seen,
    handler: http[method](url(path), ({ request }) => {
      const authorization = request.headers.get('authorization') ?? '';
      seen.push(authorization);
      return authorization === `Bearer ${fresh}` ? ok(data, method === 'post' ? 201 : 200) : fail(401, 'Unauthorized');
    }),
  };
}
