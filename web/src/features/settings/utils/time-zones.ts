import { formatLocale } from '@/lib/i18n';

/** The browser's own IANA zone ('Europe/London'), or UTC when it cannot tell. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Every IANA zone the browser knows, plus UTC and any zone that must stay choosable (the saved one). */
export function timeZoneOptions(...keep: Array<string | undefined>): string[] {
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

/** 'Europe/London' -> 'Europe/London (GMT+1)', the zone's current offset as the browser words it in the person's language. */
export function zoneLabel(zone: string, at: Date = new Date(), locale: string = formatLocale()): string {
  try {
    const offset = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'shortOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value;
    return offset ? `${zone.replace(/_/g, ' ')} (${offset})` : zone.replace(/_/g, ' ');
  } catch {
    return zone;
  }
}
