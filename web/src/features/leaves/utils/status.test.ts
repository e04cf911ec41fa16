import { describe, expect, it } from 'vitest';
import type { LeaveStatus } from '../api/types';
import { canCancelLeave, canEditLeave, safeColor } from './status';

const TODAY = '2025-06-10';
const leave = (status: LeaveStatus, fromDate = '2025-06-20', decidedBy?: string) => ({ status, fromDate, decidedBy });

describe('leave status rules', () => {
  it('cancels a pending request whatever its dates', () => {
    expect(canCancelLeave(leave('pending', '2025-06-20'), TODAY)).toBe(true);
    expect(canCancelLeave(leave('pending', TODAY), TODAY)).toBe(true);
    expect(canCancelLeave(leave('pending', '2025-06-01'), TODAY)).toBe(true);
  });

  it('cancels an approved leave only before its first day', () => {
    expect(canCancelLeave(leave('approved', '2025-06-11', 'u2'), TODAY)).toBe(true);
    expect(canCancelLeave(leave('approved', TODAY, 'u2'), TODAY)).toBe(false);
    expect(canCancelLeave(leave('approved', '2025-06-01'), TODAY)).toBe(false);
  });

  it('never cancels a declined or cancelled leave', () => {
    expect(canCancelLeave(leave('declined'), TODAY)).toBe(false);
    expect(canCancelLeave(leave('cancelled'), TODAY)).toBe(false);
  });

  it('edits pending leaves and leaves approved without an approver, not ones an approver decided', () => {
    expect(canEditLeave(leave('pending'))).toBe(true);
    expect(canEditLeave(leave('approved'))).toBe(true);
    expect(canEditLeave(leave('approved', '2025-06-20', 'u2'))).toBe(false);
    expect(canEditLeave(leave('declined', '2025-06-20', 'u2'))).toBe(false);
    expect(canEditLeave(leave('cancelled'))).toBe(false);
  });

  it('passes only #rrggbb colours', () => {
    expect(safeColor('#1D4ed8')).toBe('#1D4ed8');
    expect(safeColor('red')).toBeUndefined();
    expect(safeColor('#123')).toBeUndefined();
    expect(safeColor('#123456;background:url(x)')).toBeUndefined();
  });
});
