import type { Leave, LeaveStatus } from '../api/types';

export const statusLabels: Record<LeaveStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
  cancelled: 'Cancelled',
};

/**
 * Closed to its requester's edits: declined or cancelled, or approved by an approver (a leave approved at once, with
 * nobody to decide it, has no `decidedBy` and stays editable). The server answers 409 to such an edit.
 */
export const isLeaveLocked = (leave: Pick<Leave, 'status' | 'decidedBy'>) =>
  leave.status === 'declined' || leave.status === 'cancelled' || (leave.status === 'approved' && !!leave.decidedBy);

export const canEditLeave = (leave: Pick<Leave, 'status' | 'decidedBy'>) => !isLeaveLocked(leave);

/** The requester may withdraw a pending request, or an approved leave before its first day. */
export const canCancelLeave = (leave: Pick<Leave, 'status' | 'fromDate'>, today: string) =>
  leave.status === 'pending' || (leave.status === 'approved' && leave.fromDate > today);

/** Shared with the calendar's bars: only `#rrggbb` colours reach a style. */
export { safeColor } from '@/lib/color';
