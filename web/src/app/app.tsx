import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './provider';
import { createRouter, type AppRouter } from './router';

/** The app; `router` is made before the first render by src/main.tsx (in a task of its own), or here. */
export function App({ router: made }: { router?: AppRouter }) {
  const [router] = useState(() => made ?? createRouter());
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
