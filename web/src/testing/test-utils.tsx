import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { AlertProvider } from '@/components/ui/alert-dialog';
import { ToastProvider } from '@/components/ui/toast';
import { DialogsProvider } from '@/lib/dialogs';
import { forgetCookies } from '@/lib/cookies';
import { PreferencesProvider } from '@/lib/preferences';
import { swrConfig } from '@/lib/swr';

/** The app's providers with a fresh SWR cache, so no test sees another's data. */
export function TestProviders({ children }: { children: ReactNode }) {
  return (
    <PreferencesProvider>
      <SWRConfig value={{ ...swrConfig, provider: () => new Map(), dedupingInterval: 0 }}>
        <ToastProvider>
          <AlertProvider>
            <DialogsProvider>{children}</DialogsProvider>
          </AlertProvider>
        </ToastProvider>
      </SWRConfig>
    </PreferencesProvider>
  );
}

/** Renders one component inside the providers and a router at `route`. */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [route] });
  return {
    user: userEvent.setup(),
    router,
    ...render(
      <TestProviders>
        <RouterProvider router={router} />
      </TestProviders>,
    ),
  };
}

/** Renders the whole app's route tree at `route`. */
export function renderRoutes(routes: RouteObject[], route: string) {
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  return {
    user: userEvent.setup(),
    router,
    ...render(
      <TestProviders>
        <RouterProvider router={router} />
      </TestProviders>,
    ),
  };
}

export function setCookies(values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) document.cookie = `${name}=${encodeURIComponent(value)}; path=/`;
  forgetCookies();
}

export function cookieNames(): string[] {
  return document.cookie ? document.cookie.split('; ').map((part) => part.split('=')[0] ?? '') : [];
}
