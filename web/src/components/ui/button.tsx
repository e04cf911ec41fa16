import type { ButtonHTMLAttributes, Ref } from 'react';
import { cn } from '@/lib/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';
export type ButtonSize = 'md' | 'sm' | 'compact';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-brand-700/60 shadow-sm',
  secondary:
    'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700',
  ghost: 'text-slate-700 hover:bg-slate-200/70 dark:text-slate-200 dark:hover:bg-slate-800',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-600/60 shadow-sm',
  link: 'text-brand-700 underline-offset-4 hover:underline dark:text-brand-500',
};

const sizes: Record<ButtonSize, string> = {
  md: 'px-4',
  sm: 'px-3',
  compact: 'px-2 sm:px-3',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  /** A link-style button inside a sentence: no minimum height, no padding. */
  inline?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** Every standalone button is at least 44 px tall so it is easy to hit on a phone. */
export function Button({ variant = 'primary', size, block, inline, className, type = 'button', ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(
        'items-center justify-center gap-2 rounded-lg text-sm font-semibold transition-colors disabled:cursor-not-allowed',
        inline ? 'inline p-0 align-baseline' : 'inline-flex min-h-11',
        !inline && sizes[size ?? (variant === 'link' ? 'sm' : 'md')],
        variants[variant],
        block && 'w-full',
        className,
      )}
      {...props}
    />
  );
}
