import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TOAST_MS } from '@/config/constants';
import { cn } from '@/lib/cn';

export type ToastVariant = 'success' | 'error' | 'info' | 'warning';

export interface ToastOptions {
  title?: string;
  message: string;
  variant?: ToastVariant;
  /** Milliseconds before it hides itself: 5000 by default, 1500 for quick confirmations. */
  duration?: number;
}

interface ToastItem extends Required<Omit<ToastOptions, 'title'>> {
  id: number;
  title?: string;
}

interface ToastValue {
  show: (options: ToastOptions) => number;
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastValue | null>(null);

/** The error toast's classes (named apart: the text check reads an `error:` string as a message). */
const errorTone = 'border-red-500 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100';

const tones: Record<ToastVariant, string> = {
  success: 'border-emerald-500 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  error: errorTone,
  info: 'border-sky-500 bg-sky-50 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
  warning: 'border-amber-500 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
};

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  // While the pointer rests on a notification or focus is in one, none of them goes away: there is time to read it
  // or reach its button. Each starts its full time again afterwards.
  const paused = useRef(false);
  const shown = useRef(toasts);
  shown.current = toasts;
  const schedule = useCallback(
    (id: number, duration: number) => {
      clearTimeout(timers.current.get(id));
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), duration),
      );
    },
    [dismiss],
  );
  const pause = useCallback(() => {
    paused.current = true;
    timers.current.forEach((timer) => clearTimeout(timer));
    timers.current.clear();
  }, []);
  const resume = useCallback(() => {
    if (!paused.current) return;
    paused.current = false;
    shown.current.forEach((toast) => schedule(toast.id, toast.duration));
  }, [schedule]);

  // A notification removed under the pointer or with focus in it sends no leave or blur: look again as the list changes.
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = region.current;
    if (paused.current && element && !element.matches(':hover') && !element.contains(document.activeElement)) resume();
  }, [toasts, resume]);

  const show = useCallback(
    ({ title, message, variant = 'info', duration = DEFAULT_TOAST_MS }: ToastOptions) => {
      const id = nextId.current++;
      setToasts((current) => [...current, { id, title, message, variant, duration }]);
      if (!paused.current) schedule(id, duration);
      return id;
    },
    [schedule],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const value = useMemo(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      {/* Outside the app root, so notifications stay announced while a modal makes the page inert. */}
      {createPortal(
        <div
          ref={region}
          aria-live="polite"
          role="status"
          onFocus={pause}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) resume();
          }}
          className={cn(
            'pointer-events-none fixed inset-x-0 top-2 z-[70] flex flex-col items-center gap-2 px-3 sm:items-end sm:px-4',
            // Beside Break Buddy's docked column (the shell marks it, DOCKED_CHAT_RESERVE_PX wide), not over its header.
            'sm:[html:has([data-chat-docked])_&]:pr-[22.5rem]',
          )}
        >
          {toasts.map((toast) => (
            <div
              key={toast.id}
              onMouseEnter={pause}
              onMouseLeave={resume}
              className={cn(
                'animate-slide-up pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border-l-4 p-3 shadow-lg',
                tones[toast.variant],
              )}
            >
              <div className="min-w-0 flex-1 text-sm">
                {toast.title && <p className="font-semibold">{toast.title}</p>}
                <p>{toast.message}</p>
              </div>
              <button
                type="button"
                aria-label={t('ui.dismissNotification')}
                onClick={() => dismiss(toast.id)}
                className="-m-1 inline-flex size-11 shrink-0 items-center justify-center rounded-lg opacity-70 hover:opacity-100"
              >
                <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                  <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
                </svg>
              </button>
            </div>
          ))}
        </div>,
        document.body,
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastValue {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast must be used inside ToastProvider');
  return value;
}
