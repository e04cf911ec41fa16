import { ZONE_ANSWER_KEY } from './time-zone';

/** Keeps this device's answer to the time zone question (see `zoneQuestionAnswered`). */
export function rememberZoneAnswer(accountZone: string, deviceZone: string): void {
  try {
    localStorage.setItem(ZONE_ANSWER_KEY, `${accountZone}|${deviceZone}`);
  } catch {
    // Private mode without storage: the question may come again next time.
  }
}

/** Every IANA zone the browser knows, UTC first, plus any that must stay choosable (a saved one). */
export function timeZoneChoices(...keep: Array<string | null | undefined>): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const all = new Set(['UTC', ...zones]);
  for (const zone of keep) if (zone) all.add(zone);
  return [...all].sort((a, b) => (a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b)));
}

/** 'America/New_York' -> 'America/New York': a zone as people read it. */
export const zoneName = (zone: string): string => zone.replace(/_/g, ' ');
