import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useAlert } from '@/components/ui/alert-dialog';
import { cn } from '@/lib/cn';
import { t } from '@/lib/i18n';
import { discard, type QueuedWrite } from '@/lib/offline/queue';
import { ConflictDialog } from './conflict-dialog';

/** What a queued item's badge says, by its state. */
export function pendingText(item: QueuedWrite): string {
  if (item.status === 'conflict') return t('offline.pending.conflict');
  if (item.status === 'failed') return t('offline.pending.failed');
  return item.action === 'delete' ? t('offline.pending.deleting') : t('offline.waitingToSync');
}

export function PendingBadge({ item, className }: { item: QueuedWrite; className?: string }) {
  // Read again when the language changes.
  useTranslation();
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold',
        item.status === 'waiting'
          ? 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100'
          : 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
        className,
      )}
    >
      <svg viewBox="0 0 24 24" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M7 18a5 5 0 01-.5-9.97A6 6 0 0118 9a4 4 0 01-1 7.9M12 12v6m0 0l-2.5-2.5M12 18l2.5-2.5" />
      </svg>
      {pendingText(item)}
    </span>
  );
}

/** Asks, then drops a queued change that was not sent. */
export function useDiscardPending(): (item: QueuedWrite) => Promise<boolean> {
  const alert = useAlert();
  return async (item) => {
    const confirmed = await alert({
      icon: 'warning',
      title: t('offline.discard.title'),
      text: t('offline.discard.text', { label: item.label }),
      confirmText: t('offline.discard.confirm'),
      cancelText: t('offline.discard.keep'),
      danger: true,
    });
    if (confirmed) await discard(item.key);
    return confirmed;
  };
}

/**
 * A queued record's mark in its list: the badge, the server's reason when it was refused, Discard, and for a
 * conflict the button that shows both versions.
 */
export function PendingActions({ item, name }: { item: QueuedWrite; name: string }) {
  const { t } = useTranslation();
  const discardPending = useDiscardPending();
  const [choosing, setChoosing] = useState(false);
  return (
    <span className="flex flex-wrap items-center gap-1">
      {item.status === 'conflict' && (
        <Button variant="secondary" size="compact" aria-label={t('offline.pending.chooseVersionOf', { name })} onClick={() => setChoosing(true)}>
          {t('offline.pending.choose')}
        </Button>
      )}
      <Button
        variant="ghost"
        size="compact"
        aria-label={t('offline.pending.discardNamed', { name })}
        onClick={() => void discardPending(item)}
        className="text-red-700 dark:text-red-400"
      >
        {t('offline.pending.discard')}
      </Button>
      {choosing && <ConflictDialog item={item} onClose={() => setChoosing(false)} />}
    </span>
  );
}

/** The failure's reason under a refused item. */
export function PendingMessage({ item }: { item: QueuedWrite }) {
  if (item.status === 'waiting' || !item.message) return null;
  return <p className="text-sm text-amber-800 dark:text-amber-300">{item.message}</p>;
}
