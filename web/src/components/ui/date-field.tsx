import { lazy, Suspense, useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { control, controlBorder, describedBy, FieldShell } from './field';
import { useTypedText } from './typed-text';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { isIsoDate } from '@/lib/iso-date';

// The month grid is a maintained date picker (react-day-picker), loaded the first time someone opens it.
const CalendarPopover = lazy(() => import('./calendar-popover'));

/**
 * What a person typed, as the API's 'YYYY-MM-DD': day-month-year with '/', '.' or '-' between (the display of each
 * of the app's languages, whatever the browser's locale), or the ISO form itself. Anything else is undefined.
 */
export function parseDate(text: string): string | undefined {
  const trimmed = text.trim();
  let iso: string | undefined;
  const iso8601 = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed);
  const pad = (part: string | undefined) => (part ?? '').padStart(2, '0');
  if (iso8601) iso = `${iso8601[1]}-${pad(iso8601[2])}-${pad(iso8601[3])}`;
  else if (dmy) iso = `${dmy[3]}-${pad(dmy[2])}-${pad(dmy[1])}`;
  return iso && isIsoDate(iso) ? iso : undefined;
}

/** A stored date as the field shows it: day-month-year in the person's language, or text that is no date as it is. */
const showDate = (value: string) => (isIsoDate(value) ? formatDate(value) : value);

export interface DateFieldProps {
  label: ReactNode;
  /** 'YYYY-MM-DD', or '' when empty; text that is no date yet is passed on as typed (the form's check names it). */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  hint?: ReactNode;
  /** Earliest and latest days the calendar offers ('YYYY-MM-DD'). */
  min?: string;
  max?: string;
  name?: string;
  id?: string;
  /** The input itself (a form focuses the first field in error). */
  ref?: Ref<HTMLInputElement>;
  className?: string;
  /** Pass on only whole dates and '' (filters, which ask the server at once), never text still being typed. */
  strict?: boolean;
}

/**
 * One date control for every form and filter: the date written day-month-year in the field (DD/MM/YYYY in English,
 * DD.MM.YYYY in German) on every browser, typed or picked from a month grid in the person's language, and read and
 * written as the API's 'YYYY-MM-DD'.
 */
export function DateField({ label, value, onChange, onBlur, error, hint, min, max, name, id, className, strict, ref }: DateFieldProps) {
  const { t } = useTranslation();
  const generated = useId();
  const inputId = id ?? generated;
  const typed = useTypedText(value, parseDate, showDate);
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const change = (next: string) => {
    const iso = typed.type(next);
    if (strict && iso !== '' && !isIsoDate(iso)) return;
    typed.stored(iso);
    onChange(iso);
  };
  const close = () => {
    setOpen(false);
    input.current?.focus();
  };

  return (
    <FieldShell id={inputId} labelId={`${inputId}-label`} label={label} error={error} hint={hint} className={cn('relative', className)}>
      <div className="flex gap-1.5">
        <input
          ref={(element) => {
            input.current = element;
            if (typeof ref === 'function') ref(element);
            else if (ref) ref.current = element;
          }}
          id={inputId}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('ui.dateField.placeholder')}
          // Not read by a text field: kept for assistive tools and tests, as the days the calendar offers.
          min={min}
          max={max}
          value={typed.text}
          onChange={(event) => change(event.target.value)}
          onBlur={() => {
            typed.tidy();
            onBlur?.();
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(inputId, error, hint, `${inputId}-format`)}
          className={cn(control, controlBorder(error))}
        />
        <button
          type="button"
          // Named apart from the field, so that the field's label names the field alone.
          aria-label={t('ui.dateField.openCalendar')}
          aria-describedby={`${inputId}-label`}
          aria-expanded={open}
          aria-haspopup="dialog"
          onClick={() => setOpen((was) => !was)}
          className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 focus:ring-2 focus:ring-brand-600/30 focus:outline-none dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <rect x="3" y="4" width="18" height="18" rx="2" />
            <path d="M16 2v4M8 2v4M3 10h18" />
          </svg>
        </button>
        {/* In the row, not after it: a last child of its own kept a gap under the field, so a button beside the field
            (aligned to its bottom) sat lower than the input. */}
        <p id={`${inputId}-format`} className="visually-hidden">
          {t('ui.dateField.format', { example: formatDate('2026-11-26') })}
        </p>
      </div>
      {open && (
        <Suspense fallback={null}>
          <CalendarPopover
            label={typeof label === 'string' ? label : t('ui.dateField.date')}
            value={isIsoDate(value) ? value : undefined}
            min={min}
            max={max}
            onPick={(iso) => {
              change(formatDate(iso));
              close();
            }}
            onClose={close}
          />
        </Suspense>
      )}
    </FieldShell>
  );
}
