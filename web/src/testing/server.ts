import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

export const API_URL = 'http://api.test';
export const ASSISTANT_URL = 'http://assistant.test';

/**
 * The network boundary of every test: each test adds the handlers it needs. One answer is there for all of them: the
 * public list of social sign-in providers, both off (as on a server without their credentials), which every page
 * with the sign-in dialog asks for; a test of the buttons turns them on.
 */
export const server = setupServer(
  http.get(`${API_URL}/auth/providers`, () => HttpResponse.json({ data: { github: false, google: false } })),
  // A team of one: nobody to invite to a meeting.
  http.get(`${API_URL}/meeting/people`, () => HttpResponse.json({ data: [] })),
  // No meeting waits for an answer: the Meetings link shows no badge.
  http.get(`${API_URL}/meeting/unanswered-count`, () => HttpResponse.json({ data: 0 })),
  // The team's name, which the header shows to every signed-in person (already named: no question for it).
  http.get(`${API_URL}/admin/team`, () => HttpResponse.json({ data: { id: '01HZX3Y8Q2W5E7R9T1V3B5N7M9', name: 'Test team', askName: false } })),
);

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
