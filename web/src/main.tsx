import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { createRouter, preloadPage } from '@/app/router';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { getCookie } from '@/lib/cookies';
import { configureApis, preloadApis } from '@/lib/http';
import { nextTask } from '@/lib/next-task';
import { applyColorScheme, loadPreferences } from '@/lib/preferences';
import { refreshOnStartup } from '@/lib/session';
import { startI18n } from '@/lib/i18n';
import { holdFirstReadsUntilPaint } from '@/lib/swr';
import './index.css';

/** How long the first render waits for the current page's chunk before it draws the shell with the page's spinner. */
const PAGE_WAIT_MS = 1500;

// `/` shows the Dashboard at /breaks (its route redirects there): go there before the router starts, rather than
// through a first render of the redirect.
if (window.location.pathname === paths.home) window.history.replaceState(window.history.state, '', paths.breaks);

/**
 * The start's steps run in tasks of their own: on a fresh profile the first use of each of the browser's stores
 * (localStorage for the preferences, the cookie jar for the session, sessionStorage, which the router reads as it
 * starts) takes milliseconds, and together with the scripts' evaluation they made one long task.
 */
async function start(): Promise<void> {
  await nextTask();
  applyColorScheme(loadPreferences().darkMode);
  await nextTask();

  configureApis(env);
  // A returning user's first screen calls the API at once: fetch the client alongside the app.
  if (getCookie('refresh_token') || getCookie('access_token')) preloadApis();
  // The page's chunk loads while the session is checked, so the first render draws the shell and the page together
  // (the Dashboard's is already on its way: index.html preloads it).
  const page = Promise.race([preloadPage(window.location.pathname), new Promise((resolve) => setTimeout(resolve, PAGE_WAIT_MS))]);
  // With a refresh token but no access token, get a new access token before anything is shown (spec §4).
  // The person's catalogue (one file, their language only) downloads alongside.
  const language = startI18n().catch(() => startI18n('en'));
  await Promise.all([refreshOnStartup(), page]).catch(() => undefined);
  await language;

  await nextTask();
  const router = createRouter();
  await nextTask();

  holdFirstReadsUntilPaint();
  // A transition: React renders the first screen in slices between which the browser stays responsive, instead of
  // one long task.
  startTransition(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
}

void start();
