import { describe, expect, it } from 'vitest';
import { breakMinutes, endsNextDay, formatElapsed, formatMinutes } from './time';

describe('break time arithmetic', () => {
  it('counts the minutes from start to end, an earlier end being the next day', () => {
    expect(breakMinutes('09:00', '09:45')).toBe(45);
    expect(breakMinutes('23:50', '00:10')).toBe(20);
    expect(endsNextDay('23:50', '00:10')).toBe(true);
    expect(endsNextDay('09:00', '09:45')).toBe(false);
    expect(breakMinutes('', '09:45')).toBeUndefined();
  });

  it('formats durations and the running timer', () => {
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(75)).toBe('1 h 15 min');
    expect(formatMinutes(120)).toBe('2 h');
    expect(formatElapsed(65_000)).toBe('1:05');
    expect(formatElapsed(3_725_000)).toBe('1:02:05');
    expect(formatElapsed(-5_000)).toBe('0:00');
  });
});
