import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The least room kept between the dropdown and the window's left edge. */
const EDGE_PX = 8;

export interface DailyChecklistPanelProps {
  open: boolean;
  onClose: () => void;
  /** The checklist itself, supplied by the record screens. */
  children?: ReactNode;
  id?: string;
}

/** The Daily Checklist dropdown under its top-bar button (spec §2). */
export function DailyChecklistPanel({ open, onClose, children, id }: DailyChecklistPanelProps) {
  const { t } = useTranslation();
  const panelRef = useRef<HTMLDivElement>(null);
  // Read when the key comes: the effect below runs only as the panel opens and closes, not on each new callback.
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    // The button that opened it gets focus back when the panel closes with focus inside it (Escape, its close button).
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    panel?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && closeRef.current();
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      const focused = document.activeElement;
      const lost = !focused || focused === document.body || (panel?.contains(focused) ?? false);
      if (lost && opener && document.contains(opener)) opener.focus();
    };
  }, [open]);

  // Right-aligned under its button, the dropdown starts left of the window when the top bar is narrow (the page's
  // column beside the docked Break Buddy on a tablet): there it moves right just enough to stay whole. Measured before
  // paint, so it never shows cut off first. (`translate` leaves the slide-up animation's `transform` alone.)
  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    panel.style.translate = '';
    const cutOff = EDGE_PX - panel.getBoundingClientRect().left;
    if (cutOff > 0) panel.style.translate = `${cutOff}px 0`;
  }, [open]);

  if (!open) return null;
  return (
    <div
      ref={panelRef}
      id={id}
      tabIndex={-1}
      role="region"
      aria-label={t('agenda.checklist.title')}
      className="animate-slide-up fixed inset-x-2 top-16 z-40 max-h-[70dvh] overflow-y-auto rounded-2xl bg-white p-4 shadow-2xl ring-1 ring-slate-200 outline-none sm:absolute sm:inset-x-auto sm:right-0 sm:top-full sm:mt-2 sm:w-96 dark:bg-slate-900 dark:ring-slate-700"
    >
      <div className="mb-2 flex items-center justify-between">
        <h2 className="font-semibold">{t('agenda.checklist.title')}</h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('agenda.checklist.close')}
          className="inline-flex size-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      {children ?? <p className="py-2 text-sm text-slate-600 dark:text-slate-400">{t('agenda.checklist.empty')}</p>}
    </div>
  );
}
