import { describe, expect, it } from 'vitest';
import { Break } from '@/lib/api-rules';
import { breakDurationError, breakSchema, MAX_BREAK_MINUTES, toBreakFields } from './break-schema';

const valid = { type: 'Coffee Break', createdDate: '2025-06-02', startTime: '23:30', endTime: '00:15', reason: '  coffee  ' };
const messages = (values: Partial<typeof valid>) => breakSchema.safeParse({ ...valid, ...values }).error?.issues.map((issue) => issue.message) ?? [];

describe('break schema', () => {
  it("takes the longest break from the document (a break's duration at most: 480 minutes)", () => {
    expect(MAX_BREAK_MINUTES).toBe(Break.properties.duration.maximum);
    expect(MAX_BREAK_MINUTES).toBe(480);
  });

  it('rejects a zero-length break and one over 8 hours, allowing exactly 8', () => {
    expect(breakDurationError('09:00', '09:00')).toBe('Break duration must be greater than 0 minutes');
    expect(breakDurationError('09:00', '17:01')).toBe('Break cannot be more than 8 hours.');
    expect(breakDurationError('09:00', '17:00')).toBeUndefined();
    expect(breakDurationError('22:00', '06:00')).toBeUndefined();
    expect(breakDurationError('22:00', '06:01')).toBe(
      'Break cannot be more than 8 hours. The end time is before the start time, so it was taken as the next day.',
    );
  });

  it("says 'Invalid date format.' for a date that is not YYYY-MM-DD or not on the calendar", () => {
    expect(messages({ createdDate: '02/06/2025' })).toEqual(['Invalid date format.']);
    expect(messages({ createdDate: '2025-02-30' })).toEqual(['Invalid date format.']);
    expect(messages({ createdDate: '' })).toEqual(['Created Date is required.']);
  });

  it('sends 24-hour times and the trimmed reason, and nothing the document does not list (the server works out the duration)', () => {
    expect(toBreakFields(breakSchema.parse(valid))).toEqual({
      type: 'Coffee Break',
      createdDate: '2025-06-02',
      startTime: '23:30',
      endTime: '00:15',
      reason: 'coffee',
    });
  });
});
