/**
 * Build-time settings, checked once at start-up. Locally the API and the assistant are served by the
 * same process as the app, so both default to the page's own origin.
 */
export interface Env {
  apiUrl: string;
  assistantApiUrl: string;
}

function parseUrl(name: string, value: string | undefined, fallback: string): string {
  const raw = value?.trim();
  if (!raw) return fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name} must be an absolute http(s) URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

export function readEnv(source: Record<string, string | undefined>, origin: string): Env {
  return {
    apiUrl: parseUrl('VITE_API_URL', source.VITE_API_URL, origin),
    assistantApiUrl: parseUrl('VITE_ASSISTANT_API_URL', source.VITE_ASSISTANT_API_URL, origin),
  };
}

export const env: Env = readEnv(import.meta.env as unknown as Record<string, string | undefined>, window.location.origin);
