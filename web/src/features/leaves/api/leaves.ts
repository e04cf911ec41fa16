import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { PAGE_SIZE } from '@/config/constants';
import { api } from '@/lib/api-client';
import { apiKey, apiWrite, keyIn, keyUnder, type Query } from '@/lib/api-paths';
import { useSession } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { t } from '@/lib/i18n';
import { sendOrQueue, type WriteOutcome } from '@/lib/offline/write';
import { useApi } from '@/lib/swr';
import { pendingKey } from './pending-count';
import type { Leave, LeaveFields } from './types';

export type { Leave, LeaveFields, LeavePage } from './types';

export const leaveKeys = {
  list: (page: number) => apiKey('/leaves/list', { query: { skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE } }),
  pending: pendingKey,
  types: apiKey('/leaves/types'),
  /** The caller's balance of a year. */
  balance: (year: number) => apiKey('/leaves/balance', { query: { year } }),
  /** What a leave would take, before it is sent. */
  preview: (query: Query<'/leaves/preview', 'get'>) => apiKey('/leaves/preview', { query: { ...query } }),
  settings: apiKey('/leaves/settings'),
  /** Every member's balance of a year (admins and HR). */
  teamBalances: (year: number) => apiKey('/admin/balances', { query: { year } }),
} as const;

/**
 * Read from the leaves (the team's types and settings are not), and today's absentees and the team's balances, which
 * read the same records (only approved leaves are absences).
 */
export const isLeaveKey = (key: unknown) =>
  (keyUnder(key, '/leaves/') && !keyIn(key, ['/leaves/types', '/leaves/settings'])) || keyIn(key, ['/admin/onLeaves', '/admin/get', '/admin/balances']);

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
  return useApi(signedIn && leaveKeys.list(page), { keepPreviousData: true });
}

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
  return useSWRMutation<WriteOutcome<Leave>, Error, string, SaveArg>('leave:save', async (_key, { arg }) => {
    const outcome = await sendOrQueue(
      arg.id
        ? {
            kind: 'leave',
            action: 'edit',
            request: apiWrite.put('/leaves/edit/{id}', { params: { id: arg.id }, body: arg.fields }),
            recordId: arg.id,
            base: arg.base,
            label: t('leaves.queue.edit', { dates: datesOf(arg.fields) }),
          }
        : {
            kind: 'leave',
            action: 'add',
            request: apiWrite.post('/leaves/add', { body: arg.fields }),
            label: t('leaves.queue.add', { dates: datesOf(arg.fields) }),
          },
    );
    if (!outcome.queued) await revalidate();
    return outcome;
  });
}

/** Deletes a leave (queued without a connection). */
export const deleteLeave = (leave: Leave) =>
  sendOrQueue({
    kind: 'leave',
    action: 'delete',
    request: apiWrite.del('/leaves/delete/{id}', { params: { id: leave._id } }),
    recordId: leave._id,
    label: t('leaves.queue.delete', { dates: datesOf(leave) }),
  });

/** The requester withdraws a pending leave, or an approved one that has not started; it stays, `cancelled`. */
export const cancelLeave = (id: string) => api.post('/leaves/cancel/{id}', { params: { id } });
