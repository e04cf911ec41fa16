import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { env } from '@/config/env';
import { getCookie } from '@/lib/cookies';
import { configureApis, preloadApis } from '@/lib/http';
import { applyColorScheme, loadPreferences } from '@/lib/preferences';
import { refreshOnStartup } from '@/lib/session';
import './index.css';

applyColorScheme(loadPreferences().darkMode);
configureApis(env);
// A returning user's first screen calls the API at once: fetch the client alongside the app.
if (getCookie('refresh_token') || getCookie('access_token')) preloadApis();

// With a refresh token but no access token, get a new access token before anything is shown (spec §4).
void refreshOnStartup().finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
