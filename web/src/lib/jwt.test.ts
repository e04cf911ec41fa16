import { describe, expect, it } from 'vitest';
import { fakeJwt } from '@/testing/jwt';
import { isAccessTokenUsable, tokenExpiryMs } from './jwt';

describe('access token expiry', () => {
  const now = Date.UTC(2025, 0, 1, 12, 0, 0);

  it('reads exp (seconds) as milliseconds', () => {
    expect(tokenExpiryMs(fakeJwt(now / 1000 + 60))).toBe(now + 60_000);
  });

  it('accepts a token whose exp is still ahead', () => {
    expect(isAccessTokenUsable(fakeJwt(now / 1000 + 1), now)).toBe(true);
  });

  it('rejects a token at or past its exp', () => {
    expect(isAccessTokenUsable(fakeJwt(now / 1000), now)).toBe(false);
    expect(isAccessTokenUsable(fakeJwt(now / 1000 - 3600), now)).toBe(false);
  });

  it("rejects a missing token, the literal 'undefined' and unreadable tokens", () => {
    expect(isAccessTokenUsable(undefined, now)).toBe(false);
    expect(isAccessTokenUsable('', now)).toBe(false);
    expect(isAccessTokenUsable('undefined', now)).toBe(false);
    expect(isAccessTokenUsable('not-a-jwt', now)).toBe(false);
    expect(isAccessTokenUsable('a.%%%.c', now)).toBe(false);
  });
});
