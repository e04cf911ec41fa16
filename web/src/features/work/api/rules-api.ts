import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { apiKey, keyUnder } from '@/lib/api-paths';
import { useSession } from '@/lib/auth';
import { useApi } from '@/lib/swr';

/*
 * Statutory break and rest rules (the contract of `/work/rules`, `/work/findings/…` and `/reports/compliance`),
 * written by hand until the API document has them. The routes are added to the generated `paths` by module
 * augmentation below, so the typed client, `apiKey` and the path-literal check treat them as they treat the others.
 * Once `make api` has regenerated `src/lib/api-types.ts` with these routes, delete the `declare module` block (the
 * compiler then reports the duplicate paths) and alias the types to `Schemas[...]`.
 */

export type RulePreset = 'none' | 'de' | 'at' | 'uk' | 'eu' | 'custom';
export type RuleKind = 'break' | 'continuous' | 'dailyMax' | 'rest' | 'weeklyAverage';

export const RULE_PRESETS: readonly RulePreset[] = ['none', 'de', 'at', 'uk', 'eu', 'custom'];
export const RULE_KINDS: readonly RuleKind[] = ['break', 'continuous', 'dailyMax', 'rest', 'weeklyAverage'];

/** A break tier: `minutes` of break are due after `afterMinutes` of work. */
export interface BreakTier {
  afterMinutes: number;
  minutes: number;
}

/** The team's rule set, as `PUT /work/rules` takes it. */
export interface RuleSetBody {
  preset: RulePreset;
  breaks: BreakTier[];
  minBlockMinutes: number;
  maxContinuousMinutes: number | null;
  maxDailyMinutes: number | null;
  minRestMinutes: number | null;
  maxWeeklyAverageMinutes: number | null;
  referenceWeeks: number;
  optedOut: string[];
}

/** A preset of the law: its name, its numbers and the section of each rule it has. */
export interface PresetInfo {
  preset: RulePreset;
  law: string;
  rules: RuleSetBody;
  sections: Partial<Record<RuleKind, string>>;
}

/** `GET`/`PUT /work/rules`: the team's set, who changed it last, and the presets. */
export interface WorkRules extends RuleSetBody {
  updatedAt: string | null;
  updatedBy: string | null;
  presets: PresetInfo[];
}

export interface FindingNote {
  text: string;
  byId: string;
  byName: string;
  at: string;
}

/** Something a day broke: the rule, when (local `YYYY-MM-DDTHH:MM`), the message and the law. */
export interface Finding {
  rule: RuleKind;
  when: string;
  minutesMissing: number;
  message: string;
  law: string;
  note: FindingNote | null;
}

export interface RestNotice {
  since: string;
  endsAt: string;
  requiredMinutes: number;
  restMinutes: number;
  message: string;
}

/** While on the clock: when the next break falls due, and the rest notice after clocking in. */
export interface LiveGuard {
  breakDue: boolean;
  nextBreakAt: string | null;
  nextBreakMinutes: number;
  dailyMaxAt: string | null;
  rest: RestNotice | null;
}

/** The day's summary at clock-out. */
export interface DaySummary {
  worked: number;
  breaks: number;
  findings: Finding[];
  message: string;
}

export type RuleCounts = Record<RuleKind, number>;

export interface ComplianceMember {
  userId: string;
  name: string;
  daysAffected: number;
  counts: RuleCounts;
  total: number;
  findings: (Finding & { date: string })[];
}

export interface ComplianceReport {
  from: string;
  to: string;
  preset: RulePreset;
  members: ComplianceMember[];
}

interface Envelope<T> {
  headers: { [name: string]: unknown };
  content: { 'application/json': { data: T } };
}
interface NoParameters {
  query?: never;
  header?: never;
  path?: never;
  cookie?: never;
}
interface Absent {
  get?: never;
  put?: never;
  post?: never;
  delete?: never;
  options?: never;
  head?: never;
  patch?: never;
  trace?: never;
}

declare module '@/lib/api-types' {
  interface paths {
    '/work/rules': Omit<Absent, 'get' | 'put'> & {
      parameters: NoParameters;
      get: { parameters: NoParameters; requestBody?: never; responses: { 200: Envelope<WorkRules> } };
      put: {
        parameters: NoParameters;
        requestBody: { content: { 'application/json': Partial<RuleSetBody> & { preset: RulePreset } } };
        responses: { 200: Envelope<WorkRules> };
      };
    };
    '/work/findings/{date}/{rule}': Omit<Absent, 'put'> & {
      parameters: NoParameters;
      put: {
        parameters: { query?: { userId?: string }; header?: never; path: { date: string; rule: RuleKind }; cookie?: never };
        requestBody: { content: { 'application/json': { note: string } } };
        responses: { 200: Envelope<FindingNote> };
      };
    };
    '/reports/compliance': Omit<Absent, 'get'> & {
      parameters: NoParameters;
      get: {
        parameters: { query: { from: string; to: string; userId?: string }; header?: never; path?: never; cookie?: never };
        requestBody?: never;
        responses: { 200: Envelope<ComplianceReport> };
      };
    };
    '/reports/export/compliance': Omit<Absent, 'get'> & {
      parameters: NoParameters;
      get: {
        parameters: { query: { from: string; to: string; userId?: string }; header?: never; path?: never; cookie?: never };
        requestBody?: never;
        responses: { 200: { headers: { [name: string]: unknown }; content: { 'text/csv': string } } };
      };
    };
  }
}

/** The server's limits (the contract's validation). */
export const RULE_LIMITS = {
  tiers: 4,
  afterMinutes: [1, 1440],
  breakMinutes: [1, 240],
  minBlockMinutes: [0, 240],
  maxContinuousMinutes: [60, 1440],
  maxDailyMinutes: [60, 1440],
  minRestMinutes: [60, 1440],
  maxWeeklyAverageMinutes: [60, 10080],
  referenceWeeks: [1, 52],
  note: [1, 500],
} as const;

export const rulesKeys = {
  rules: apiKey('/work/rules'),
  compliance: (from: string, to: string, userId?: string) => apiKey('/reports/compliance', { query: userId ? { from, to, userId } : { from, to } }),
} as const;

export function useWorkRules() {
  const { signedIn } = useSession();
  return useApi(signedIn && rulesKeys.rules);
}

export const saveWorkRules = (body: RuleSetBody) => api.put('/work/rules', { body });

export function useComplianceReport(from: string, to: string, userId?: string) {
  const { signedIn } = useSession();
  return useApi(signedIn && from !== '' && rulesKeys.compliance(from, to, userId), { keepPreviousData: true });
}

/** Notes a finding (the person, or an approver with the member's `userId`). */
export const saveFindingNote = (date: string, rule: RuleKind, note: string, userId?: string) =>
  api.put('/work/findings/{date}/{rule}', { params: { date, rule }, body: { note }, ...(userId ? { query: { userId } } : {}) });

/** Reads again what a note changes: the day, the timesheet and the compliance report. */
export function useRevalidateFindings(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate((key) => keyUnder(key, '/work/') || keyUnder(key, '/timesheets/') || keyUnder(key, '/reports/')), [mutate]);
}

/** The compliance CSV over the range, as text (`GET /reports/export/compliance`). */
export async function fetchComplianceCsv(from: string, to: string): Promise<string> {
  const body: unknown = await api.get('/reports/export/compliance', { query: { from, to } });
  return typeof body === 'string' ? body : '';
}

/** A preset's numbers as a custom set starts from them. */
export const copyToCustom = (rules: RuleSetBody, optedOut: string[]): RuleSetBody => ({
  ...rules,
  breaks: rules.breaks.map((tier) => ({ ...tier })),
  preset: 'custom',
  optedOut,
});
