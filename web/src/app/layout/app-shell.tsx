import { Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useBlocker, useMatches } from 'react-router-dom';
import { PageSpinner } from '@/components/layouts/page-spinner';
import { NARROW_SCREEN_PX } from '@/config/constants';
import { selfBlockedPaths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { usePreferences } from '@/lib/preferences';
import { useMediaQuery } from '@/lib/use-media-query';
import { InstallBanner } from '@/features/install/components/install-banner';
import { Assistant } from './assistant';
import { Configurator } from './configurator';
import { DialogHost } from './dialog-host';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { Sidebar } from './sidebar';

export interface RouteHandle {
  title: string;
}

function usePageTitle(): string {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.title) return handle.title;
  }
  return 'Breaktime';
}

/** Following a link to the verify page you are already on would spend the single-use token twice. */
function useBlockSelfNavigation() {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => nextLocation.pathname === currentLocation.pathname && selfBlockedPaths.includes(nextLocation.pathname),
  );
  useEffect(() => {
    if (blocker.state === 'blocked') blocker.reset();
  }, [blocker]);
}

export function AppShell() {
  const title = usePageTitle();
  const preferences = usePreferences();
  const narrow = useMediaQuery(`(max-width: ${NARROW_SCREEN_PX - 0.02}px)`);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [configuratorOpen, setConfiguratorOpen] = useState(false);
  useBlockSelfNavigation();

  useEffect(() => {
    document.title = title === 'Breaktime' ? 'Breaktime' : `${title} | Breaktime`;
  }, [title]);

  useEffect(() => {
    if (!narrow) setMobileOpen(false);
  }, [narrow]);

  const toggleSidebar = () => (narrow ? setMobileOpen((value) => !value) : preferences.update({ isPinned: !preferences.isPinned }));

  const mainClass = cn('w-full flex-1 px-3 py-4 outline-none sm:px-6', preferences.layout === 'boxed' && 'mx-auto max-w-6xl');

  return (
    <div className="min-h-dvh">
      <a href="#main" className="sr-only z-50 rounded-lg bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        Skip to content
      </a>
      <Sidebar
        type={preferences.sidebarType}
        narrow={narrow}
        open={mobileOpen}
        pinned={preferences.isPinned}
        onClose={() => (narrow ? setMobileOpen(false) : preferences.update({ isPinned: false }))}
        onPin={() => preferences.update({ isPinned: true })}
        onNavigate={() => narrow && setMobileOpen(false)}
      />
      <div className={cn('flex min-h-dvh flex-col transition-[padding] duration-200', !narrow && (preferences.isPinned ? 'pl-[17.5rem]' : 'pl-[6.5rem]'))}>
        <Navbar
          title={title}
          sidebarExpanded={narrow ? mobileOpen : preferences.isPinned}
          onToggleSidebar={toggleSidebar}
          configuratorOpen={configuratorOpen}
          onToggleConfigurator={() => setConfiguratorOpen((value) => !value)}
        />
        {/* The footer waits with the page: drawn under the loading spinner, it would be pushed down (a layout shift)
            when the page arrives. Later navigations are transitions, which keep the current page until the next is
            ready, so only the first load shows the fallback. */}
        <Suspense
          fallback={
            <main id="main" tabIndex={-1} className={mainClass}>
              <PageSpinner />
            </main>
          }
        >
          <main id="main" tabIndex={-1} className={mainClass}>
            <Outlet />
          </main>
          <Footer />
        </Suspense>
      </div>
      <Configurator open={configuratorOpen} onClose={() => setConfiguratorOpen(false)} />
      <DialogHost />
      <InstallBanner />
      <Assistant />
      <ScrollRestoration />
    </div>
  );
}
