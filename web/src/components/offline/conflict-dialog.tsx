import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { discard, resolveConflict, type QueuedWrite } from '@/lib/offline/queue';
import { syncNow } from '@/lib/offline/write';

/** The fields compared, each with its label's key under `offline.conflict.fields`. */
const LABELS: Record<string, string> = {
  title: 'title',
  description: 'description',
  scheduled: 'scheduled',
  status: 'status',
  priority: 'priority',
  type: 'type',
  startTime: 'start',
  endTime: 'end',
  createdDate: 'date',
  reason: 'reason',
  scheduleDate: 'date',
  from: 'from',
  to: 'to',
  fromDate: 'from',
  toDate: 'to',
  halfDay: 'halfDay',
  task: 'task',
};

const shown = (value: unknown) => (value === undefined || value === null || value === '' ? '—' : String(value));

/**
 * An edit made offline of a record that changed (or was deleted) on the server meanwhile: both versions side by
 * side, and the person chooses. Keep mine sends theirs as it is; keep the server's drops theirs.
 */
export function ConflictDialog({ item, onClose }: { item: QueuedWrite; onClose: () => void }) {
  const { t } = useTranslation();
  const fields = Object.keys(item.body ?? {}).filter((field) => field in LABELS);
  const server = item.server;

  const choose = async (choice: 'mine' | 'server') => {
    if (server === null) await discard(item.key);
    else await resolveConflict(item.key, choice);
    onClose();
    if (choice === 'mine') void syncNow();
  };

  return (
    <Modal open title={t('offline.conflict.title')} size="lg" onClose={onClose}>
      <div className="space-y-4">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {server === null ? t('offline.conflict.deleted', { label: item.label }) : t('offline.conflict.changed', { label: item.label })}
        </p>
        {server !== null && server !== undefined && (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-slate-200 dark:border-slate-700">
                  <th scope="col" className="py-1 pr-3 font-semibold">
                    {t('offline.conflict.field')}
                  </th>
                  <th scope="col" className="py-1 pr-3 font-semibold">
                    {t('offline.conflict.yours')}
                  </th>
                  <th scope="col" className="py-1 font-semibold">
                    {t('offline.conflict.onServer')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {fields.map((field) => {
                  const mine = item.body?.[field];
                  const theirs = server[field];
                  const differs = JSON.stringify(mine) !== JSON.stringify(theirs);
                  return (
                    <tr key={field} className={differs ? 'bg-amber-50 dark:bg-amber-950/40' : undefined}>
                      <th scope="row" className="py-1 pr-3 align-top font-medium">
                        {t(`offline.conflict.fields.${LABELS[field]}`)}
                      </th>
                      <td className="py-1 pr-3 align-top break-words">{shown(mine)}</td>
                      <td className="py-1 align-top break-words">{shown(theirs)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {server === null ? (
            <Button variant="danger" onClick={() => void choose('server')}>
              {t('offline.conflict.discardMine')}
            </Button>
          ) : (
            <>
              <Button variant="secondary" onClick={() => void choose('server')}>
                {t('offline.conflict.keepServer')}
              </Button>
              <Button onClick={() => void choose('mine')}>{t('offline.conflict.keepMine')}</Button>
            </>
          )}
        </div>
      </div>
    </Modal>
  );
}
