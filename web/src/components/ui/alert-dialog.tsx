import { createContext, useCallback, useContext, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { Button } from './button';
import { Modal } from './modal';

export type AlertIcon = 'success' | 'error' | 'warning' | 'info' | 'question';

export interface AlertOptions {
  title: string;
  text?: ReactNode;
  icon?: AlertIcon;
  /** Defaults to OK (`common.ok`). */
  confirmText?: string;
  /** When given, the alert asks a question and resolves false on this button. */
  cancelText?: string;
  danger?: boolean;
}

type ShowAlert = (options: AlertOptions) => Promise<boolean>;

const AlertContext = createContext<ShowAlert | null>(null);

interface Pending {
  id: number;
  options: AlertOptions;
  resolve: (confirmed: boolean) => void;
}

const iconStyles: Record<AlertIcon, { ring: string; path: string }> = {
  success: { ring: 'text-emerald-600 bg-emerald-50 dark:bg-emerald-950', path: 'M5 12.5l4.5 4.5L19 7.5' },
  error: { ring: 'text-red-600 bg-red-50 dark:bg-red-950', path: 'M7 7l10 10M17 7L7 17' },
  warning: { ring: 'text-amber-600 bg-amber-50 dark:bg-amber-950', path: 'M12 6v8M12 17.5v.5' },
  info: { ring: 'text-sky-600 bg-sky-50 dark:bg-sky-950', path: 'M12 10.5V18M12 6v.5' },
  question: { ring: 'text-slate-600 bg-slate-100 dark:bg-slate-800', path: 'M9.5 9a2.5 2.5 0 115 0c0 1.8-2.5 2-2.5 4M12 17.5v.5' },
};

function AlertIconBadge({ icon }: { icon: AlertIcon }) {
  const style = iconStyles[icon];
  return (
    <span className={cn('mx-auto mb-3 flex size-14 items-center justify-center rounded-full', style.ring)} data-icon={icon}>
      <svg viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" aria-hidden="true">
        <path d={style.path} />
      </svg>
    </span>
  );
}

function AlertView({ pending, onAnswer }: { pending: Pending; onAnswer: (confirmed: boolean) => void }) {
  const { t } = useTranslation();
  const { title, text, icon, confirmText = t('common.ok'), cancelText, danger } = pending.options;
  const textId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open
      layer="alert"
      role="alertdialog"
      title={title}
      size="sm"
      describedBy={text ? textId : undefined}
      initialFocus={confirmRef}
      className="text-center"
    >
      {icon && <AlertIconBadge icon={icon} />}
      {text && (
        <div id={textId} className="text-sm text-slate-600 dark:text-slate-300">
          {text}
        </div>
      )}
      <div className="mt-5 flex flex-col-reverse justify-center gap-2 sm:flex-row">
        {cancelText && (
          <Button variant="secondary" onClick={() => onAnswer(false)}>
            {cancelText}
          </Button>
        )}
        <Button ref={confirmRef} variant={danger ? 'danger' : 'primary'} onClick={() => onAnswer(true)}>
          {confirmText}
        </Button>
      </div>
    </Modal>
  );
}

/** Shows one alert at a time (later ones wait their turn), each resolving to the button the user chose. */
export function AlertProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Pending[]>([]);
  const nextId = useRef(1);

  const show = useCallback<ShowAlert>(
    (options) =>
      new Promise<boolean>((resolve) => {
        setQueue((current) => [...current, { id: nextId.current++, options, resolve }]);
      }),
    [],
  );

  const current = queue[0];
  const answer = (confirmed: boolean) => {
    if (!current) return;
    setQueue((items) => items.slice(1));
    current.resolve(confirmed);
  };

  return (
    <AlertContext.Provider value={show}>
      {children}
      {current && <AlertView key={current.id} pending={current} onAnswer={answer} />}
    </AlertContext.Provider>
  );
}

export function useAlert(): ShowAlert {
  const value = useContext(AlertContext);
  if (!value) throw new Error('useAlert must be used inside AlertProvider');
  return value;
}
