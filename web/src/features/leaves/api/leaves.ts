import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { PAGE_SIZE } from '@/config/constants';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
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

export function useSaveLeave() {
  const revalidate = useRevalidateLeaves();
  return useSWRMutation<Leave, Error, string, { id?: string; fields: LeaveFields }>('/leaves/save', async (_key, { arg }) => {
    const saved = arg.id ? await api.put<Leave>(`/leaves/edit/${arg.id}`, arg.fields) : await api.post<Leave>('/leaves/add', arg.fields);
    await revalidate();
    return saved;
  });
}

export const deleteLeave = (id: string) => api.del<Deleted>(`/leaves/delete/${id}`);

/** The requester withdraws a pending leave, or an approved one that has not started; it stays, `cancelled`. */
export const cancelLeave = (id: string) => api.post<Leave>(`/leaves/cancel/${encodeURIComponent(id)}`);
