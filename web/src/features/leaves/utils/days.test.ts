import { describe, expect, it } from 'vitest';
import { leaveDays } from './days';

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
