import { describe, expect, it } from 'vitest';
import { dayNumber, formatDayCount, formatWorkingDays, leaveDays, leaveLength } from './days';

describe('leave days', () => {
  it('is 1 for the same day and the inclusive count otherwise', () => {
    expect(leaveDays('2025-06-02', '2025-06-02')).toBe(1);
    expect(leaveDays('2025-06-02', '2025-06-04')).toBe(3);
    expect(leaveDays('2024-02-28', '2024-03-01')).toBe(3);
    expect(leaveDays('2025-03-29', '2025-03-31')).toBe(3);
  });

  it('has no count without two valid dates in order', () => {
    expect(leaveDays('', '2025-06-04')).toBeUndefined();
    expect(leaveDays('2025-06-05', '2025-06-04')).toBeUndefined();
    expect(leaveDays('2025-02-30', '2025-03-01')).toBeUndefined();
  });
});

describe('leave length', () => {
  it('shows a half day, the working days, and the calendar days when they differ', () => {
    expect(leaveLength({ days: 1, halfDay: 'am', workingDays: 0.5 })).toBe('1 day · half day (morning)');
    expect(leaveLength({ days: 1, halfDay: 'pm' })).toBe('1 day · half day (afternoon)');
    expect(leaveLength({ days: 3, workingDays: 3 })).toBe('3 days · 3 working days');
    expect(leaveLength({ days: 1, workingDays: 1 })).toBe('1 day · 1 working day');
    expect(leaveLength({ days: 4, workingDays: 2 })).toBe('4 days · 2 working days');
    expect(leaveLength({ days: 3 })).toBe('3 days');
    expect(leaveLength({ days: 1, workingDays: null })).toBe('1 day');
  });

  it('writes halves with one decimal', () => {
    expect(formatWorkingDays(0.5)).toBe('0.5 working days');
    expect(formatDayCount(19.5)).toBe('19.5 days');
    expect(formatDayCount(1)).toBe('1 day');
    expect(formatDayCount(-1)).toBe('-1 days');
    expect(dayNumber(2.5)).toBe('2.5');
  });
});
