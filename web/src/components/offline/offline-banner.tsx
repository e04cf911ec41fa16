import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatWhen } from '@/lib/offline/format';
import { useLastUpdated } from '@/lib/offline/swr-cache';
import { useOnline, useQueuedWrites } from '@/lib/offline/write';
import { QueueDialog } from './queue-dialog';

/**
 * Says when the app works from what this device kept: offline (with the time the lists on screen were last
 * fetched), or online with changes the server refused or that wait for the person's choice.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const items = useQueuedWrites();
  const lastUpdated = useLastUpdated();
  const [open, setOpen] = useState(false);
  const attention = items.filter((item) => item.status !== 'waiting').length;
  if (online && attention === 0) return open ? <QueueDialog open onClose={() => setOpen(false)} /> : null;

  return (
    <div
      role="status"
      className={
        online
          ? 'border-b border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 sm:px-6 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100'
          : 'border-b border-slate-300 bg-slate-800 px-3 py-2 text-sm text-white sm:px-6 dark:border-slate-700'
      }
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {online ? (
          <p className="flex-1">{t('offline.banner.notSynced', { count: attention })}</p>
        ) : (
          <p className="flex-1">
            <strong className="font-semibold">{t('offline.banner.offline')}</strong> {t('offline.banner.kept')}
            {lastUpdated !== undefined && <span className="block sm:inline"> {t('offline.banner.lastUpdated', { when: formatWhen(lastUpdated) })}</span>}
          </p>
        )}
        {(online || items.length > 0) && (
          <Button variant={online ? 'secondary' : 'ghost'} size="compact" onClick={() => setOpen(true)} className={online ? undefined : 'text-white'}>
            {t('offline.banner.review')}
          </Button>
        )}
      </div>
      {open && <QueueDialog open onClose={() => setOpen(false)} />}
    </div>
  );
}
