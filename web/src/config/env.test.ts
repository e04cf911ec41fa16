import { describe, expect, it } from 'vitest';
import { readEnv } from './env';

describe('build-time env', () => {
  it('defaults both APIs to the page origin', () => {
    expect(readEnv({}, 'http://127.0.0.1:8080')).toEqual({ apiUrl: 'http://127.0.0.1:8080', assistantApiUrl: 'http://127.0.0.1:8080' });
  });

  it('takes separate hosts and drops a trailing slash', () => {
    expect(readEnv({ VITE_API_URL: 'https://api.example.com/', VITE_ASSISTANT_API_URL: 'https://assistant.example.com' }, 'x')).toEqual({
      apiUrl: 'https://api.example.com',
      assistantApiUrl: 'https://assistant.example.com',
    });
  });

  it('refuses a value that is not an absolute http(s) URL', () => {
    expect(() => readEnv({ VITE_API_URL: 'api.example.com' }, 'x')).toThrow('VITE_API_URL');
    expect(() => readEnv({ VITE_ASSISTANT_API_URL: 'ftp://example.com' }, 'x')).toThrow('VITE_ASSISTANT_API_URL');
  });
});
