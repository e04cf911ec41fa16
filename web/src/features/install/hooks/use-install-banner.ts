import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { IOS_INSTALL_BANNER_DELAY_MS } from '@/config/constants';

export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** Dismissal lasts for this browser session; the installed state is kept for good (spec §4). */
export const DISMISSED_KEY = 'breaktime.installBannerDismissed';
export const INSTALLED_KEY = 'breaktime.installed';

// The browser may offer installation before React has mounted: keep the event from the start.
let deferredPrompt: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferredPrompt = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    markInstalled();
    deferredPrompt = null;
    notify();
  });
}

function readStorage(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(storage: () => Storage, key: string, value: string): void {
  try {
    storage().setItem(key, value);
  } catch {
    // Storage refused (private mode): the banner simply may come back.
  }
}

function markInstalled(): void {
  writeStorage(() => localStorage, INSTALLED_KEY, 'true');
}

export function isInstalled(): boolean {
  const standalone =
    (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches) ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone || readStorage(() => localStorage, INSTALLED_KEY) === 'true';
}

export function isDismissedThisSession(): boolean {
  return readStorage(() => sessionStorage, DISMISSED_KEY) === 'true';
}

/** Safari on iPhone, iPad or iPod: no install prompt, only Share > Add to Home Screen. */
export function isIosSafari(userAgent: string = navigator.userAgent, maxTouchPoints: number = navigator.maxTouchPoints ?? 0): boolean {
  const appleMobile = /iPad|iPhone|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  const otherBrowser = /CriOS|FxiOS|EdgiOS|OPiOS|GSA\//.test(userAgent);
  return appleMobile && /Safari/.test(userAgent) && !otherBrowser;
}

export type InstallBannerMode = 'prompt' | 'ios';

export function useInstallBanner() {
  const prompt = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => deferredPrompt,
  );
  const [hidden, setHidden] = useState(() => isInstalled() || isDismissedThisSession());
  const [iosReady, setIosReady] = useState(false);

  useEffect(() => {
    if (hidden || !isIosSafari()) return;
    const timer = setTimeout(() => setIosReady(true), IOS_INSTALL_BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [hidden]);

  const dismiss = useCallback(() => {
    writeStorage(() => sessionStorage, DISMISSED_KEY, 'true');
    setHidden(true);
  }, []);

  const install = useCallback(async () => {
    const event = deferredPrompt;
    if (!event) return;
    deferredPrompt = null;
    notify();
    await event.prompt();
    const { outcome } = await event.userChoice;
    if (outcome === 'accepted') {
      markInstalled();
      setHidden(true);
    } else {
      dismiss();
    }
  }, [dismiss]);

  const mode: InstallBannerMode | null = hidden || isInstalled() ? null : prompt ? 'prompt' : iosReady ? 'ios' : null;
  return { mode, install, dismiss };
}
