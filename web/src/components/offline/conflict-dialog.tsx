import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { discard, resolveConflict, type QueuedWrite } from '@/lib/offline/queue';
import { syncNow } from '@/lib/offline/write';

const LABELS: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  scheduled: 'Scheduled',
  status: 'Status',
  priority: 'Priority',
  type: 'Type',
  startTime: 'Start',
  endTime: 'End',
  createdDate: 'Date',
  reason: 'Reason',
  scheduleDate: 'Date',
  from: 'From',
  to: 'To',
  fromDate: 'From',
  toDate: 'To',
  halfDay: 'Half day',
  task: 'Task',
};

const shown = (value: unknown) => (value === undefined || value === null || value === '' ? '—' : String(value));

/**
 * An edit made offline of a record that changed (or was deleted) on the server meanwhile: both versions side by
 * side, and the person chooses. Keep mine sends theirs as it is; keep the server's drops theirs.
 */
export function ConflictDialog({ item, onClose }: { item: QueuedWrite; onClose: () => void }) {
  const fields = Object.keys(item.body ?? {}).filter((field) => field in LABELS);
  const server = item.server;

  const choose = async (choice: 'mine' | 'server') => {
    if (server === null) await discard(item.key);
    else await resolveConflict(item.key, choice);
    onClose();
    if (choice === 'mine') void syncNow();
  };

  return (
    <Modal open title="Changed meanwhile" size="lg" onClose={onClose}>
      <div className="space-y-4">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {server === null
            ? `${item.label}: this record was deleted on another device while your change waited to sync, so it cannot be saved.`
            : `${item.label}: this record was changed on another device while your change waited to sync. Choose the version to keep.`}
        </p>
        {server !== null && server !== undefined && (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-slate-200 dark:border-slate-700">
                  <th scope="col" className="py-1 pr-3 font-semibold">
                    Field
                  </th>
                  <th scope="col" className="py-1 pr-3 font-semibold">
                    Yours
                  </th>
                  <th scope="col" className="py-1 font-semibold">
                    On the server
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
                        {LABELS[field]}
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
              Discard my change
            </Button>
          ) : (
            <>
              <Button variant="secondary" onClick={() => void choose('server')}>
                Keep the server's
              </Button>
              <Button onClick={() => void choose('mine')}>Keep mine</Button>
            </>
          )}
        </div>
      </div>
    </Modal>
  );
}
