import { useEffect, useRef, type CSSProperties } from 'react';
import { DayPicker, type DayPickerLocale } from 'react-day-picker';
import { de, enGB, es, fr } from 'react-day-picker/locale';
import { useTranslation } from 'react-i18next';
import { weekStartsOn } from '@/lib/format';
import { currentLanguage, type Language } from '@/lib/i18n';
import 'react-day-picker/style.css';

/** The month grid's names of months and days, and its buttons' labels, in each of the app's languages. */
const LOCALES: Record<Language, DayPickerLocale> = { en: enGB, de, fr, es };

/**
 * The day picker's accent (today's date, the selected day's ring, the arrows) in the brand's colour for each theme. Set
 * on the picker's root itself: its stylesheet gives the root a blue of its own, which a value inherited from the panel
 * would not replace, and that blue is too dark to read on the dark theme's panel.
 */
const accent = { '--rdp-accent-color': 'var(--calendar-accent)', '--rdp-accent-background-color': 'var(--calendar-accent-background)' } as CSSProperties;

const toDate = (iso: string) => new Date(`${iso}T12:00:00`);
const pad = (n: number) => String(n).padStart(2, '0');
const toIso = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

export interface CalendarPopoverProps {
  label: string;
  value?: string;
  min?: string;
  max?: string;
  onPick: (iso: string) => void;
  onClose: () => void;
}

/**
 * The month grid under a date field, in the person's language and from their first day of the week,
 * keyboard-navigable; Escape or a click outside closes it.
 */
export default function CalendarPopover({ label, value, min, max, onPick, onClose }: CalendarPopoverProps) {
  // Drawn again when the language changes.
  const { t } = useTranslation();
  const language = currentLanguage();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const outside = (event: PointerEvent) => {
      if (panel.current && !panel.current.contains(event.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [onClose]);
  const disabled = [...(min ? [{ before: toDate(min) }] : []), ...(max ? [{ after: toDate(max) }] : [])];
  return (
    <div
      ref={panel}
      role="dialog"
      aria-label={t('ui.dateField.calendar', { label })}
      onKeyDown={(event) => {
        // Escape closes the calendar only, not the dialog the field is in.
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
      className="absolute z-50 mt-1 rounded-xl border border-slate-200 bg-white p-2 text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 [--calendar-accent:var(--color-brand-700)] [--calendar-accent-background:var(--color-brand-50)] dark:[--calendar-accent:var(--color-brand-500)] dark:[--calendar-accent-background:var(--color-brand-800)] [--rdp-day-height:2.75rem] [--rdp-day-width:2.75rem] [--rdp-day_button-height:2.625rem] [--rdp-day_button-width:2.625rem]"
    >
      <DayPicker
        mode="single"
        locale={LOCALES[language]}
        weekStartsOn={weekStartsOn(language)}
        autoFocus
        style={accent}
        selected={value ? toDate(value) : undefined}
        defaultMonth={value ? toDate(value) : max && new Date() > toDate(max) ? toDate(max) : undefined}
        disabled={disabled}
        onSelect={(date) => date && onPick(toIso(date))}
      />
    </div>
  );
}
