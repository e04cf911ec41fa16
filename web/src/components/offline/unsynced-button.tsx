import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueuedWrites } from '@/lib/offline/write';
import { QueueDialog } from './queue-dialog';

/** The navigation bar's count of changes not synced yet; hidden when there are none. */
export function UnsyncedButton() {
  const { t } = useTranslation();
  const items = useQueuedWrites();
  const [open, setOpen] = useState(false);
  const needsChoice = items.some((item) => item.status !== 'waiting');
  if (items.length === 0 && !open) return null;
  const label = t('offline.notSynced', { count: items.length });
  return (
    <>
      <button
        type="button"
        aria-label={label}
        title={label}
        onClick={() => setOpen(true)}
        className="relative inline-flex size-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-200/70 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
          <path d="M7 18a5 5 0 01-.5-9.97A6 6 0 0118 9a4 4 0 01-1 7.9M12 12v6m0 0l-2.5-2.5M12 18l2.5-2.5" />
        </svg>
        <span
          aria-hidden="true"
          className={`absolute top-0.5 right-0.5 min-w-5 rounded-full px-1 text-center text-xs leading-5 font-bold text-white ${needsChoice ? 'bg-amber-600' : 'bg-sky-700'}`}
        >
          {items.length}
        </span>
      </button>
      <QueueDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
