import { useId, useState } from 'react';
import { cn } from '@/lib/cn';
import { joinTime, splitTime, type Period, type TimeParts } from '../utils/time';

const HOURS = Array.from({ length: 12 }, (_, i) => String(i + 1));
const MINUTES = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));

/** A first pick of the hour guesses the half of the day a break usually falls in: 7 to 11 in the morning. */
const likelyPeriod = (hour: string): Period => (Number(hour) >= 7 && Number(hour) <= 11 ? 'AM' : 'PM');

export interface TimeFieldProps {
  label: string;
  /** 'HH:MM' (24 h), or '' while not (fully) chosen. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  name?: string;
}

const selectClass =
  'min-h-11 rounded-lg border bg-white px-2 py-2 text-base text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none sm:text-sm dark:bg-slate-900 dark:text-slate-100';

/**
 * A time in 12-hour form (hour, minute, AM/PM) that reads and writes the 24-hour 'HH:MM' the API stores.
 * Native selects: the phone's own wheel picker, and the same 12-hour display on every browser and locale.
 */
export function TimeField({ label, value, onChange, onBlur, error, name }: TimeFieldProps) {
  const id = useId();
  const [parts, setParts] = useState<TimeParts>(() => splitTime(value));
  const [seen, setSeen] = useState(value);
  // A new value from outside (a reset, the record being edited) replaces what was picked.
  if (value !== seen) {
    setSeen(value);
    if (value !== joinTime(parts)) setParts(splitTime(value));
  }

  const update = (change: Partial<TimeParts>) => {
    const next = { ...parts, ...change };
    if (change.hour) {
      next.minute ||= '00';
      next.period ||= likelyPeriod(change.hour);
    }
    setParts(next);
    const joined = joinTime(next);
    setSeen(joined);
    onChange(joined);
  };

  const border = error ? 'border-red-500' : 'border-slate-300 dark:border-slate-600';
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className="min-w-0 space-y-1">
      <legend className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">{label}</legend>
      <div className="flex items-center gap-1.5">
        <label htmlFor={`${id}-hour`} className="visually-hidden">
          Hour
        </label>
        <select
          id={`${id}-hour`}
          name={name && `${name}-hour`}
          value={parts.hour}
          onChange={(event) => update({ hour: event.target.value })}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          className={cn(selectClass, border, 'w-[4.5rem]')}
        >
          <option value="">--</option>
          {HOURS.map((hour) => (
            <option key={hour} value={hour}>
              {hour}
            </option>
          ))}
        </select>
        <span aria-hidden="true" className="font-semibold">
          :
        </span>
        <label htmlFor={`${id}-minute`} className="visually-hidden">
          Minute
        </label>
        <select
          id={`${id}-minute`}
          value={parts.minute}
          onChange={(event) => update({ minute: event.target.value })}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          className={cn(selectClass, border, 'w-[4.5rem]')}
        >
          <option value="">--</option>
          {MINUTES.map((minute) => (
            <option key={minute} value={minute}>
              {minute}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-period`} className="visually-hidden">
          AM/PM
        </label>
        <select
          id={`${id}-period`}
          value={parts.period}
          onChange={(event) => update({ period: event.target.value as Period | '' })}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          className={cn(selectClass, border, 'w-[4.75rem]')}
        >
          <option value="">--</option>
          <option value="AM">AM</option>
          <option value="PM">PM</option>
        </select>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
