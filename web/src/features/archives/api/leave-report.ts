import { api } from '@/lib/api-client';
import { apiKey } from '@/lib/api-paths';
import type { Schemas } from '@/lib/api-schema';
import { useSession } from '@/lib/auth';
import { useApi } from '@/lib/swr';

/** A type of the report's columns. */
export type LeaveReportType = Schemas['ReportLeaveType'];

/** One member's approved leave of one type within the range: calendar `days` and `workingDays` (halves possible). */
export type LeaveReportRow = Schemas['LeaveDaysRow'];

/** `GET /reports/leave-days`: members get their own rows, admins and HR everyone's. */
export type LeaveDaysReport = Schemas['LeaveDaysReport'];

/** The archives' range (`to` may be empty: one day) as the report asks for it, both ends given. */
export const leaveReportQuery = ({ from, to }: { from: string; to: string }) => ({ from: from || to, to: to || from });

export const leaveReportKeys = {
  report: (range: { from: string; to: string }) => apiKey('/reports/leave-days', { query: leaveReportQuery(range) }),
};

export function useLeaveDaysReport(range: { from: string; to: string } | null) {
  const { signedIn } = useSession();
  return useApi(signedIn && range && (range.from || range.to) ? leaveReportKeys.report(range) : null, { keepPreviousData: true });
}

/** `leave-days-<from>-<to>.csv`, as the other exports are named. */
export const leaveReportFileName = (range: { from: string; to: string }) => {
  const { from, to } = leaveReportQuery(range);
  return `leave-days-${from}-${to}.csv`;
};

/** The report as CSV (`GET /reports/export/leave-days`, text/csv). */
export async function fetchLeaveDaysCsv(range: { from: string; to: string }): Promise<string> {
  const body: unknown = await api.get('/reports/export/{kind}', { params: { kind: 'leave-days' }, query: leaveReportQuery(range) });
  return typeof body === 'string' ? body : '';
}
