import { api } from './api-client';
import { apiKey } from './api-paths';
import type { Schemas } from './api-schema';
import { useSession } from './auth';
import { useApi } from './swr';

/* The statutory rules' kinds and the compliance report over a range (`/reports/compliance`), which Working time's
 * rules and the archives both read (types from the API document). */

export type RuleKind = Schemas['RuleKind'];

export const RULE_KINDS: readonly RuleKind[] = ['break', 'continuous', 'dailyMax', 'rest', 'weeklyAverage'];

export type RuleCounts = Schemas['ComplianceCounts'];
export type ComplianceMember = Schemas['ComplianceMember'];
export type ComplianceReport = Schemas['ComplianceReport'];

export const complianceKey = (from: string, to: string, userId?: string) =>
  apiKey('/reports/compliance', { query: userId ? { from, to, userId } : { from, to } });

export function useComplianceReport(from: string, to: string, userId?: string) {
  const { signedIn } = useSession();
  return useApi(signedIn && from !== '' && complianceKey(from, to, userId), { keepPreviousData: true });
}

/** The compliance CSV over the range, as text (`GET /reports/export/{kind}` with `kind` compliance). */
export async function fetchComplianceCsv(from: string, to: string): Promise<string> {
  const body: unknown = await api.get('/reports/export/{kind}', { params: { kind: 'compliance' }, query: { from, to } });
  return typeof body === 'string' ? body : '';
}
