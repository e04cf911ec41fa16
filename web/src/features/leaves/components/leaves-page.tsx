import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAlert } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useConfirmDelete } from '@/components/ui/confirm-dialog';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { PAGE_SIZE, SHORT_TOAST_MS } from '@/config/constants';
import { errorMessage } from '@/lib/api-error';
import { readPrefilledRouteState, type LeavePrefill } from '@/lib/assistant-actions';
import { useRequireAuth } from '@/lib/auth';
import { todayIso } from '@/lib/format';
import { t as translate } from '@/lib/i18n';
import { withPending } from '@/lib/offline/pending';
import type { QueuedWrite } from '@/lib/offline/queue';
import { useQueuedWrites } from '@/lib/offline/write';
import { useLeaveTypes } from '../api/leave-types';
import { cancelLeave, deleteLeave, useLeaves, useRevalidateLeaves, type Leave, type LeaveFields } from '../api/leaves';
import { leaveLength } from '../utils/days';
import { BalanceCard } from './balance-card';
import { leaveRange, LeavesList } from './leaves-list';

// The form library loads with the first add or edit.
const LeaveFormDialog = lazy(() => import('./leave-form-dialog').then((module) => ({ default: module.LeaveFormDialog })));

type Dialog = { kind: 'add'; prefill?: Partial<Omit<LeavePrefill, 'typeId'> & { typeId: string }> } | { kind: 'edit'; leave: Leave };

function DialogSpinner() {
  const { t } = useTranslation();
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-slate-950/60">
      <Spinner label={t('leaves.page.opening')} className="text-white" />
    </div>
  );
}

/** Opens the add form with the assistant's proposal when the chat navigated here with one. */
function useAssistantPrefill(open: (dialog: Dialog) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const action = readPrefilledRouteState(location.state);
    if (action?.action !== 'createLeave') return;
    open({ kind: 'add', prefill: { fromDate: action.fromDate, toDate: action.toDate, reason: action.reason, typeId: action.typeId ?? undefined } });
    void navigate(location.pathname, { replace: true, state: null });
  }, [location.state, location.pathname, navigate, open]);
}

/** The cancel confirmation's and outcome's texts, read when shown. */
export const cancelTexts = {
  get question() {
    return translate('leaves.cancel.question');
  },
  get confirm() {
    return translate('leaves.cancel.confirm');
  },
  get keep() {
    return translate('leaves.cancel.keep');
  },
  get done() {
    return translate('leaves.cancel.done');
  },
  get failed() {
    return translate('leaves.cancel.failed');
  },
};

/** Asks first, then withdraws the request; the server's refusal (it started meanwhile, say) is shown as it is. */
function useCancelLeave() {
  const alert = useAlert();
  const toast = useToast();
  const requireAuth = useRequireAuth();
  const revalidate = useRevalidateLeaves();
  return async (leave: Leave) => {
    if (!requireAuth()) return;
    const confirmed = await alert({
      icon: 'question',
      title: cancelTexts.question,
      text: translate(leave.status === 'approved' ? 'leaves.cancel.textApproved' : 'leaves.cancel.textPending', {
        range: leaveRange(leave),
        length: leaveLength(leave),
      }),
      confirmText: cancelTexts.confirm,
      cancelText: cancelTexts.keep,
      danger: true,
    });
    if (!confirmed) return;
    try {
      await cancelLeave(leave._id);
      toast.show({ message: cancelTexts.done, variant: 'success', duration: SHORT_TOAST_MS });
    } catch (error) {
      console.error('Cancelling the leave failed', error);
      toast.show({ title: translate('leaves.errorTitle'), message: errorMessage(error, cancelTexts.failed), variant: 'error' });
    }
    await revalidate();
  };
}

/**
 * A leave requested offline, as the list shows it until it is sent: the dates, type and reason entered. Its days,
 * status and balance are the server's to work out, so the list shows none of them for it.
 */
function queuedLeave(item: QueuedWrite, defaultTypeId: string | undefined): Leave {
  const fields = item.body as LeaveFields;
  return {
    _id: '',
    userId: item.userId,
    fromDate: fields.fromDate,
    toDate: fields.toDate,
    reason: fields.reason,
    typeId: fields.typeId ?? defaultTypeId ?? '',
    halfDay: fields.halfDay || undefined,
    days: 0,
    status: 'pending',
    createdAt: item.queuedAt,
    updatedAt: item.queuedAt,
  };
}

/**
 * Leaves: the caller's balance of this year, then their absence days, latest first, in pages of 20, with their type,
 * working days and where each request stands.
 */
export function LeavesPage() {
  const { t } = useTranslation();
  const today = todayIso();
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useLeaves(page);
  const revalidate = useRevalidateLeaves();
  const { byId: types, defaultType } = useLeaveTypes();
  const queued = useQueuedWrites('leave');
  // Requests not synced yet head the first page.
  const shown = withPending(data?.leaves ?? [], queued, page === 1 ? (item) => queuedLeave(item, defaultType?._id) : undefined);
  const confirmDelete = useConfirmDelete();
  const cancel = useCancelLeave();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  useAssistantPrefill(setDialog);
  const close = () => setDialog(null);
  const total = data?.totalCount ?? 0;

  useEffect(() => {
    const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
    if (data && page > pages) setPage(pages);
  }, [data, total, page]);

  const remove = async (leave: Leave) => {
    if (await confirmDelete(() => deleteLeave(leave))) await revalidate();
  };

  return (
    <div className="mx-auto max-w-4xl space-y-4 pb-20">
      <BalanceCard year={Number(today.slice(0, 4))} />
      <Card>
        <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 className="text-lg font-semibold">{t('leaves.page.title')}</h2>
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('leaves.page.intro')}</p>
          </div>
          <Button onClick={() => setDialog({ kind: 'add' })}>{t('leaves.page.add')}</Button>
        </div>
        {isLoading ? (
          <div className="flex justify-center py-6">
            <Spinner label={t('leaves.page.loading')} />
          </div>
        ) : error ? (
          <div role="alert" className="flex flex-wrap items-center justify-center gap-3 py-6 text-sm text-red-700 dark:text-red-400">
            {t('leaves.page.loadFailed')}
            <Button variant="secondary" size="sm" onClick={() => void mutate()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : (
          <LeavesList
            leaves={shown}
            today={today}
            types={types}
            onEdit={(leave) => setDialog({ kind: 'edit', leave })}
            onDelete={remove}
            onCancel={(leave) => void cancel(leave)}
          />
        )}
        <Pagination total={total} page={page} onPageChange={setPage} />
      </Card>

      {dialog && (
        <Suspense fallback={<DialogSpinner />}>
          <LeaveFormDialog
            key={dialog.kind === 'edit' ? dialog.leave._id : 'add'}
            editing={dialog.kind === 'edit' ? dialog.leave : undefined}
            prefill={dialog.kind === 'add' ? dialog.prefill : undefined}
            onClose={close}
          />
        </Suspense>
      )}
    </div>
  );
}
