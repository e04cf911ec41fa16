import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-schema';
import { apiKey, keyUnder } from '@/lib/api-paths';
import { useSession } from '@/lib/auth';
import type { RuleKind } from '@/lib/compliance';
import { useApi } from '@/lib/swr';

/* Statutory break and rest rules: `/work/rules` and `/work/findings/…` (types from the API document; the rule kinds
 * and the compliance report are in lib/compliance, which the archives read too). */

export type RulePreset = Schemas['Preset'];

export const RULE_PRESETS: readonly RulePreset[] = ['none', 'de', 'at', 'uk', 'eu', 'custom'];

/** A break tier: `minutes` of break are due after `afterMinutes` of work. */
export type BreakTier = Schemas['BreakTier'];
/** The team's rule set, as `PUT /work/rules` takes it. */
export type RuleSetBody = Schemas['RuleSetBody'];
/** A preset of the law: its name, its numbers and the section of each rule it has. */
export type PresetInfo = Schemas['PresetInfo'];
/** `GET`/`PUT /work/rules`: the team's set, who changed it last, and the presets. */
export type WorkRules = Schemas['WorkRules'];
export type FindingNote = Schemas['FindingNote'];
/** Something a day broke: the rule, when (local `YYYY-MM-DDTHH:MM`), the message and the law. */
export type Finding = Schemas['Finding'];
export type RestNotice = Schemas['RestNotice'];
/** While on the clock: when the next break falls due, and the rest notice after clocking in. */
export type LiveGuard = Schemas['LiveGuard'];
/** The day's summary at clock-out. */
export type DaySummary = Schemas['DaySummary'];

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
} as const;

export function useWorkRules() {
  const { signedIn } = useSession();
  return useApi(signedIn && rulesKeys.rules);
}

export const saveWorkRules = (body: RuleSetBody) => api.put('/work/rules', { body });

/** Notes a finding (the person, or an approver with the member's `userId`). */
export const saveFindingNote = (date: string, rule: RuleKind, note: string, userId?: string) =>
  api.put('/work/findings/{date}/{rule}', { params: { date, rule }, body: { note }, ...(userId ? { query: { userId } } : {}) });

/** Reads again what a note changes: the day, the timesheet and the compliance report. */
export function useRevalidateFindings(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate((key) => keyUnder(key, '/work/') || keyUnder(key, '/timesheets/') || keyUnder(key, '/reports/')), [mutate]);
}

/** A preset's numbers as a custom set starts from them. */
export const copyToCustom = (rules: RuleSetBody, optedOut: string[]): RuleSetBody => ({
  ...rules,
  breaks: rules.breaks.map((tier) => ({ ...tier })),
  preset: 'custom',
  optedOut,
});
