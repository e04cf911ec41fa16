import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { SHORT_TOAST_MS } from '@/config/constants';

/**
 * A read-only value shown once (a feed's address, a webhook's secret) with a Copy button: a toast says it was copied,
 * or, where the clipboard is refused, the value is selected for the person to copy.
 */
export function CopyField({ label, value, copied, copyFailed }: { label: string; value: string; copied: string; copyFailed: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const field = useRef<HTMLInputElement>(null);
  const id = useId();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.show({ message: copied, variant: 'success', duration: SHORT_TOAST_MS });
    } catch {
      field.current?.select();
      toast.show({ message: copyFailed, variant: 'warning' });
    }
  };

  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          ref={field}
          id={id}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          className="block min-h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 font-mono text-sm dark:border-slate-600 dark:bg-slate-900"
        />
        <Button onClick={() => void copy()} className="shrink-0">
          {t('ui.copy')}
        </Button>
      </div>
    </div>
  );
}
