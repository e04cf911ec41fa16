import { describe, expect, it } from 'vitest';
import { breakSchema, toBreakFields } from './break-schema';

const valid = { type: 'Coffee Break', createdDate: '2025-06-02', startTime: '23:30', endTime: '00:15', reason: '  coffee  ' };
const messages = (values: Partial<typeof valid>) => breakSchema.safeParse({ ...valid, ...values }).error?.issues.map((issue) => issue.message) ?? [];

describe('break schema', () => {
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
