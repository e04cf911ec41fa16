import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/field';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { PAGE_SIZE, SHORT_TOAST_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { useRequireAuth, useSession } from '@/lib/auth';
import { useDialogs } from '@/lib/dialogs';
import { formatDate } from '@/lib/format';
import { t as translate } from '@/lib/i18n';
import { isLeaveApprover, useTeamRole } from '@/lib/team-role';
import { decideLeave, usePendingLeaves, type Decision, type PendingLeave } from '../api/leave-requests';
import { useLeaveTypes } from '../api/leave-types';
import { useRevalidateLeaves } from '../api/leaves';
import type { LeaveType } from '../api/types';
import { leaveLength } from '../utils/days';
import { DeclineDialog } from './decline-dialog';
import { LeaveTypeChip } from './leave-badges';
import { leaveRange } from './leaves-list';

/** The requester, as the pending list names them. */
export const requesterName = (leave: PendingLeave) => leave.userName || translate('leaves.requests.someone');

interface RequestRowProps {
  leave: PendingLeave;
  type?: LeaveType;
  isOwn: boolean;
  busy: boolean;
  onApprove: () => void;
  onDecline: () => void;
}

function RequestRow({ leave, type, isOwn, busy, onApprove, onDecline }: RequestRowProps) {
  const { t } = useTranslation();
  const range = leaveRange(leave);
  const name = requesterName(leave);
  return (
    <li aria-label={name} className="flex flex-col gap-3 py-4 md:flex-row md:items-center md:gap-4">
      <div className="min-w-0 flex-1 space-y-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-semibold break-words">{name}</span>
          {isOwn && <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium dark:bg-slate-700">{t('leaves.requests.you')}</span>}
          {type && <LeaveTypeChip type={type} />}
        </p>
        <p className="text-sm">
          <span className="font-medium">{range}</span>
          <span className="text-slate-600 dark:text-slate-400"> · {leaveLength(leave)}</span>
        </p>
        <p className="line-clamp-3 text-sm break-words text-slate-600 dark:text-slate-400">{leave.reason}</p>
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('leaves.requests.requestedOn', { date: formatDate(leave.createdAt) })}</p>
      </div>
      {isOwn ? (
        <p className="text-sm text-slate-600 italic md:w-56 md:text-right dark:text-slate-400">{t('leaves.requests.own')}</p>
      ) : (
        <div className="grid grid-cols-2 gap-2 md:flex md:w-56 md:justify-end">
          <Button
            variant="secondary"
            className="text-red-700 dark:text-red-400"
            disabled={busy}
            onClick={onDecline}
            aria-label={t('leaves.requests.declineLabel', { name, range })}
          >
            {t('leaves.requests.decline')}
          </Button>
          <Button disabled={busy} onClick={onApprove} aria-label={t('leaves.requests.approveLabel', { name, range })}>
            {t('leaves.requests.approve')}
          </Button>
        </div>
      )}
    </li>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <Card className="text-center">
      <div className="space-y-4 text-sm text-slate-700 dark:text-slate-300">{children}</div>
    </Card>
  );
}

/**
 * Leave requests (/leaves/requests), for admins and HR: the team's pending leaves, oldest first, in pages of 20.
 * Each is approved or declined (with an optional comment); one's own request waits for another approver.
 */
export function LeaveRequestsPage() {
  const { t } = useTranslation();
  const { signedIn, id } = useSession();
  const { open } = useDialogs();
  const requireAuth = useRequireAuth();
  const toast = useToast();
  const role = useTeamRole();
  const allowed = isLeaveApprover(role.role);
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = usePendingLeaves(page, allowed);
  const { byId: types } = useLeaveTypes();
  const revalidate = useRevalidateLeaves();
  const [busyId, setBusyId] = useState<string>();
  const [declining, setDeclining] = useState<PendingLeave>();
  const total = data?.totalCount ?? 0;

  useEffect(() => {
    const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
    if (data && page > pages) setPage(pages);
  }, [data, total, page]);

  if (!signedIn) {
    return (
      <Notice>
        <p>{t('leaves.requests.signInPrompt')}</p>
        <div className="flex justify-center">
          <Button onClick={() => open('signIn')}>{t('leaves.requests.signIn')}</Button>
        </div>
      </Notice>
    );
  }
  if (role.isLoading) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={t('leaves.requests.loadingRole')} />
      </div>
    );
  }
  if (!allowed) {
    return (
      <Notice>
        {role.role ? <p>{t('leaves.requests.notAllowed')}</p> : <FormError>{errorMessage(role.error, t('leaves.requests.roleFailed'))}</FormError>}
        <p>
          <Link to={paths.leaves} className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-500">
            {t('leaves.requests.ownLeaves')}
          </Link>
        </p>
      </Notice>
    );
  }

  /** Takes the decided request off the page at once, then reloads every list of leaves. */
  const settle = async (leave: PendingLeave) => {
    await mutate((current) => current && { leaves: current.leaves.filter((item) => item._id !== leave._id), totalCount: Math.max(0, current.totalCount - 1) }, {
      revalidate: false,
    });
    await revalidate();
  };

  const decide = async (leave: PendingLeave, decision: Decision, comment?: string) => {
    if (!requireAuth()) return;
    setBusyId(leave._id);
    try {
      await decideLeave(leave._id, decision, comment);
      toast.show({
        title: decision === 'approve' ? t('leaves.requests.approved') : t('leaves.requests.declined'),
        message: t('leaves.requests.decided', { name: requesterName(leave), range: leaveRange(leave) }),
        variant: 'success',
        duration: SHORT_TOAST_MS,
      });
      await settle(leave);
    } finally {
      setBusyId(undefined);
    }
  };

  const approve = async (leave: PendingLeave) => {
    try {
      await decide(leave, 'approve');
    } catch (failure) {
      console.error('Approving the leave failed', failure);
      toast.show({ title: t('leaves.errorTitle'), message: errorMessage(failure, t('leaves.requests.failed')), variant: 'error' });
      // Decided by someone else, or cancelled meanwhile: the list shows where things stand.
      await revalidate();
    }
  };

  return (
    <div className="mx-auto max-w-4xl space-y-4 pb-20">
      <Card>
        <div className="mb-2">
          <h2 className="text-lg font-semibold">{total > 0 ? t('leaves.requests.titleCount', { total }) : t('leaves.requests.title')}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('leaves.requests.intro')}</p>
        </div>
        {isLoading ? (
          <div className="flex justify-center py-6">
            <Spinner label={t('leaves.requests.loading')} />
          </div>
        ) : error ? (
          <div role="alert" className="flex flex-wrap items-center justify-center gap-3 py-6 text-sm text-red-700 dark:text-red-400">
            {errorMessage(error, t('leaves.requests.loadFailed'))}
            <Button variant="secondary" size="sm" onClick={() => void mutate()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : (data?.leaves.length ?? 0) === 0 ? (
          <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">{t('leaves.requests.empty')}</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label={t('leaves.requests.listLabel')}>
            {data?.leaves.map((leave) => (
              <RequestRow
                key={leave._id}
                leave={leave}
                type={types.get(leave.typeId)}
                isOwn={leave.userId === id}
                busy={busyId === leave._id}
                onApprove={() => void approve(leave)}
                onDecline={() => setDeclining(leave)}
              />
            ))}
          </ul>
        )}
        <Pagination total={total} page={page} onPageChange={setPage} />
      </Card>

      {declining && (
        <DeclineDialog
          key={declining._id}
          summary={t('leaves.requests.summary', { name: requesterName(declining), range: leaveRange(declining), length: leaveLength(declining) })}
          onDecline={async (comment) => {
            try {
              await decide(declining, 'decline', comment);
            } catch (failure) {
              // A request that is no longer pending leaves the list; the dialog shows why.
              await revalidate();
              throw failure;
            }
          }}
          onClose={() => setDeclining(undefined)}
        />
      )}
    </div>
  );
}
