import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { PAGE_SIZE } from '@/config/constants';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import type { Schemas } from '@/lib/api-schema';

export type Leave = Schemas['Leave'];

/** The body of the add and edit calls; `days` is shown and sent as the spec says, the server counts them itself. */
export type LeaveFields = Schemas['LeaveCreate'];

export type LeavePage = Schemas['LeaveList'];

export const leaveKeys = {
  list: (page: number) => ['/leaves/list', { skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }] as const,
} as const;

/** Today's absentees read the same records. */
const TEAM_VIEWS = ['/admin/onLeaves', '/admin/get'];

const isLeaveKey = (key: unknown) => {
  const path = Array.isArray(key) ? key[0] : key;
  return typeof path === 'string' && (path.startsWith('/leaves/') || TEAM_VIEWS.includes(path));
};

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

export const deleteLeave = (id: string) => api.del<Schemas['Deleted']>(`/leaves/delete/${id}`);
