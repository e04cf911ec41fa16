import { api } from '@/lib/api-client';
import { apiKey } from '@/lib/api-paths';
import type { Schemas } from '@/lib/api-schema';
import { useSession } from '@/lib/auth';
import { useApi } from '@/lib/swr';
import { leaveReportQuery } from './leave-report';

/** A member's net minutes worked, target and difference (overtime when positive) in the range. */
export type WorkingTimeRow = Schemas['WorkReportRow'];

/** `GET /work/report`: members get their own row, admins and HR every member's; the sums of the rows. */
export type WorkingTimeReport = Schemas['WorkReport'];

/** The archives' range (`to` may be empty: one day) with both ends given, as the leave report asks for it. */
export const workingTimeQuery = leaveReportQuery;

export const workingTimeKeys = {
  report: (range: { from: string; to: string }) => apiKey('/work/report', { query: workingTimeQuery(range) }),
};

export function useWorkingTimeReport(range: { from: string; to: string } | null) {
  const { signedIn } = useSession();
  return useApi(signedIn && range && (range.from || range.to) ? workingTimeKeys.report(range) : null, { keepPreviousData: true });
}

/** `working-time-<from>-<to>.csv`, the name the server gives it. */
export const workingTimeFileName = (range: { from: string; to: string }) => {
  const { from, to } = workingTimeQuery(range);
  return `working-time-${from}-${to}.csv`;
};

/** The report as CSV (`GET /work/report.csv`, text/csv). */
export async function fetchWorkingTimeCsv(range: { from: string; to: string }): Promise<string> {
  const body: unknown = await api.get('/work/report.csv', { query: workingTimeQuery(range) });
  return typeof body === 'string' ? body : '';
}
