import { lazy, Suspense, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { CHAT_DEFAULT_OPEN_MIN_PX } from '@/config/constants';
import type { PrefilledForms } from '@/lib/assistant-actions';
import { cn } from '@/lib/cn';

// The conversation is its own chunk: the launcher is all a first visit on a phone downloads.
const ChatWindow = lazy(() => import('./chat-window').then((module) => ({ default: module.ChatWindow })));

/** Set once the greeting has been seen, so the badge stops calling for attention on later visits. */
export const CHAT_SEEN_KEY = 'breaktime.assistant.seen';

function readSeen(): boolean {
  try {
    return localStorage.getItem(CHAT_SEEN_KEY) === '1';
  } catch {
    return false;
  }
}

function markSeen(): void {
  try {
    localStorage.setItem(CHAT_SEEN_KEY, '1');
  } catch {
    // Without storage the badge simply shows again next visit.
  }
}

/** The window's open or closed state as last chosen in this browser session; absent until then. */
export const CHAT_OPEN_KEY = 'breaktime.assistant.open';

/** Open on screens 768 px or wider (spec §9), unless it was opened or closed by hand earlier this session. */
function openAtStart(): boolean {
  try {
    const chosen = sessionStorage.getItem(CHAT_OPEN_KEY);
    if (chosen === '1' || chosen === '0') return chosen === '1';
  } catch {
    // No session storage: the default applies.
  }
  return typeof window.matchMedia === 'function' && window.matchMedia(`(min-width: ${CHAT_DEFAULT_OPEN_MIN_PX}px)`).matches;
}

function rememberOpen(open: boolean): void {
  try {
    sessionStorage.setItem(CHAT_OPEN_KEY, open ? '1' : '0');
  } catch {
    // The choice then lasts until the next page load.
  }
}

/**
 * Whether the window is open: from the session's earlier choice or the screen width, read synchronously so the first
 * render already knows (the shell reserves the docked window's column before the first paint, no layout shift).
 * Setting it remembers the choice for the session.
 */
export function useChatOpen(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(openAtStart);
  const change = useCallback((next: boolean) => {
    setOpen(next);
    rememberOpen(next);
  }, []);
  return [open, change];
}

export interface AssistantChatProps {
  /** The pre-filled record forms the app layer registers (features do not import each other). */
  forms?: PrefilledForms;
  /** Controlled open state (with onOpenChange), for a layout that makes room for the window; uncontrolled without. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /**
   * The window is docked: a full-height column at the right edge whose width the page has reserved, instead of a
   * window floating over the page. Only while open.
   */
  docked?: boolean;
}

/**
 * The Break Buddy window (spec §4, §9): open by default on screens 768 px or wider, and a hand-made choice holds for
 * the rest of the browser session (a closed window stays closed across reloads); when closed, a pulse badge counts
 * the replies not yet read.
 */
export function AssistantChat({ forms = {}, open: controlledOpen, onOpenChange, docked = false }: AssistantChatProps) {
  const { t } = useTranslation();
  const windowId = useId();
  const [ownOpen, setOwnOpen] = useChatOpen();
  const open = controlledOpen ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  // Loaded with the first opening, then kept (closed, it still receives the reply to a pending question).
  const [loadedBefore, setLoaded] = useState(open);
  const loaded = loadedBefore || open;
  const [unread, setUnread] = useState(() => (open || readSeen() ? 0 : 1));
  const isDocked = docked && open;

  useEffect(() => {
    if (!open) return;
    setLoaded(true);
    markSeen();
  }, [open]);

  const toggle = () => {
    if (!open) setUnread(0);
    setOpen(!open);
  };

  const label = open ? t('assistant.launcher.close') : unread > 0 ? t('assistant.launcher.openUnread', { count: unread }) : t('assistant.launcher.open');

  return (
    <div
      // Floating, it asks the page to keep what is focused or scrolled to clear of it (index.css).
      data-floating-chat={isDocked ? undefined : ''}
      className={cn(
        'fixed right-3 bottom-3 z-30 flex flex-col items-end gap-2 print:hidden',
        // The column the shell keeps free for it (DOCKED_CHAT_RESERVE_PX): 20rem wide, from top to bottom.
        isDocked && 'top-3 w-80',
      )}
    >
      {loaded && (
        <Suspense
          fallback={
            open && (
              <div
                id={windowId}
                className={cn(
                  'flex items-center justify-center rounded-2xl bg-white ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700',
                  isDocked ? 'min-h-0 w-full flex-1 shadow-sm' : 'h-24 w-[min(24rem,calc(100vw-1.5rem))] shadow-2xl',
                )}
              >
                <Spinner label={t('assistant.launcher.loading')} />
              </div>
            )
          }
        >
          <ChatWindow id={windowId} open={open} docked={isDocked} forms={forms} onUnread={() => setUnread((count) => count + 1)} />
        </Suspense>
      )}
      {/* The unread badge lies over the button but outside it: the count is in the button's name already, and a
          number inside the button that its name does not show as such would not match what a voice user says. */}
      <div className="relative">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={loaded ? windowId : undefined}
          aria-label={label}
          onClick={toggle}
          className="relative inline-flex size-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-800"
        >
          <svg
            viewBox="0 0 24 24"
            className="size-7"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M21 12a8 8 0 01-11.6 7.1L4 20l1.1-4.3A8 8 0 1121 12zM8.5 12h.01M12 12h.01M15.5 12h.01" />}
          </svg>
        </button>
        {!open && unread > 0 && (
          <span className="pointer-events-none absolute -top-0.5 -right-0.5 flex size-5" data-testid="unread-badge" aria-hidden="true">
            <span className="absolute inline-flex size-full animate-ping rounded-full bg-red-400 opacity-75" />
            <span className="relative inline-flex size-5 items-center justify-center rounded-full bg-red-600 text-[0.6875rem] font-bold text-white ring-2 ring-white dark:ring-slate-950">
              {unread}
            </span>
          </span>
        )}
      </div>
    </div>
  );
}
