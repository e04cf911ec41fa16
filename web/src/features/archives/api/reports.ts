import useSWR from 'swr';
import { PAGE_SIZE } from '@/config/constants';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import type { ApiKey } from '@/lib/swr';

/** The record kinds of the archives, in the order the screen shows them. */
export const reportKinds = ['breaks', 'tasks', 'meetings', 'leaves', 'checklist'] as const;
export type ReportKind = (typeof reportKinds)[number];

export const reportKindLabels: Record<ReportKind, string> = {
  breaks: 'Breaks',
  tasks: 'Tasks',
  meetings: 'Meetings',
  leaves: 'Leaves',
  checklist: 'Checklist',
};

export interface ArchivedBreak {
  _id: string;
  startTime: string;
  endTime: string;
  duration: number;
  createdDate: string;
  type: string;
  reason: string;
}

export interface ArchivedTask {
  _id: string;
  title: string;
  description: string;
  scheduled: string;
  status: string;
  priority: string;
}

export interface ArchivedMeeting {
  _id: string;
  from: string;
  to: string;
  scheduleDate: string;
  description: string;
}

export interface ArchivedLeave {
  _id: string;
  fromDate: string;
  toDate: string;
  days: number;
  reason: string;
}

export interface ArchivedChecklistItem {
  _id: string;
  task: string;
  status: boolean;
  createdDate: string;
  isFeature: boolean;
}

export interface ReportRecords {
  breaks: ArchivedBreak;
  tasks: ArchivedTask;
  meetings: ArchivedMeeting;
  leaves: ArchivedLeave;
  checklist: ArchivedChecklistItem;
}

export interface ReportPage<K extends ReportKind> {
  items: ReportRecords[K][];
  totalCount: number;
}

/** `GET /reports/summary`. */
export interface ReportSummary {
  userId: string;
  from: string;
  to: string;
  breaks: {
    count: number;
    totalMinutes: number;
    perDay: { date: string; minutes: number; count: number }[];
    perType: { type: string; minutes: number; count: number }[];
  };
  tasks: {
    count: number;
    completed: number;
    perStatus: { status: string; count: number }[];
    perPriority: { priority: string; count: number }[];
  };
  leaves: { count: number; days: number };
  meetings: { count: number; minutes: number };
  checklist: { count: number; done: number };
}

/** The range and person a report is about; `to` may be empty (one day), `userId` empty means the caller. */
export interface ReportScope {
  from: string;
  to: string;
  userId: string;
}

const scopeQuery = ({ from, to, userId }: ReportScope) => ({ from: from || undefined, to: to || undefined, userId: userId || undefined });

export const reportKeys = {
  summary: (scope: ReportScope): ApiKey => ['/reports/summary', scopeQuery(scope)],
  records: (kind: ReportKind, scope: ReportScope, page: number): ApiKey => [
    `/reports/${kind}`,
    { ...scopeQuery(scope), skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE },
  ],
};

export function useReportSummary(scope: ReportScope | null) {
  const { signedIn } = useSession();
  return useSWR<ReportSummary>(signedIn && scope ? reportKeys.summary(scope) : null);
}

export function useReportRecords<K extends ReportKind>(kind: K, scope: ReportScope | null, page: number) {
  const { signedIn } = useSession();
  return useSWR<ReportPage<K>>(signedIn && scope ? reportKeys.records(kind, scope, page) : null, { keepPreviousData: true });
}

export interface Profile {
  id: string;
  name: string;
  role: 'admin' | 'hr' | 'member';
}

export interface TeamMember {
  id: string;
  name: string;
  email: string;
  role: string;
}

/** Admins and HR may read any team member's reports. */
export const seesTeamReports = (profile?: Profile) => profile?.role === 'admin' || profile?.role === 'hr';

export function useProfile() {
  const { signedIn } = useSession();
  return useSWR<Profile>(signedIn ? '/user/profile' : null);
}

export function useTeamMembers(enabled: boolean) {
  return useSWR<TeamMember[]>(enabled ? '/admin/get' : null);
}

/** The server's file name for an export: `<kind>-<from>-<to>.csv` (one date is that day). */
export function exportFileName(kind: ReportKind, { from, to }: ReportScope): string {
  const start = from || to;
  return `${kind}-${start}-${to || from}.csv`;
}

/** The CSV export of one kind over the range, as text (`GET /reports/export/{kind}`). */
export async function fetchExport(kind: ReportKind, scope: ReportScope): Promise<string> {
  const body = await api.get<unknown>(`/reports/export/${kind}`, { query: scopeQuery(scope) });
  return typeof body === 'string' ? body : '';
}
