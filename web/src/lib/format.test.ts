import { describe, expect, it } from 'vitest';
import { formatDate, formatTime, todayIso, truncate } from './format';

describe('display formats', () => {
  it('shows dates day-month-year', () => {
    expect(formatDate('2025-06-02')).toBe('02/06/2025');
    expect(formatDate('2025-12-31T23:30:00Z')).toBe('31/12/2025');
  });

  it('shows 24-hour times in 12-hour form', () => {
    expect(formatTime('00:30')).toBe('12:30 AM');
    expect(formatTime('09:05')).toBe('9:05 AM');
    expect(formatTime('12:00')).toBe('12:00 PM');
    expect(formatTime('13:05')).toBe('1:05 PM');
  });

  it("writes today's date as the API expects", () => {
    expect(todayIso(new Date(2025, 0, 7, 23, 59))).toBe('2025-01-07');
  });

  it('truncates long text at the given length', () => {
    expect(truncate('a'.repeat(71), 70)).toEqual({ text: `${'a'.repeat(70)}…`, truncated: true });
    expect(truncate('short', 70)).toEqual({ text: 'short', truncated: false });
  });
});
