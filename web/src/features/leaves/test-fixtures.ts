// Shared data of the leaves feature's tests (not part of the app).
import type { Leave, LeaveType, PendingLeave } from './api/types';

const STAMP = '2025-01-01T08:00:00Z';

const type = (id: string, name: string, color: string, flags: Partial<LeaveType>): LeaveType => ({
  _id: id,
  name,
  color,
  paid: true,
  countsAgainstAllowance: false,
  needsApproval: false,
  archived: false,
  isDefault: false,
  createdAt: STAMP,
  updatedAt: STAMP,
  ...flags,
});

/** A new team's three types, plus an archived one. */
export const vacation = type('t-vac', 'Vacation', '#2563eb', { countsAgainstAllowance: true, needsApproval: true, isDefault: true });
export const sick = type('t-sick', 'Sick', '#dc2626', {});
export const unpaid = type('t-unpaid', 'Unpaid', '#64748b', { paid: false, needsApproval: true });
export const training = type('t-old', 'Training', '#16a34a', { archived: true });
export const teamTypes: LeaveType[] = [sick, vacation, unpaid, training];

export const makeLeave = (n: number, overrides: Partial<Leave> = {}): Leave => ({
  _id: `l${n}`,
  userId: 'u1',
  typeId: vacation._id,
  status: 'approved',
  fromDate: '2020-06-02',
  toDate: '2020-06-04',
  reason: `Reason ${n}`,
  days: 3,
  createdAt: '2020-06-01T08:00:00Z',
  updatedAt: '2020-06-01T08:00:00Z',
  ...overrides,
});

export const makePending = (n: number, userName: string, overrides: Partial<PendingLeave> = {}): PendingLeave => ({
  ...makeLeave(n, { status: 'pending', userId: `u-${userName.split(' ')[0]!.toLowerCase()}` }),
  userName,
  ...overrides,
});
