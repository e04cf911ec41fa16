import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/** A spinning mark with its label for assistive technology ('Loading' by default). */
export function Spinner({ label, className }: { label?: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <span role="status" className={cn('inline-flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400', className)}>
      <svg viewBox="0 0 24 24" className="size-5 animate-spin" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M21 12a9 9 0 00-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span className="visually-hidden">{label ?? t('ui.loading')}</span>
    </span>
  );
}
