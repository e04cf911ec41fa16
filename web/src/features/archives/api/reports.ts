import useSWR from 'swr';
import { PAGE_SIZE } from '@/config/constants';
import { api } from '@/lib/api-client';
import { apiKey, type ApiKey, type Query } from '@/lib/api-paths';
import { useSession } from '@/lib/auth';
import { t } from '@/lib/i18n';
import type { Schemas } from '@/lib/api-schema';
import { useApi } from '@/lib/swr';

/** The record kinds of the archives, in the order the screen shows them. */
export const reportKinds = ['breaks', 'tasks', 'meetings', 'leaves', 'checklist'] as const;
export type ReportKind = (typeof reportKinds)[number];

/** A kind's name in the person's language ('Breaks'). */
export const reportKindLabel = (kind: ReportKind): string => t(`archives.kinds.${kind}`);

/** The fields of each kind of record the archives show (`GET /reports/{kind}` answers the whole records). */
export type ArchivedBreak = Pick<Schemas['Break'], '_id' | 'startTime' | 'endTime' | 'duration' | 'createdDate' | 'type' | 'reason'>;

export type ArchivedTask = Pick<Schemas['Task'], '_id' | 'title' | 'description' | 'scheduled' | 'status' | 'priority'>;

export type ArchivedMeeting = Pick<Schemas['Meeting'], '_id' | 'from' | 'to' | 'scheduleDate' | 'description'>;

export type ArchivedLeave = Pick<Schemas['Leave'], '_id' | 'fromDate' | 'toDate' | 'days' | 'reason'>;

export type ArchivedChecklistItem = Pick<Schemas['ChecklistItem'], '_id' | 'task' | 'status' | 'createdDate' | 'isFeature'>;

export interface ReportRecords {
  breaks: ArchivedBreak;
  tasks: ArchivedTask;
  meetings: ArchivedMeeting;
  leaves: ArchivedLeave;
  checklist: ArchivedChecklistItem;
}

/** The document's page of records, its items typed by the kind asked for (the document leaves them untyped). */
export type ReportPage<K extends ReportKind> = Omit<Schemas['ReportPage'], 'items'> & { items: ReportRecords[K][] };

/** `GET /reports/summary`. */
export type ReportSummary = Schemas['Summary'];

/** The range and person a report is about; `to` may be empty (one day), `userId` empty means the caller. */
export interface ReportScope {
  from: string;
  to: string;
  userId: string;
}

const scopeQuery = ({ from, to, userId }: ReportScope) => ({ from: from || undefined, to: to || undefined, userId: userId || undefined });

type RecordsQuery = Query<'/reports/breaks', 'get'>;

/** Each kind's `GET /reports/{kind}` (a path of its own in the document). */
const recordsKeys: Record<ReportKind, (query: RecordsQuery) => ApiKey<Schemas['ReportPage']>> = {
  breaks: (query) => apiKey('/reports/breaks', { query }),
  tasks: (query) => apiKey('/reports/tasks', { query }),
  meetings: (query) => apiKey('/reports/meetings', { query }),
  leaves: (query) => apiKey('/reports/leaves', { query }),
  checklist: (query) => apiKey('/reports/checklist', { query }),
};

export const reportKeys = {
  summary: (scope: ReportScope) => apiKey('/reports/summary', { query: scopeQuery(scope) }),
  records: (kind: ReportKind, scope: ReportScope, page: number) => recordsKeys[kind]({ ...scopeQuery(scope), skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }),
};

export function useReportSummary(scope: ReportScope | null) {
  const { signedIn } = useSession();
  return useApi(signedIn && scope && reportKeys.summary(scope));
}

export function useReportRecords<K extends ReportKind>(kind: K, scope: ReportScope | null, page: number) {
  const { signedIn } = useSession();
  return useSWR<ReportPage<K>>(signedIn && scope ? reportKeys.records(kind, scope, page) : null, { keepPreviousData: true });
}

/** The fields of `GET /user/profile` and `GET /admin/get` the archives use. */
export type Profile = Pick<Schemas['Profile'], 'id' | 'name' | 'role'>;

export type TeamMember = Pick<Schemas['MemberPresence'], 'id' | 'name' | 'email' | 'role'>;

/** Admins and HR may read any team member's reports. */
export const seesTeamReports = (profile?: Profile) => profile?.role === 'admin' || profile?.role === 'hr';

export function useProfile() {
  const { signedIn } = useSession();
  return useApi(signedIn && apiKey('/user/profile'));
}

export function useTeamMembers(enabled: boolean) {
  return useApi(enabled && apiKey('/admin/get'));
}

/** The server's file name for an export: `<kind>-<from>-<to>.csv` (one date is that day). */
export function exportFileName(kind: ReportKind, { from, to }: ReportScope): string {
  const start = from || to;
  return `${kind}-${start}-${to || from}.csv`;
}

/** The CSV export of one kind over the range, as text (`GET /reports/export/{kind}`). */
export async function fetchExport(kind: ReportKind, scope: ReportScope): Promise<string> {
  const body: unknown = await api.get('/reports/export/{kind}', { params: { kind }, query: scopeQuery(scope) });
  return typeof body === 'string' ? body : '';
}
