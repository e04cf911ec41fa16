import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/** The look of every text control (inputs, and the date and time fields). */
export const control =
  'block w-full min-h-11 rounded-lg border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 dark:bg-slate-900 dark:text-slate-100 sm:text-sm';

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
  /** An id for the label, for a control beside the field that it names too. */
  labelId?: string;
}

/** A control's label above it, and its hint or error under it. */
export function FieldShell({ id, label, error, hint, children, className, labelId }: FieldShellProps) {
  return (
    <div className={cn('space-y-1', className)}>
      <label id={labelId} htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/** An error is the whole description while it lasts; otherwise `always` (say, the expected format) and the hint. */
export function describedBy(id: string, error?: string, hint?: ReactNode, always?: string): string | undefined {
  if (error) return `${id}-error`;
  return [always, hint ? `${id}-hint` : undefined].filter(Boolean).join(' ') || undefined;
}

/** The border of a text control: red while it has an error. */
export const controlBorder = (error?: string) => (error ? 'border-red-500' : 'border-slate-300 dark:border-slate-600');

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function Input({ label, error, hint, id, className, ...props }: InputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint}>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        className={cn(control, error ? 'border-red-500' : 'border-slate-300 dark:border-slate-600', className)}
        {...props}
      />
    </FieldShell>
  );
}

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ label, error, hint, id, className, ...props }: TextareaProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint}>
      <textarea
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        className={cn(control, 'min-h-32', error ? 'border-red-500' : 'border-slate-300 dark:border-slate-600', className)}
        {...props}
      />
    </FieldShell>
  );
}

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function Checkbox({ label, id, className, ...props }: CheckboxProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <label htmlFor={inputId} className={cn('inline-flex min-h-11 cursor-pointer items-center gap-3 text-sm', className)}>
      <input id={inputId} type="checkbox" className="size-5 rounded border-slate-300 accent-brand-600" {...props} />
      <span>{label}</span>
    </label>
  );
}

/** A form-level message, such as the server's answer to a failed sign-in. */
export function FormError({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300">
      {children}
    </p>
  );
}
