import { describe, expect, it } from 'vitest';
import { addMonths, daysBetween, presets, rangeProblem } from './date-range';

const range = (id: string, today: string) => presets.find((preset) => preset.id === id)!.range(today);

describe('date range', () => {
  it('presets end today and count today in', () => {
    expect(range('7d', '2025-06-10')).toEqual({ from: '2025-06-04', to: '2025-06-10' });
    expect(range('30d', '2025-03-01')).toEqual({ from: '2025-01-31', to: '2025-03-01' });
    expect(range('6m', '2025-06-10')).toEqual({ from: '2024-12-11', to: '2025-06-10' });
    expect(range('12m', '2025-06-10')).toEqual({ from: '2024-06-11', to: '2025-06-10' });
    expect(range('2y', '2025-06-10')).toEqual({ from: '2023-06-11', to: '2025-06-10' });
    expect(range('5y', '2025-06-10')).toEqual({ from: '2020-06-11', to: '2025-06-10' });
    expect(presets.map((preset) => preset.label)).toEqual(['Last 7 Days', '30 Days', '6 Months', '12 Months', '2 Years', '5 Years']);
  });

  it('moves by months without spilling into the next month', () => {
    expect(addMonths('2025-08-31', -6)).toBe('2025-02-28');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2025-01-15', -12)).toBe('2024-01-15');
  });

  it('asks for at least one date and an end not before the start', () => {
    expect(rangeProblem({ from: '', to: '' })).toEqual({ field: 'from', message: 'Select at least one date.' });
    expect(rangeProblem({ from: '2025-06-10', to: '2025-06-09' })).toEqual({ field: 'to', message: 'End date cannot be earlier than start date.' });
    expect(rangeProblem({ from: '2025-06-10', to: '' })).toBeUndefined();
    expect(rangeProblem({ from: '', to: '2025-06-10' })).toBeUndefined();
    expect(rangeProblem({ from: '2025-06-10', to: '2025-06-10' })).toBeUndefined();
  });

  it('lists the days of a range', () => {
    expect(daysBetween('2025-02-27', '2025-03-02')).toEqual(['2025-02-27', '2025-02-28', '2025-03-01', '2025-03-02']);
  });
});
