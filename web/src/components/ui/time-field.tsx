import { useId, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { currentLanguage, type Language } from '@/lib/i18n';
import { formatTime } from '@/lib/format';
import { control, controlBorder, describedBy, FieldShell } from './field';
import { useTypedText } from './typed-text';

/**
 * What a person typed, as the API's 24-hour 'HH:MM': 12-hour with am/pm ('9:30 pm', '930p', '12 AM'), or 24-hour
 * ('21:30', '2130', '7:05'). Anything else is undefined.
 */
export function parseTime(text: string): string | undefined {
  const compact = text.trim().toLowerCase().replace(/\s+/g, '').replace(/\./g, '');
  const twelve = /^(\d{1,2})(?::?(\d{2}))?([ap])m?$/.exec(compact);
  let hours: number;
  let minutes: number;
  if (twelve) {
    hours = Number(twelve[1]);
    minutes = Number(twelve[2] ?? '0');
    if (hours < 1 || hours > 12) return undefined;
    hours = (hours % 12) + (twelve[3] === 'p' ? 12 : 0);
  } else {
    const clock = /^(\d{1,2}):(\d{2})$/.exec(compact) ?? /^(\d{1,2})(\d{2})$/.exec(compact);
    if (!clock) return undefined;
    hours = Number(clock[1]);
    minutes = Number(clock[2]);
    if (hours > 23) return undefined;
  }
  if (minutes > 59) return undefined;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

const isClock = (value: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);

/** A stored time as the field shows it: 12-hour in English, 24-hour in the other languages, or text that is no time as it is. */
const showTime = (value: string) => (isClock(value) ? formatTime(value) : value);

const quarters = new Map<Language, string[]>();
/** Every quarter hour, as the suggestions under the field show them in the person's language. */
function quarterHours(): string[] {
  const language = currentLanguage();
  let made = quarters.get(language);
  if (!made) {
    made = Array.from({ length: 96 }, (_, i) => formatTime(`${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`));
    quarters.set(language, made);
  }
  return made;
}

export interface TimeFieldProps {
  label: ReactNode;
  /** 'HH:MM' (24 h), or '' when empty; text that is no time yet is passed on as typed (the form's check names it). */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  hint?: ReactNode;
  name?: string;
  id?: string;
  /** The input itself (a form focuses the first field in error). */
  ref?: Ref<HTMLInputElement>;
}

/**
 * One time control for every form: the time shown in 12-hour form ('9:30 AM') in English and 24-hour form ('09:30')
 * in German, French and Spanish on every browser, typed freely (12- or 24-hour) or picked from quarter-hour
 * suggestions, and read and written as the API's 'HH:MM'.
 */
export function TimeField({ label, value, onChange, onBlur, error, hint, name, id, ref }: TimeFieldProps) {
  const { t } = useTranslation();
  const generated = useId();
  const inputId = id ?? generated;
  const typed = useTypedText(value, parseTime, showTime);
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint} className="min-w-0">
      <input
        ref={ref}
        id={inputId}
        name={name}
        type="text"
        autoComplete="off"
        placeholder={formatTime('09:30')}
        list={`${inputId}-times`}
        value={typed.text}
        onChange={(event) => {
          const clock = typed.type(event.target.value);
          typed.stored(clock);
          onChange(clock);
        }}
        onBlur={() => {
          typed.tidy();
          onBlur?.();
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint, `${inputId}-format`)}
        className={cn(control, controlBorder(error))}
      />
      <datalist id={`${inputId}-times`}>
        {quarterHours().map((time) => (
          <option key={time} value={time} />
        ))}
      </datalist>
      <p id={`${inputId}-format`} className="visually-hidden">
        {t('ui.timeField.format', { example: formatTime('09:30') })}
      </p>
    </FieldShell>
  );
}
