import '@testing-library/jest-dom/vitest';
// The offline queue keeps its writes in IndexedDB, which jsdom lacks.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { forgetCookies } from '@/lib/cookies';
import { configureApis } from '@/lib/http';
import { resetQueueForTests } from '@/lib/offline/queue';
import { startI18n } from '@/lib/i18n';
import en from '@/locales/en.json';
import { API_URL, ASSISTANT_URL, server } from './server';

// Components read their text from the English catalogue, as a first visit in English does.
await startI18n('en', en);

// jsdom has no matchMedia: a wide desktop screen unless a test sets window.innerWidth.
Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  value: (query: string) => {
    const width = window.innerWidth;
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = max ? width <= Number(max[1]) : min ? width >= Number(min[1]) : false;
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    };
  },
});
window.scrollTo = () => undefined;

configureApis({ apiUrl: API_URL, assistantApiUrl: ASSISTANT_URL });
// Generous waits: CI machines are often busy, and findBy* returns as soon as the element appears anyway.
configure({ asyncUtilTimeout: 5000 });

// TEST_NOW='2027-03-01 09:30:00' (UTC; infra/scripts/test-dates.sh) runs every test on that day: `Date` starts
// there before the test file is loaded (its module-level "this year" too) and runs on; the timers stay real. A test
// that sets a clock of its own still does, and the shifted one is back for the next test.
// Read through globalThis: the app's type settings know no Node globals, and Vitest runs in Node.
const testNow = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env['TEST_NOW'];
if (testNow) {
  const start = new Date(`${testNow.replace(' ', 'T')}Z`).getTime();
  if (Number.isNaN(start)) throw new Error(`TEST_NOW is not a UTC date and time: ${testNow}`);
  const realStart = performance.now();
  const shift = () => vi.useFakeTimers({ now: start + (performance.now() - realStart), toFake: ['Date'], shouldAdvanceTime: true });
  shift();
  beforeEach(() => {
    if (!vi.isFakeTimers()) shift();
  });
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  cleanup();
  await resetQueueForTests();
  server.resetHandlers();
  for (const cookie of document.cookie.split('; ')) {
    const name = cookie.split('=')[0];
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  forgetCookies();
  localStorage.clear();
  sessionStorage.clear();
  window.innerWidth = 1280;
});
afterAll(() => server.close());
