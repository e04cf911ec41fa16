import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { scrollBehavior } from '@/lib/motion';
import type { CalendarHoliday, CalendarMember } from '../api/calendar';
import { awayOn, capitalized, formatLongDay, formatMonth, formatShortDay, isoWeekday } from '../utils/month';
import { LeaveSummary } from './leave-look';

export interface DayListProps {
  month: string;
  days: string[];
  members: CalendarMember[];
  holidays: CalendarHoliday[];
  workWeek: readonly number[];
  today: string;
}

const mark = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap';

/**
 * The month for phones: only the days that say something — a day on which someone is away, a holiday, and today —
 * each with its holidays and who is away (type, status, half day, and the reason when the answer has one).
 * Non-working days and holidays are shaded, today is marked. A month without leaves is today alone (the page says
 * in one line that nobody is away).
 */
export function DayList({ month, days, members, holidays, workWeek, today }: DayListProps) {
  const { t } = useTranslation();
  const todayItem = useRef<HTMLLIElement>(null);
  return (
    <>
      {days.includes(today) && (
        <Button variant="secondary" size="sm" onClick={() => todayItem.current?.scrollIntoView?.({ block: 'start', behavior: scrollBehavior() })}>
          {t('calendar.days.goToToday')}
        </Button>
      )}
      <ol aria-label={t('calendar.days.label', { month: formatMonth(month) })} className="space-y-2">
        {days
          .filter((day) => day === today || holidays.some((holiday) => holiday.date === day) || awayOn(day, members).length > 0)
          .map((day) => {
            const dayHolidays = holidays.filter((holiday) => holiday.date === day);
            const away = awayOn(day, members);
            const working = workWeek.includes(isoWeekday(day));
            const isToday = day === today;
            return (
              <li
                key={day}
                ref={isToday ? todayItem : undefined}
                aria-label={formatLongDay(day)}
                aria-current={isToday ? 'date' : undefined}
                className={cn(
                  'scroll-mt-24 rounded-xl p-3 ring-1 ring-slate-200 dark:ring-slate-800',
                  dayHolidays.length ? 'bg-amber-50 dark:bg-amber-950/40' : !working ? 'bg-slate-100 dark:bg-slate-800/60' : 'bg-white dark:bg-slate-900',
                  isToday && 'ring-2 ring-brand-700 dark:ring-brand-500',
                )}
              >
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="font-semibold">{capitalized(formatShortDay(day))}</h3>
                  {isToday && <span className={cn(mark, 'bg-brand-700 text-white')}>{t('calendar.legend.today')}</span>}
                  {!working && !dayHolidays.length && (
                    <span className={cn(mark, 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200')}>{t('calendar.legend.nonWorking')}</span>
                  )}
                </div>
                {dayHolidays.map((holiday) => (
                  <p key={holiday.name} className="mt-1 text-sm font-medium text-amber-900 dark:text-amber-200">
                    {t('calendar.days.holiday', { name: holiday.name })}
                  </p>
                ))}
                {away.length > 0 ? (
                  <ul aria-label={t('calendar.days.awayOn', { day: formatLongDay(day) })} className="mt-2 space-y-2">
                    {away.map(({ member, leave }) => (
                      <li key={`${member.userId}-${leave._id}`} className="text-sm">
                        <LeaveSummary member={member} leave={leave} small />
                      </li>
                    ))}
                  </ul>
                ) : (
                  working && <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{t('calendar.days.nobodyAway')}</p>
                )}
              </li>
            );
          })}
      </ol>
    </>
  );
}
