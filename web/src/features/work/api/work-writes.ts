import { env } from '@/config/env';
import { api } from '@/lib/api-client';
import { apiKey, keyPath } from '@/lib/api-paths';
import { getValidAccessToken } from '@/lib/session';
import { forMember, type PeriodFields, type Weekdays } from './work';

/*
 * The Working time page's writes (periods, schedules, timesheets, the overtime balance) and exports: kept out of the
 * Dashboard's chunk, which needs only clocking in and out. Sent at once (never queued): a manual change is made with
 * the page open.
 */

/** Adds a period (`id` absent) or edits one; an approver passes the member's `userId`. */
export const savePeriod = (fields: PeriodFields, id?: string, userId?: string) =>
  id
    ? api.put('/work/periods/{id}', { params: { id }, body: { ...fields }, ...forMember(userId) })
    : api.post('/work/periods', { body: { ...fields }, ...forMember(userId) });

/** Deletes a period with the note of why; answers `{_id, message}`. */
export const deletePeriod = (id: string, note: string, userId?: string) =>
  api.del('/work/periods/{id}', { params: { id }, ...(note ? { body: { note } } : {}), ...forMember(userId) });

/** The team's schedule (admins). */
export const saveTeamSchedule = (weekdays: Weekdays, paidBreakTypes: string[]) => api.put('/work/schedule', { body: { weekdays, paidBreakTypes } });

/** A member's own schedule from a date (approvers); answers that member's schedules. */
export const saveMemberSchedule = (userId: string, from: string, weekdays: Weekdays) =>
  api.put('/admin/work-schedule/{userId}', { params: { userId }, body: { from, weekdays } });

export const submitTimesheet = (month: string) => api.post('/timesheets/{month}/submit', { params: { month } });

export type TimesheetDecision = 'approve' | 'return' | 'reopen';

/** An approver's decision on a member's month; `return` and `reopen` need the comment. */
export function decideTimesheet(month: string, decision: TimesheetDecision, userId: string, comment: string) {
  const init = { params: { month }, body: comment ? { userId, comment } : { userId } };
  if (decision === 'approve') return api.post('/timesheets/{month}/approve', init);
  if (decision === 'return') return api.post('/timesheets/{month}/return', init);
  return api.post('/timesheets/{month}/reopen', init);
}

/** The carried-over balance of a member, set once (409 when it is already set). */
export const setCarryOver = (userId: string, minutes: number, note: string) => api.put('/work/balance/carry-over', { body: { userId, minutes, note } });

/** A manual adjustment of a member's balance (paid out, time off in lieu), with its note. */
export const addAdjustment = (userId: string, minutes: number, note: string) => api.post('/work/balance/adjustments', { body: { userId, minutes, note } });

/** A timesheet's export, fetched with the session and handed to the browser as a file. */
export async function downloadTimesheet(month: string, format: 'csv' | 'pdf', userId?: string): Promise<void> {
  const token = await getValidAccessToken();
  const key =
    format === 'csv'
      ? apiKey('/timesheets/{month}/export.csv', { params: { month }, ...forMember(userId) })
      : apiKey('/timesheets/{month}/export.pdf', { params: { month }, ...forMember(userId) });
  const url = new URL(`${env.apiUrl}${keyPath(key) ?? ''}`);
  if (userId) url.searchParams.set('userId', userId);
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`Export failed with ${response.status}`);
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = `timesheet-${month}.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
