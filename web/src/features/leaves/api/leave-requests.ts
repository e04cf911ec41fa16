import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { useApi } from '@/lib/swr';
import { leaveKeys } from './leaves';
import type { Leave, LeaveDecision } from './types';

export type { PendingLeave, PendingLeavePage } from './types';

export type Decision = 'approve' | 'decline';

/** The team's requests waiting for a decision, oldest first, 20 a page; only admins and HR may read them. */
export function usePendingLeaves(page: number, enabled: boolean) {
  const { signedIn } = useSession();
  return useApi(signedIn && enabled && leaveKeys.pending(page), { keepPreviousData: true });
}

/** `POST /leaves/approve/{id}` or `/leaves/decline/{id}`, with the comment when there is one. */
export function decideLeave(id: string, decision: Decision, comment?: string): Promise<Leave> {
  const text = comment?.trim();
  const body: LeaveDecision = text ? { comment: text } : {};
  const init = { params: { id }, body };
  return decision === 'approve' ? api.post('/leaves/approve/{id}', init) : api.post('/leaves/decline/{id}', init);
}
