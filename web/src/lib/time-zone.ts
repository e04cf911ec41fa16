/** The device's own IANA zone ('Europe/Berlin'), or UTC when the browser cannot tell. */
export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Where this device keeps its answer (see time-zone-choices.ts, which writes it). */
export const ZONE_ANSWER_KEY = 'bt.timeZoneAnswer';

/**
 * The answer this device gave when its zone and the account's differed: remembered per device (and per pair of
 * zones), so the question comes once, and again only when one of the two zones changes.
 */
export function zoneQuestionAnswered(accountZone: string, deviceZone: string): boolean {
  try {
    return localStorage.getItem(ZONE_ANSWER_KEY) === `${accountZone}|${deviceZone}`;
  } catch {
    return false;
  }
}
