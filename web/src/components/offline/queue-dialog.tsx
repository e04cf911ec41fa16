import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { formatWhen } from '@/lib/offline/format';
import { useOnline, useQueuedWrites, syncNow } from '@/lib/offline/write';
import { PendingActions, PendingBadge, PendingMessage } from './pending-mark';

/** Every change of the person's that has not reached the server yet, oldest first. */
export function QueueDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const items = useQueuedWrites();
  const online = useOnline();
  return (
    <Modal open={open} title={t('offline.queue.title')} onClose={onClose}>
      <div className="space-y-4">
        <p className="text-sm text-slate-700 dark:text-slate-300">{online ? t('offline.queue.online') : t('offline.queue.offline')}</p>
        {items.length === 0 ? (
          <p className="py-4 text-center text-sm text-slate-600 dark:text-slate-400">{t('offline.queue.empty')}</p>
        ) : (
          <ol aria-label={t('offline.queue.title')} className="divide-y divide-slate-200 dark:divide-slate-800">
            {items.map((item) => (
              <li key={item.key} className="flex flex-col gap-1 py-2">
                <p className="font-medium break-words">{item.label}</p>
                <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
                  <PendingBadge item={item} />
                  <span>{t('offline.queue.made', { when: formatWhen(Date.parse(item.queuedAt)) })}</span>
                </p>
                <PendingMessage item={item} />
                <span className="self-end">
                  <PendingActions item={item} name={item.label} />
                </span>
              </li>
            ))}
          </ol>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('common.close')}
          </Button>
          {online && items.some((item) => item.status === 'waiting') && <Button onClick={() => void syncNow()}>{t('offline.queue.sendNow')}</Button>}
        </div>
      </div>
    </Modal>
  );
}
