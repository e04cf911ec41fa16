import { describe, expect, it } from 'vitest';
import { fakeJwt } from '@/testing/jwt';
import { api, http, ok, server } from '@/testing/server';
import { setCookies } from '@/testing/test-utils';
import { holdFirstReadsUntilPaint, swrConfig } from './swr';

const fetch = swrConfig.fetcher as (key: string) => Promise<unknown>;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the first screen’s reads', () => {
  it('go out once it is painted, and their answers arrive together; later reads go on alone', async () => {
    setCookies({ access_token: fakeJwt(Date.now() / 1000 + 600), refresh_token: 'r', id: 'u1' });
    server.use(
      http.get(api('/fast'), () => ok('fast')),
      http.get(api('/slow'), async () => {
        await pause(150);
        return ok('slow');
      }),
      http.get(api('/later'), () => ok('later')),
    );
    holdFirstReadsUntilPaint();
    const arrived: string[] = [];
    const note = (name: string) => (value: unknown) => {
      arrived.push(`${name}:${String(value)}`);
      return value;
    };
    const fast = fetch('/fast').then(note('fast'));
    const slow = fetch('/slow').then(note('slow'));
    // The fast answer waits for the slow one: nothing has arrived while the slow one is still on its way.
    await pause(80);
    expect(arrived).toEqual([]);
    await Promise.all([fast, slow]);
    expect(arrived.sort()).toEqual(['fast:fast', 'slow:slow']);
    // Once the first screen's reads are out, a read is answered as soon as it arrives.
    await expect(fetch('/later')).resolves.toBe('later');
  });
});
