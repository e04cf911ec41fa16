import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { dateFormat, formatDate } from '@/lib/format';
import { currentLanguage, formatLocale, t } from '@/lib/i18n';
import type { HolidaySource, TeamHoliday } from '../api/holidays';

const mark = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap';

/** 'Public holiday' or 'Company day off'. */
export const sourceLabel = (source: HolidaySource): string => (source === 'public' || source === 'company' ? t(`holidays.source.${source}`) : source);

export interface HolidayListProps {
  year: number;
  holidays: readonly TeamHoliday[];
  /** Admins remove a day; without it the list is read-only. */
  onRemove?: (holiday: TeamHoliday) => void;
  busy?: boolean;
}

/** A year's days off in date order: the date, the name, where it comes from, and for admins a remove button. */
export function HolidayList({ year, holidays, onRemove, busy }: HolidayListProps) {
  const { t } = useTranslation();
  if (holidays.length === 0) return <p className="py-3 text-sm text-slate-600 dark:text-slate-400">{t('holidays.list.empty', { year })}</p>;
  const sorted = [...holidays].sort((a, b) => a.date.localeCompare(b.date));
  const weekday = dateFormat({ weekday: 'short' });
  return (
    <ul aria-label={t('holidays.list.label', { year })} className="divide-y divide-slate-200 dark:divide-slate-800">
      {sorted.map((holiday) => (
        // A phone puts the date and the source on one line, the name and the button under them.
        <li key={`${holiday.date}-${holiday.name}`} className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-0.5 py-2 sm:flex sm:flex-wrap sm:gap-y-1">
          <span className="text-sm whitespace-nowrap text-slate-600 tabular-nums sm:order-1 sm:w-32 sm:shrink-0 dark:text-slate-400">
            {weekday.format(new Date(`${holiday.date}T00:00:00Z`))} {formatDate(holiday.date)}
          </span>
          <span
            className={cn(
              mark,
              'justify-self-end sm:order-3',
              holiday.source === 'company'
                ? 'bg-brand-100 text-brand-800 dark:bg-brand-800/40 dark:text-brand-100'
                : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
            )}
          >
            {sourceLabel(holiday.source)}
          </span>
          <span className={cn('min-w-0 font-medium break-words sm:order-2 sm:flex-1', !onRemove && 'col-span-2')}>{holiday.name}</span>
          {onRemove && (
            <Button
              variant="ghost"
              size="compact"
              disabled={busy}
              aria-label={t('holidays.list.removeLabel', { name: holiday.name, date: formatDate(holiday.date) })}
              onClick={() => onRemove(holiday)}
              className="justify-self-end text-red-700 sm:order-4 dark:text-red-400"
            >
              {t('holidays.list.remove')}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * A country's name in the person's language: the server's (English) name in English, else the name `Intl` knows for
 * its ISO code ('Deutschland'), else the server's.
 */
export function countryName(code: string, name: string | undefined): string | undefined {
  const language = currentLanguage();
  if (language !== 'en' && /^[A-Z]{2}$/.test(code)) {
    try {
      const local = new Intl.DisplayNames([formatLocale(language)], { type: 'region', fallback: 'none' }).of(code);
      if (local) return local;
    } catch {
      // An engine without region names: the server's name.
    }
  }
  return name;
}

/** 'Germany, Bavaria', from the codes and the countries list (the codes themselves when a name is unknown). */
export function placeName(
  countries: readonly { code: string; name: string; regions: { code: string; name: string }[] }[] | undefined,
  country: string | null | undefined,
  region: string | null | undefined,
): string | undefined {
  if (!country) return undefined;
  const found = countries?.find((item) => item.code === country);
  const regionName = region ? (found?.regions.find((item) => item.code === region)?.name ?? region) : undefined;
  return [countryName(country, found?.name) ?? country, regionName].filter(Boolean).join(', ');
}
