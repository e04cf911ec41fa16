import { del, get, post, put } from '@aws-amplify/api-rest';
import { Amplify } from '@aws-amplify/core';
import type { Env } from '@/config/env';

/**
 * Amplify's REST API category with the two APIs of the product. Loaded on the first API call, so a
 * signed-out first visit does not download or run it.
 */
export function configure(env: Env): void {
  Amplify.configure(
    {
      API: {
        REST: {
          main: { endpoint: env.apiUrl },
          assistant: { endpoint: env.assistantApiUrl },
        },
      },
    },
    {
      // Retries would repeat non-idempotent saves and spend a rotating refresh token twice; the UI reports failures instead.
      API: { REST: { retryStrategy: { strategy: 'no-retry' }, defaultAuthMode: 'none' } },
    },
  );
}

export const methods = { GET: get, POST: post, PUT: put, DELETE: del } as const;
