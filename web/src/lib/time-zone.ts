/** The device's own IANA zone ('Europe/Berlin'), or UTC when the browser cannot tell. */
export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

const ANSWER_KEY = 'bt.timeZoneAnswer';

/**
 * The answer this device gave when its zone and the account's differed: remembered per device (and per pair of
 * zones), so the question comes once, and again only when one of the two zones changes.
 */
export function zoneQuestionAnswered(accountZone: string, deviceZone: string): boolean {
  try {
    return localStorage.getItem(ANSWER_KEY) === `${accountZone}|${deviceZone}`;
  } catch {
    return false;
  }
}

export function rememberZoneAnswer(accountZone: string, deviceZone: string): void {
  try {
    localStorage.setItem(ANSWER_KEY, `${accountZone}|${deviceZone}`);
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
