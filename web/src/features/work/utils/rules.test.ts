import { describe, expect, it } from 'vitest';
import type { RuleSetBody } from '../api/rules-api';
import { normaliseFieldErrors, ruleLines } from './rules';

const germany: RuleSetBody = {
  preset: 'de',
  breaks: [
    { afterMinutes: 540, minutes: 45 },
    { afterMinutes: 360, minutes: 30 },
  ],
  minBlockMinutes: 15,
  maxContinuousMinutes: 360,
  maxDailyMinutes: 600,
  minRestMinutes: 660,
  maxWeeklyAverageMinutes: null,
  referenceWeeks: 24,
  optedOut: [],
};

describe('a rule set as sentences', () => {
  it('lists each threshold with the law’s section, tiers in order', () => {
    expect(ruleLines(germany, { break: 'ArbZG § 4', dailyMax: 'ArbZG § 3', rest: 'ArbZG § 5' })).toEqual([
      { kind: 'break', text: '30 min after more than 6 h of work; 45 min in all after more than 9 h; in blocks of at least 15 min', section: 'ArbZG § 4' },
      { kind: 'continuous', text: 'at most 6 h without a break' },
      { kind: 'dailyMax', text: 'at most 10 h of work a day', section: 'ArbZG § 3' },
      { kind: 'rest', text: 'at least 11 h between working days', section: 'ArbZG § 5' },
    ]);
  });

  it('leaves out the rules a set lacks, and counts the reference weeks', () => {
    const eu: RuleSetBody = {
      ...germany,
      preset: 'eu',
      breaks: [],
      minBlockMinutes: 0,
      maxContinuousMinutes: null,
      maxDailyMinutes: null,
      maxWeeklyAverageMinutes: 2880,
      referenceWeeks: 17,
    };
    expect(ruleLines(eu).map((line) => line.text)).toEqual(['at least 11 h between working days', 'at most 48 h a week on average over 17 weeks']);
  });

  it('reads a 422’s field names in one form', () => {
    expect(normaliseFieldErrors({ 'breaks.1.minutes': 'Too long', 'breaks[0].afterMinutes': 'Too late', preset: 'Choose' })).toEqual({
      'breaks[1].minutes': 'Too long',
      'breaks[0].afterMinutes': 'Too late',
      preset: 'Choose',
    });
  });
});
