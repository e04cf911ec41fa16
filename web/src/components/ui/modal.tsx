import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl';

const sizes: Record<ModalSize, string> = {
  sm: 'sm:max-w-sm',
  md: 'sm:max-w-lg',
  lg: 'sm:max-w-3xl',
  xl: 'sm:max-w-5xl',
};

const FOCUSABLE = [
  'a[href]',
  'summary',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]',
]
  .map((selector) => `${selector}:not([tabindex="-1"])`)
  .join(', ');

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose?: () => void;
  size?: ModalSize;
  children: ReactNode;
  footer?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  /** Label for the close (×) button ('Close dialog' by default); without onClose there is no close button. */
  closeLabel?: string;
  /** Element to focus first; defaults to the first field or button in the body. */
  initialFocus?: React.RefObject<HTMLElement | null>;
  describedBy?: string;
  className?: string;
  /** Alerts sit above the dialog that raised them. */
  layer?: 'dialog' | 'alert';
}

let openCount = 0;

/** The modal drawn on top: alerts above dialogs, and of one layer the last one opened (later in the document). */
function topModal(): Element | undefined {
  const layers = Array.from(document.querySelectorAll('[data-static-backdrop]'));
  const alerts = layers.filter((layer) => layer.getAttribute('data-static-backdrop') === 'alert');
  return (alerts.length > 0 ? alerts : layers).at(-1);
}

/**
 * A modal with a static backdrop: clicking outside does not close it (spec §2). Escape does what its close button
 * does, so a modal without one (an alert waiting for its answer) stays. Focus moves inside on open, Tab stays
 * inside, and focus returns to the opener on close.
 */
export function Modal({
  open,
  title,
  onClose,
  size = 'md',
  children,
  footer,
  role = 'dialog',
  closeLabel,
  initialFocus,
  describedBy,
  className,
  layer = 'dialog',
}: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  // A body that scrolls but holds nothing to focus (a long text) takes focus itself, so the keyboard can scroll it.
  const [bodyFocusable, setBodyFocusable] = useState(false);

  useEffect(() => {
    const body = bodyRef.current;
    if (!open || !body) return;
    const check = () => setBodyFocusable(body.scrollHeight > body.clientHeight + 1 && !body.querySelector(FOCUSABLE));
    check();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(body);
    return () => observer.disconnect();
  }, [open]);

  // Escape wherever focus is (an outside click leaves it on the page behind), for the modal on top only. Listened to
  // while capturing, so a dropdown behind the modal that also closes on Escape does not see the key.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || topModal() !== layerRef.current) return;
      event.stopPropagation();
      if (!closeRef.current) return;
      event.preventDefault();
      closeRef.current();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    openCount += 1;
    document.body.style.overflow = 'hidden';
    // Everything behind the modal is out of reach for keyboard and screen-reader users until it closes.
    document.getElementById('root')?.setAttribute('inert', '');
    const panel = panelRef.current;
    const target =
      initialFocus?.current ??
      panel?.querySelector<HTMLElement>('[data-autofocus]') ??
      panel?.querySelector('.modal-body')?.querySelector<HTMLElement>(FOCUSABLE) ??
      panel;
    target?.focus();
    return () => {
      openCount -= 1;
      if (openCount === 0) {
        document.body.style.overflow = '';
        document.getElementById('root')?.removeAttribute('inert');
      }
      if (opener && document.contains(opener)) opener.focus();
    };
    // Focus moves only when the modal opens, not on every re-render.
  }, [open]);

  if (!open) return null;

  function trapTab(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Tab' || !panelRef.current) return;
    // Only what can take focus now: not in a hidden part, nor anything not drawn (in a closed <details>, say), where
    // there is a layout to tell.
    const laidOut = panelRef.current.getClientRects().length > 0;
    const items = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (el) => !el.closest('[hidden], [aria-hidden="true"], [inert]') && (!laidOut || el.getClientRects().length > 0),
    );
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = document.activeElement as HTMLElement | null;
    // Focus on the panel itself (nothing to focus first) or on something the list leaves out: Tab goes to the ends.
    const outside = !active || !items.includes(active);
    if (event.shiftKey && (active === first || outside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || outside)) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div
      className={cn('fixed inset-0 flex', layer === 'alert' ? 'z-[60]' : 'z-50', ' items-end justify-center sm:items-center sm:p-4')}
      data-static-backdrop={layer}
      ref={layerRef}
    >
      <div className="absolute inset-0 bg-slate-950/60" aria-hidden="true" data-testid="modal-backdrop" />
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={trapTab}
        className={cn(
          'animate-slide-up relative flex max-h-[100dvh] w-full flex-col rounded-t-2xl bg-white shadow-xl outline-none sm:max-h-[calc(100dvh-2rem)] sm:rounded-2xl dark:bg-slate-900',
          sizes[size],
          className,
        )}
      >
        <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-5 py-3 dark:border-slate-700">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {onClose && (
            <button
              type="button"
              onClick={onClose}
              aria-label={closeLabel ?? t('ui.closeDialog')}
              className="-mr-2 inline-flex size-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-800 dark:hover:bg-slate-800 dark:hover:text-slate-100"
            >
              <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
              </svg>
            </button>
          )}
        </div>
        <div ref={bodyRef} tabIndex={bodyFocusable ? 0 : undefined} className="modal-body overflow-y-auto px-5 py-4">
          {children}
        </div>
        {footer && <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3 dark:border-slate-700">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
