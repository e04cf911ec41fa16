import useSWRInfinite from 'swr/infinite';
import { api } from '@/lib/api-client';
import { apiKey } from '@/lib/api-paths';
import type { Schemas } from '@/lib/api-schema';
import { useSession } from '@/lib/auth';
import { fetcher } from '@/lib/swr';

/*
 * The team's audit log (admins), aliased from the document generated into `src/lib/api-types.ts`. The feature imports
 * them from this file only.
 */

/** One entry: who did what, when, to whose data, with the setting before and after. */
export type AuditEntry = Schemas['AuditEntry'];
export type AuditPage = Schemas['AuditPage'];
export type AuditAction = AuditEntry['action'];

/** Every action the log records, in the order the filter offers them. */
export const AUDIT_ACTIONS: readonly AuditAction[] = [
  'member.invited',
  'member.joined',
  'member.removed',
  'member.roleChanged',
  'leave.approved',
  'leave.declined',
  'leave.cancelled',
  'allowance.changed',
  'leaveSettings.changed',
  'leaveType.created',
  'leaveType.changed',
  'leaveType.deleted',
  'holidays.changed',
  'workRules.changed',
  'workSchedule.changed',
  'record.changedByApprover',
  'timesheet.submitted',
  'timesheet.approved',
  'timesheet.returned',
  'timesheet.reopened',
  'webhook.created',
  'webhook.removed',
  'token.created',
  'token.revoked',
  'export.run',
  'import.run',
  'sso.changed',
  'breakTypes.changed',
  'invitation.withdrawn',
  'invitation.resent',
  'calendarFeed.created',
  'calendarFeed.revoked',
  'team.changed',
];

/** What the admin filters by; '' is "any". */
export interface AuditFilter {
  from: string;
  to: string;
  userId: string;
  action: string;
}

export const PAGE_SIZE = 50;

function filterQuery(filter: AuditFilter) {
  return {
    ...(filter.from ? { from: filter.from } : {}),
    ...(filter.to ? { to: filter.to } : {}),
    ...(filter.userId ? { userId: filter.userId } : {}),
    ...(filter.action ? { action: filter.action as AuditAction } : {}),
  };
}

/** The log a page at a time, newest first: each next page starts after the cursor of the one before. */
export function useAuditLog(filter: AuditFilter) {
  const { signedIn } = useSession();
  const query = filterQuery(filter);
  return useSWRInfinite<AuditPage, Error>(
    (index: number, previous: AuditPage | null) => {
      if (!signedIn) return null;
      if (index === 0) return apiKey('/admin/audit', { query: { ...query, limit: PAGE_SIZE } });
      if (!previous?.nextCursor) return null;
      return apiKey('/admin/audit', { query: { ...query, limit: PAGE_SIZE, cursor: previous.nextCursor } });
    },
    fetcher,
    { revalidateFirstPage: true },
  );
}

/** The whole filtered log as CSV (`GET /admin/audit/export.csv`); the download is itself logged. */
export async function fetchAuditCsv(filter: AuditFilter): Promise<string> {
  const body: unknown = await api.get('/admin/audit/export.csv', { query: filterQuery(filter) });
  return typeof body === 'string' ? body : '';
}
