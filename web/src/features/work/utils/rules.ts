import { t } from '@/lib/i18n';
import type { RuleKind } from '@/lib/compliance';
import type { PresetInfo, RulePreset, RuleSetBody } from '../api/rules-api';
import { formatWorked } from '@/lib/minutes';

/** One threshold of a rule set, as a sentence, with the law's section where the preset has one. */
export interface RuleLine {
  kind: RuleKind;
  text: string;
  section?: string;
}

export const presetName = (preset: RulePreset): string => t(`work.rules.presets.${preset}`);

/** The thresholds of a set, in the order of the rules; a rule the set lacks (`null`, no tiers) is left out. */
export function ruleLines(rules: RuleSetBody, sections: PresetInfo['sections'] = {}): RuleLine[] {
  const lines: RuleLine[] = [];
  const push = (kind: RuleKind, text: string) => {
    const section = sections[kind];
    lines.push(section ? { kind, text, section } : { kind, text });
  };
  if (rules.breaks.length > 0) {
    const tiers = [...rules.breaks].sort((a, b) => a.afterMinutes - b.afterMinutes);
    const text = tiers
      .map((tier, index) =>
        t(index === 0 ? 'work.rules.lines.tier' : 'work.rules.lines.moreTier', { minutes: formatWorked(tier.minutes), after: formatWorked(tier.afterMinutes) }),
      )
      .join('; ');
    push('break', rules.minBlockMinutes > 0 ? `${text}; ${t('work.rules.lines.minBlock', { minutes: formatWorked(rules.minBlockMinutes) })}` : text);
  }
  if (rules.maxContinuousMinutes !== null) push('continuous', t('work.rules.lines.continuous', { duration: formatWorked(rules.maxContinuousMinutes) }));
  if (rules.maxDailyMinutes !== null) push('dailyMax', t('work.rules.lines.dailyMax', { duration: formatWorked(rules.maxDailyMinutes) }));
  if (rules.minRestMinutes !== null) push('rest', t('work.rules.lines.rest', { duration: formatWorked(rules.minRestMinutes) }));
  if (rules.maxWeeklyAverageMinutes !== null)
    push('weeklyAverage', t('work.rules.lines.weeklyAverage', { duration: formatWorked(rules.maxWeeklyAverageMinutes), count: rules.referenceWeeks }));
  return lines;
}

/** The preset's entry of the answer, if the server sent one. */
export const presetInfo = (presets: PresetInfo[], preset: RulePreset) => presets.find((info) => info.preset === preset);

/** A 422's field names (`breaks.0.minutes`, `breaks[0].minutes`) in one form: `breaks[0].minutes`. */
export function normaliseFieldErrors(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([path, message]) => [path.replace(/\.(\d+)(?=\.|$)/g, '[$1]'), message]));
}
