import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

export type SidebarType = 'dark' | 'light' | 'transparent';
export type LayoutWidth = 'fluid' | 'boxed';

/** What the configurator panel changes, remembered in localStorage. */
export interface Preferences {
  sidebarType: SidebarType;
  darkMode: boolean;
  layout: LayoutWidth;
  isPinned: boolean;
}

export const PREFERENCES_KEY = 'breaktime.preferences';

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

export function loadPreferences(): Preferences {
  const defaults: Preferences = { sidebarType: 'dark', darkMode: systemPrefersDark(), layout: 'fluid', isPinned: true };
  try {
    const stored = JSON.parse(localStorage.getItem(PREFERENCES_KEY) ?? '{}') as Partial<Preferences>;
    return {
      sidebarType: ['dark', 'light', 'transparent'].includes(stored.sidebarType as string) ? (stored.sidebarType as SidebarType) : defaults.sidebarType,
      darkMode: typeof stored.darkMode === 'boolean' ? stored.darkMode : defaults.darkMode,
      layout: stored.layout === 'boxed' || stored.layout === 'fluid' ? stored.layout : defaults.layout,
      isPinned: typeof stored.isPinned === 'boolean' ? stored.isPinned : defaults.isPinned,
    };
  } catch {
    return defaults;
  }
}

/** Applied before the first render too, so a dark page never flashes white. */
export function applyColorScheme(darkMode: boolean): void {
  document.documentElement.classList.toggle('dark', darkMode);
  document.documentElement.style.colorScheme = darkMode ? 'dark' : 'light';
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', darkMode ? '#0f172a' : '#0f766e');
}

interface PreferencesValue extends Preferences {
  update: (changes: Partial<Preferences>) => void;
}

const PreferencesContext = createContext<PreferencesValue | null>(null);

export function PreferencesProvider({ children }: { children: ReactNode }) {
  const [preferences, setPreferences] = useState<Preferences>(loadPreferences);

  useEffect(() => {
    applyColorScheme(preferences.darkMode);
    try {
      localStorage.setItem(PREFERENCES_KEY, JSON.stringify(preferences));
    } catch {
      // Private browsing can refuse storage; the choice then lasts for this visit only.
    }
  }, [preferences]);

  const update = useCallback((changes: Partial<Preferences>) => setPreferences((current) => ({ ...current, ...changes })), []);
  const value = useMemo(() => ({ ...preferences, update }), [preferences, update]);
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

export function usePreferences(): PreferencesValue {
  const value = useContext(PreferencesContext);
  if (!value) throw new Error('usePreferences must be used inside PreferencesProvider');
  return value;
}
