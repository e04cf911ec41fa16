import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { PAGE_SIZE } from '@/config/constants';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { sendOrQueue, type WriteOutcome } from '@/lib/offline/write';
import type { Deleted, Leave, LeaveFields, LeavePage } from './types';

export type { Leave, LeaveFields, LeavePage } from './types';

export const leaveKeys = {
  list: (page: number) => ['/leaves/list', { skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }] as const,
  pending: (page: number) => ['/leaves/pending', { skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }] as const,
  types: '/leaves/types',
  /** The caller's balance of a year. */
  balance: (year: number) => ['/leaves/balance', { year }] as const,
  settings: '/leaves/settings',
  /** Every member's balance of a year (admins and HR). */
  teamBalances: (year: number) => ['/admin/balances', { year }] as const,
} as const;

/** Today's absentees and the team's balances read the same records (only approved leaves are absences). */
const TEAM_VIEWS = ['/admin/onLeaves', '/admin/get', '/admin/balances'];

/** Read from the leaves, unlike the team's types and settings. */
const NOT_FROM_LEAVES: readonly string[] = [leaveKeys.types, leaveKeys.settings];

const isLeaveKey = (key: unknown) => {
  const path = Array.isArray(key) ? key[0] : key;
  return typeof path === 'string' && ((path.startsWith('/leaves/') && !NOT_FROM_LEAVES.includes(path)) || TEAM_VIEWS.includes(path));
};

/**
 * Every list of leaves (the caller's, the pending requests, today's absentees) and every balance (the caller's, the
 * team's) reloads after a change.
 */
export function useRevalidateLeaves(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate(isLeaveKey), [mutate]);
}

/** The caller's leaves, latest first, a page of 20 at a time. */
export function useLeaves(page: number) {
  const { signedIn } = useSession();
  return useSWR<LeavePage>(signedIn ? leaveKeys.list(page) : null, { keepPreviousData: true });
}

/** What a leave waiting in the offline queue cannot show yet. */
export const LEAVE_WORKED_OUT_ON_SYNC = 'Days and approval are worked out when it syncs.';

/** A leave's dates for a queued change's label: '03/03/2031' or '03/03/2031 – 04/03/2031'. */
const datesOf = (fields: Pick<LeaveFields, 'fromDate' | 'toDate'>) =>
  fields.fromDate === fields.toDate ? formatDate(fields.fromDate) : `${formatDate(fields.fromDate)} – ${formatDate(fields.toDate)}`;

interface SaveArg {
  id?: string;
  fields: LeaveFields;
  /** The leave as shown when the edit began: a queued edit is written only over that version. */
  base?: Leave;
}

/**
 * Requests a leave, or edits one when `id` is given; without a connection the write is queued and sent later (the
 * server works out its days, balance and approval then).
 */
export function useSaveLeave() {
  const revalidate = useRevalidateLeaves();
  return useSWRMutation<WriteOutcome<Leave>, Error, string, SaveArg>('/leaves/save', async (_key, { arg }) => {
    const outcome = await sendOrQueue<Leave>(
      arg.id
        ? {
            kind: 'leave',
            action: 'edit',
            method: 'PUT',
            path: `/leaves/edit/${arg.id}`,
            body: arg.fields,
            recordId: arg.id,
            base: arg.base,
            label: `Edit leave: ${datesOf(arg.fields)}`,
          }
        : { kind: 'leave', action: 'add', method: 'POST', path: '/leaves/add', body: arg.fields, label: `Request leave: ${datesOf(arg.fields)}` },
    );
    if (!outcome.queued) await revalidate();
    return outcome;
  });
}

/** Deletes a leave (queued without a connection). */
export const deleteLeave = (leave: Leave) =>
  sendOrQueue<Deleted>({
    kind: 'leave',
    action: 'delete',
    method: 'DELETE',
    path: `/leaves/delete/${leave._id}`,
    recordId: leave._id,
    label: `Delete leave: ${datesOf(leave)}`,
  });

/** The requester withdraws a pending leave, or an approved one that has not started; it stays, `cancelled`. */
export const cancelLeave = (id: string) => api.post<Leave>(`/leaves/cancel/${encodeURIComponent(id)}`);
