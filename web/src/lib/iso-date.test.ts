import { describe, expect, it } from 'vitest';
import { addDaysIso, daysBetweenIso, isIsoDate } from './iso-date';

describe('YYYY-MM-DD arithmetic', () => {
  it('accepts only real calendar dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-13-01')).toBe(false);
    expect(isIsoDate('02/06/2025')).toBe(false);
    expect(isIsoDate('')).toBe(false);
  });

  it('adds days across months, years and daylight-saving changes', () => {
    expect(addDaysIso('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDaysIso('2025-03-30', 1)).toBe('2025-03-31');
    expect(addDaysIso('2025-03-01', -1)).toBe('2025-02-28');
  });

  it('counts the days between two dates', () => {
    expect(daysBetweenIso('2025-06-02', '2025-06-04')).toBe(2);
    expect(daysBetweenIso('2025-06-04', '2025-06-02')).toBe(-2);
    expect(daysBetweenIso('2025-06-04', 'nope')).toBeUndefined();
  });
});
