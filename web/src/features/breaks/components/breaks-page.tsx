import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useConfirmDelete } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { readPrefilledRouteState, type BreakPrefill } from '@/lib/assistant-actions';
import { formatDate, todayIso } from '@/lib/format';
import { withPending, type Pending } from '@/lib/offline/pending';
import { useQueuedWrites } from '@/lib/offline/write';
import { deleteBreak, endedOffline, useRevalidateBreaks, useTodayBreaks, type Break, type BreakFields } from '../api/breaks';
import { breakMinutes } from '../utils/time';
import { BreakDetailsDialog } from './break-details-dialog';
import { BreaksList, totalMinutes } from './breaks-list';
import { LiveBreakCard } from './live-break-card';

// The form library loads with the first add or edit, not with the dashboard.
const BreakFormDialog = lazy(() => import('./break-form-dialog').then((module) => ({ default: module.BreakFormDialog })));

type Dialog = { kind: 'add'; prefill?: Partial<BreakPrefill> } | { kind: 'edit'; record: Break } | { kind: 'details'; record: Break };

function DialogSpinner() {
  const { t } = useTranslation();
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-slate-950/60">
      <Spinner label={t('breaks.page.opening')} className="text-white" />
    </div>
  );
}

/** Opens the add form with the assistant's proposal when the chat navigated here with one. */
function useAssistantPrefill(open: (dialog: Dialog) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const action = readPrefilledRouteState(location.state);
    if (action?.action !== 'createBreak') return;
    const { action: _name, ...prefill } = action;
    open({ kind: 'add', prefill });
    // Forget it, so a reload or Back does not open the form again.
    void navigate(location.pathname, { replace: true, state: null });
  }, [location.state, location.pathname, navigate, open]);
}

/** An edit waiting to sync shows its own times, so its duration too (the server works it out the same way). */
const withQueuedDuration = (record: Pending<Break>): Pending<Break> =>
  record.pending?.action === 'edit' ? { ...record, duration: breakMinutes(record.startTime, record.endTime) ?? record.duration } : record;

/**
 * The Dashboard: the live break control first (the phone's main action), then today's breaks; `before` goes above
 * the live break (the working-time card, which the route puts there).
 */
export function BreaksPage({ before }: { before?: ReactNode } = {}) {
  const { t } = useTranslation();
  const today = todayIso();
  const { data: breaks, error, isLoading, mutate } = useTodayBreaks(today);
  const revalidate = useRevalidateBreaks();
  const confirmDelete = useConfirmDelete();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  useAssistantPrefill(setDialog);
  const close = () => setDialog(null);
  const queued = useQueuedWrites();
  // Today's breaks with the changes not synced yet: adds and edits as made, live breaks ended offline.
  const list = [
    ...queued.map(endedOffline).filter((record): record is Pending<Break> => record?.createdDate === today),
    ...withPending(
      breaks ?? [],
      queued.filter((item) => item.kind === 'break'),
      (item) => {
        const fields = item.body as BreakFields | undefined;
        if (fields?.createdDate !== today) return undefined;
        return {
          ...fields,
          reason: fields.reason ?? '',
          duration: breakMinutes(fields.startTime, fields.endTime) ?? 0,
          isClosed: true,
          isModal: false,
          _id: '',
          live: false,
          createdAt: item.queuedAt,
          updatedAt: item.queuedAt,
          userId: item.userId,
        };
      },
    ).map(withQueuedDuration),
    // "HH:MM" strings: compared as they are. localeCompare would build the ICU collator on the first load's main
    // thread (tens of milliseconds on a phone).
  ].sort((a, b) => (a.startTime < b.startTime ? -1 : a.startTime > b.startTime ? 1 : 0));
  const total = totalMinutes(list);

  const remove = async (record: Break) => {
    if (await confirmDelete(() => deleteBreak(record))) await revalidate();
  };

  return (
    <div className="mx-auto max-w-4xl space-y-4 pb-20">
      {before}
      <LiveBreakCard />
      <Card>
        <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 className="text-lg font-semibold">{t('breaks.page.title')}</h2>
            {/* The total keeps the width of the longest (a day's 1440 minutes) from the first paint on: the 0 shown
                while the breaks load would otherwise leave room for the button beside the text, and the real total
                push it onto a line of its own (a layout shift on phones). One text node, so ' minutes' does not
                move either when the number grows. */}
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {t('breaks.page.total', { date: formatDate(today) })}{' '}
              <span className="inline-block min-w-[12ch] font-semibold text-slate-900 dark:text-slate-100">
                {t('breaks.page.totalMinutes', { count: total })}
              </span>
            </p>
          </div>
          <Button variant="secondary" onClick={() => setDialog({ kind: 'add' })}>
            {t('breaks.addBreak')}
          </Button>
        </div>
        {isLoading && list.length === 0 ? (
          <div className="flex justify-center py-6">
            <Spinner label={t('breaks.page.loading')} />
          </div>
        ) : error ? (
          <div role="alert" className="flex flex-wrap items-center justify-center gap-3 py-6 text-sm text-red-700 dark:text-red-400">
            {t('breaks.page.loadError')}
            <Button variant="secondary" size="sm" onClick={() => void mutate()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : (
          <BreaksList
            breaks={list}
            onView={(record) => setDialog({ kind: 'details', record })}
            onEdit={(record) => setDialog({ kind: 'edit', record })}
            onDelete={remove}
          />
        )}
      </Card>

      {dialog?.kind === 'details' && (
        <BreakDetailsDialog record={dialog.record} onClose={close} onEdit={() => setDialog({ kind: 'edit', record: dialog.record })} />
      )}
      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <Suspense fallback={<DialogSpinner />}>
          <BreakFormDialog
            key={dialog.kind === 'edit' ? dialog.record._id : 'add'}
            editing={dialog.kind === 'edit' ? dialog.record : undefined}
            prefill={dialog.kind === 'add' ? dialog.prefill : undefined}
            onClose={close}
          />
        </Suspense>
      )}
    </div>
  );
}
