import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export interface SelectOption {
  value: string;
  label?: string;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  options: readonly (SelectOption | string)[];
  /** A first, empty choice such as 'Select a type' or 'All statuses'. */
  placeholder?: string;
  error?: string;
  hint?: ReactNode;
  /** Visually hides the label (it stays the control's accessible name). */
  hideLabel?: boolean;
  ref?: Ref<HTMLSelectElement>;
}

/** A native select (the phone's own picker) with the field look of Input: label, hint and field message. */
export function Select({ label, options, placeholder, error, hint, hideLabel, id, className, ...props }: SelectProps) {
  const generated = useId();
  const selectId = id ?? generated;
  const describedBy = error ? `${selectId}-error` : hint ? `${selectId}-hint` : undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={selectId} className={cn('block text-sm font-medium text-slate-700 dark:text-slate-200', hideLabel && 'visually-hidden')}>
        {label}
      </label>
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          'block min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none sm:text-sm dark:bg-slate-900 dark:text-slate-100',
          error ? 'border-red-500' : 'border-slate-300 dark:border-slate-600',
          className,
        )}
        {...props}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => {
          const { value, label: text = value } = typeof option === 'string' ? { value: option } : option;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
      {hint && !error && (
        <p id={`${selectId}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${selectId}-error`} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
