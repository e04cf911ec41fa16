import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

export const API_URL = 'http://api.test';
export const ASSISTANT_URL = 'http://assistant.test';

/** The network boundary of every test: each test adds the handlers it needs. */
export const server = setupServer();

export const api = (path: string) => `${API_URL}${path}`;

export const ok = (data: unknown, status = 200) => HttpResponse.json({ data }, { status });
export const fail = (status: number, message: string, errors?: Record<string, string>) =>
  HttpResponse.json(errors ? { message, errors } : { message }, { status });

export { http, HttpResponse };

/** Holds a handler's answer until the test releases it, to observe in-flight button states. */
export function heldResponse() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return { hold: () => released, release };
}
