import { t } from '@/lib/i18n';
import { leaveStatuses, type Leave, type LeaveStatus } from '../api/types';

/** 'Pending', 'Approved', 'Declined' or 'Cancelled', in the person's language. */
export const statusLabel = (status: LeaveStatus): string => (leaveStatuses.includes(status) ? t(`leaves.status.${status}`) : status);

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
