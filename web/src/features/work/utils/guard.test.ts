import { describe, expect, it } from 'vitest';
import type { LiveGuard } from '../api/rules-api';
import { breakCountdown, minutesUntil } from './guard';

const NOW = Date.parse('2026-03-11T12:00:00Z');
const guard = (patch: Partial<LiveGuard> = {}): LiveGuard => ({
  breakDue: false,
  nextBreakAt: '2026-03-11T12:42:00Z',
  nextBreakMinutes: 30,
  dailyMaxAt: null,
  rest: null,
  ...patch,
});

describe('the break countdown', () => {
  it('counts whole minutes up to the time the break falls due', () => {
    expect(breakCountdown(guard(), NOW)).toEqual({ due: false, text: 'Break due in 42 min' });
    expect(breakCountdown(guard({ nextBreakAt: '2026-03-11T13:30:00Z' }), NOW)?.text).toBe('Break due in 1 h 30');
    // 30 seconds left is still "in 1 min", not "now".
    expect(breakCountdown(guard({ nextBreakAt: '2026-03-11T12:00:30Z' }), NOW)?.text).toBe('Break due in 1 min');
  });

  it('says "Break due now" when the server says so or the time has come', () => {
    expect(breakCountdown(guard({ breakDue: true }), NOW)).toEqual({ due: true, text: 'Break due now' });
    expect(breakCountdown(guard({ nextBreakAt: '2026-03-11T11:59:00Z' }), NOW)).toEqual({ due: true, text: 'Break due now' });
  });

  it('says nothing without rules or a break ahead', () => {
    expect(breakCountdown(null, NOW)).toBeUndefined();
    expect(breakCountdown(guard({ nextBreakAt: null }), NOW)).toBeUndefined();
    expect(minutesUntil('not a time', NOW)).toBeUndefined();
  });
});
