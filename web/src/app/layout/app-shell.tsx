import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useBlocker, useMatches } from 'react-router-dom';
import { Later } from '@/components/layouts/later';
import { PageSpinner } from '@/components/layouts/page-spinner';
import { OfflineSync } from '@/components/offline/offline-sync';
import { CHAT_DEFAULT_OPEN_MIN_PX, DOCKED_CHAT_RESERVE_PX, NARROW_SCREEN_PX, PAGE_BESIDE_CHAT_MIN_PX, PINNED_SIDEBAR_RESERVE_PX } from '@/config/constants';
import { selfBlockedPaths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { usePreferences } from '@/lib/preferences';
import { useMediaQuery } from '@/lib/use-media-query';
import { useChatOpen } from '@/features/assistant/components/assistant-chat';
import { InstallBanner } from '@/features/install/components/install-banner';
import { Assistant } from './assistant';
import { Configurator } from './configurator';
import { DialogHost } from './dialog-host';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { Sidebar } from './sidebar';
import { useAccountLanguage } from '@/lib/account-language';

// Asked once (a device's time zone, a new team's name): loaded just after the first screen, with its reads.
const FirstWeekQuestions = lazy(() => import('./first-week-questions').then((m) => ({ default: m.FirstWeekQuestions })));

export interface RouteHandle {
  /** The page's title as a catalogue key ('pages.tasks'), translated as it is shown. */
  title: string;
}

/** The page's title in the person's language, or undefined for a page without one. */
function usePageTitle(): string | undefined {
  const { t } = useTranslation();
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.title) return t(handle.title);
  }
  return undefined;
}

/**
 * Following a link to the verify page you are already on would spend the single-use token twice. A component of its
 * own: the blocker sets state when it registers, which would otherwise render the whole shell again right after the
 * first screen.
 */
function SelfNavigationGuard() {
  useBlockSelfNavigation();
  return null;
}

function useBlockSelfNavigation() {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => nextLocation.pathname === currentLocation.pathname && selfBlockedPaths.includes(nextLocation.pathname),
  );
  useEffect(() => {
    if (blocker.state === 'blocked') blocker.reset();
  }, [blocker]);
}

export function AppShell() {
  const { t } = useTranslation();
  useAccountLanguage();
  const pageTitle = usePageTitle();
  const title = pageTitle ?? 'Breaktime';
  const preferences = usePreferences();
  // Break Buddy opens by default from 768 px (spec §9). There it docks in a column of its own at the right edge and
  // the page gives up that width, so it never lies over the page's controls; on phones it floats as before. Both
  // values are read synchronously, so the first paint already has the column (no layout shift).
  const [chatOpen, setChatOpen] = useChatOpen();
  const chatDocks = useMediaQuery(`(min-width: ${CHAT_DEFAULT_OPEN_MIN_PX}px)`);
  const chatDocked = chatOpen && chatDocks;
  // The sidebar's narrow-screen rule (800 px) applies to the room the page has: beside the docked chat, a pinned
  // sidebar would squeeze the page below a phone's width on a 1024 px screen, so there it becomes the drawer.
  const narrow = useMediaQuery(`(max-width: ${NARROW_SCREEN_PX + (chatDocked ? DOCKED_CHAT_RESERVE_PX : 0) - 0.02}px)`);
  // Beside the open chat a pinned sidebar folds to its icon rail when the page would keep less than
  // PAGE_BESIDE_CHAT_MIN_PX; the pin stays the user's choice and returns as the chat closes. Folded, the menu button
  // opens the full sidebar over the page as the drawer does.
  const roomyBesideChat = useMediaQuery(`(min-width: ${PINNED_SIDEBAR_RESERVE_PX + DOCKED_CHAT_RESERVE_PX + PAGE_BESIDE_CHAT_MIN_PX}px)`);
  const folded = !narrow && chatDocked && preferences.isPinned && !roomyBesideChat;
  const pinned = preferences.isPinned && !folded;
  const [mobileOpen, setMobileOpen] = useState(false);
  const drawer = narrow || (folded && mobileOpen);
  const [configuratorOpen, setConfiguratorOpen] = useState(false);

  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} | Breaktime` : 'Breaktime';
  }, [pageTitle]);

  useEffect(() => {
    if (!narrow && !folded) setMobileOpen(false);
  }, [narrow, folded]);

  // The Configurator closes with Escape like the dialogs and the side menu (a dialog over it takes the key first).
  useEffect(() => {
    if (!configuratorOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setConfiguratorOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [configuratorOpen]);

  const toggleSidebar = () => (narrow || folded ? setMobileOpen((value) => !value) : preferences.update({ isPinned: !preferences.isPinned }));

  const mainClass = cn('w-full flex-1 px-3 py-4 outline-none sm:px-6', preferences.layout === 'boxed' && 'mx-auto max-w-6xl');

  return (
    <div className="min-h-dvh">
      <a href="#main" className="sr-only z-50 rounded-lg bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        {t('shell.skipToContent')}
      </a>
      <Sidebar
        type={preferences.sidebarType}
        narrow={drawer}
        open={mobileOpen}
        pinned={pinned}
        folded={folded}
        onClose={() => (drawer ? setMobileOpen(false) : preferences.update({ isPinned: false }))}
        onPin={() => preferences.update({ isPinned: true })}
        onNavigate={() => drawer && setMobileOpen(false)}
      />
      <div
        // Toasts keep clear of the docked chat's column (components/ui/toast.tsx).
        data-chat-docked={chatDocked ? '' : undefined}
        className={cn(
          'transition-[padding] duration-200',
          // PINNED_SIDEBAR_RESERVE_PX, or the icon rail's 5rem and its margins.
          !narrow && (pinned ? 'pl-[17.5rem]' : 'pl-[6.5rem]'),
          // DOCKED_CHAT_RESERVE_PX: the chat's 20rem and a 0.75rem margin each side.
          chatDocked && 'pr-[21.5rem] print:pr-0',
          // The floating bubble's height and margins: the page's end scrolls up above it.
          !chatDocked && 'pb-20 print:pb-0',
        )}
      >
        {/* The top bar and the page fill at least the screen, so the footer always starts below the first screen: a
            page whose records arrive after it is drawn grows without pushing a visible footer down (a layout shift).
            Later navigations are transitions, which keep the current page until the next is ready, so only the
            first load shows the fallback. */}
        <div className="flex min-h-dvh flex-col">
          <Navbar
            title={title}
            sidebarExpanded={narrow || folded ? mobileOpen : preferences.isPinned}
            onToggleSidebar={toggleSidebar}
            configuratorOpen={configuratorOpen}
            onToggleConfigurator={() => setConfiguratorOpen((value) => !value)}
          />
          <Suspense
            fallback={
              <main id="main" tabIndex={-1} className={mainClass}>
                <PageSpinner />
              </main>
            }
          >
            <main id="main" tabIndex={-1} className={mainClass}>
              <Suspense fallback={null}>
                <FirstWeekQuestions ask="zone" />
              </Suspense>
              <Outlet />
              <Suspense fallback={null}>
                <FirstWeekQuestions ask="name" />
              </Suspense>
            </main>
          </Suspense>
        </div>
        <Later>
          <Footer />
        </Later>
      </div>
      <Later now={configuratorOpen}>
        <Configurator open={configuratorOpen} onClose={() => setConfiguratorOpen(false)} />
      </Later>
      {/* What the first screen does not show comes just after it (components/layouts/later.tsx): the footer below the
          fold, the hosts of dialogs and banners, and on a phone the chat's floating button. None of them reads the API
          as it mounts, so the first screen's reads (and a refused session) are where they were. */}
      <Later>
        <DialogHost />
        <InstallBanner />
      </Later>
      <OfflineSync />
      <Later now={chatDocked}>
        <Assistant open={chatOpen} onOpenChange={setChatOpen} docked={chatDocked} />
      </Later>
      <SelfNavigationGuard />
      <ScrollRestoration />
    </div>
  );
}
