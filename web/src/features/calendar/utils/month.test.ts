import { describe, expect, it } from 'vitest';
import type { CalendarLeave } from '../api/calendar';
import { addMonths, daysOfMonth, formatLeaveDates, isMonth, isoWeekday, rowCells } from './month';

const leave = (id: string, fromDate: string, toDate: string): CalendarLeave => ({
  _id: id,
  typeId: 't',
  typeName: 'Vacation',
  color: '#2563eb',
  status: 'approved',
  fromDate,
  toDate,
});

describe('calendar months', () => {
  it('steps months across years', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2025-12', 1)).toBe('2026-01');
    expect(addMonths('2026-06', 14)).toBe('2027-08');
  });

  it('has every day of a month, leap years included', () => {
    expect(daysOfMonth('2024-02')).toHaveLength(29);
    expect(daysOfMonth('2026-02')).toHaveLength(28);
    expect(daysOfMonth('2026-06').at(-1)).toBe('2026-06-30');
  });

  it('reads months and weekdays', () => {
    expect(isMonth('2026-06')).toBe(true);
    expect(isMonth('2026-13')).toBe(false);
    expect(isMonth('2026-6')).toBe(false);
    expect(isoWeekday('2026-06-01')).toBe(1);
    expect(isoWeekday('2026-06-07')).toBe(7);
    expect(isoWeekday('1970-01-01')).toBe(4);
  });

  it('cuts a row into free days and one run per leave, clipped to the month', () => {
    const days = daysOfMonth('2026-06');
    const cells = rowCells([leave('a', '2026-05-30', '2026-06-02'), leave('b', '2026-06-29', '2026-07-03')], days);
    expect(cells[0]).toMatchObject({ kind: 'leave', days: ['2026-06-01', '2026-06-02'] });
    expect(cells[1]).toEqual({ kind: 'day', day: '2026-06-03' });
    expect(cells.at(-1)).toMatchObject({ kind: 'leave', days: ['2026-06-29', '2026-06-30'] });
    expect(cells).toHaveLength(1 + 26 + 1);
  });

  it('writes a leave’s dates', () => {
    expect(formatLeaveDates(leave('a', '2026-06-02', '2026-06-02'))).toBe('2 June');
    expect(formatLeaveDates(leave('a', '2026-05-30', '2026-06-02'))).toBe('30 May to 2 June');
  });
});
