import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useConfirmDelete } from '@/components/ui/confirm-dialog';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { PAGE_SIZE } from '@/config/constants';
import { readPrefilledRouteState, type LeavePrefill } from '@/lib/assistant-actions';
import { todayIso } from '@/lib/format';
import { deleteLeave, useLeaves, useRevalidateLeaves, type Leave } from '../api/leaves';
import { LeavesList } from './leaves-list';

// The form library loads with the first add or edit.
const LeaveFormDialog = lazy(() => import('./leave-form-dialog').then((module) => ({ default: module.LeaveFormDialog })));

type Dialog = { kind: 'add'; prefill?: Partial<LeavePrefill> } | { kind: 'edit'; leave: Leave };

function DialogSpinner() {
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-slate-950/60">
      <Spinner label="Opening" className="text-white" />
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
    open({ kind: 'add', prefill: { fromDate: action.fromDate, toDate: action.toDate, reason: action.reason } });
    void navigate(location.pathname, { replace: true, state: null });
  }, [location.state, location.pathname, navigate, open]);
}

/** Leaves: the caller's absence days, latest first, in pages of 20. */
export function LeavesPage() {
  const today = todayIso();
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useLeaves(page);
  const revalidate = useRevalidateLeaves();
  const confirmDelete = useConfirmDelete();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  useAssistantPrefill(setDialog);
  const close = () => setDialog(null);
  const total = data?.totalCount ?? 0;

  useEffect(() => {
    const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
    if (data && page > pages) setPage(pages);
  }, [data, total, page]);

  const remove = async (leave: Leave) => {
    if (await confirmDelete(() => deleteLeave(leave._id))) await revalidate();
  };

  return (
    <div className="mx-auto max-w-4xl space-y-4 pb-20">
      <Card>
        <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 className="text-lg font-semibold">Your leaves</h2>
            <p className="text-sm text-slate-600 dark:text-slate-400">Days you are away, latest first.</p>
          </div>
          <Button onClick={() => setDialog({ kind: 'add' })}>Add leave</Button>
        </div>
        {isLoading ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading leaves" />
          </div>
        ) : error ? (
          <div role="alert" className="flex flex-wrap items-center justify-center gap-3 py-6 text-sm text-red-700 dark:text-red-400">
            Your leaves could not be loaded.
            <Button variant="secondary" size="sm" onClick={() => void mutate()}>
              Try again
            </Button>
          </div>
        ) : (
          <LeavesList leaves={data?.leaves ?? []} today={today} onEdit={(leave) => setDialog({ kind: 'edit', leave })} onDelete={remove} />
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
