import { env } from '@/config/env';
import { api } from '@/lib/api-client';
import { getValidAccessToken } from '@/lib/session';
import { monthPath, query, write } from './work';
import type { PeriodFields, Timesheet, Weekdays, WorkPeriod, WorkSchedule } from './work-types';

/*
 * The Working time page's writes (periods, schedules, timesheets) and exports: kept out of the Dashboard's chunk,
 * which needs only clocking in and out. Sent at once (never queued): a manual change is made with the page open.
 */

/** Adds a period (`id` absent) or edits one; an approver passes the member's `userId`. */
export const savePeriod = (fields: PeriodFields, id?: string, userId?: string) =>
  api.send(
    id ? write<WorkPeriod>('PUT', `/work/periods/${encodeURIComponent(id)}`, { ...fields }) : write<WorkPeriod>('POST', '/work/periods', { ...fields }),
    {
      query: query({ userId }),
    },
  );

export const deletePeriod = (id: string, note: string, userId?: string) =>
  api.send(write<{ _id: string }>('DELETE', `/work/periods/${encodeURIComponent(id)}`, note ? { note } : undefined), { query: query({ userId }) });

/** The team's schedule (admins). */
export const saveTeamSchedule = (weekdays: Weekdays, paidBreakTypes: string[]) =>
  api.send(write<WorkSchedule>('PUT', '/work/schedule', { weekdays, paidBreakTypes }));

/** A member's own schedule from a date (approvers). */
export const saveMemberSchedule = (userId: string, from: string, weekdays: Weekdays) =>
  api.send(write<WorkSchedule>('PUT', `/admin/work-schedule/${encodeURIComponent(userId)}`, { from, weekdays }));

export const submitTimesheet = (month: string) => api.send(write<Timesheet>('POST', monthPath(month, 'submit'), {}));

export type TimesheetDecision = 'approve' | 'return' | 'reopen';

/** An approver's decision on a member's month; `return` and `reopen` need the comment. */
export const decideTimesheet = (month: string, decision: TimesheetDecision, userId: string, comment: string) =>
  api.send(write<Timesheet>('POST', monthPath(month, decision), comment ? { userId, comment } : { userId }));

/** A timesheet's export, fetched with the session and handed to the browser as a file. */
export async function downloadTimesheet(month: string, format: 'csv' | 'pdf', userId?: string): Promise<void> {
  const token = await getValidAccessToken();
  const url = new URL(`${env.apiUrl}${monthPath(month, `export.${format}`)}`);
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
