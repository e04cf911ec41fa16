import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { t as translate } from '@/lib/i18n';
import { formatLongDay, formatMonth, formatNarrowWeekday, isoWeekday, rowCells } from '../utils/month';
import type { DayListProps } from './day-list';
import { barStyle, describeLeave, type SelectedLeave } from './leave-look';
import { leaveTypeName } from '@/lib/type-names';

/** What the day list shows, and the bar that is selected. */
export interface MonthGridProps extends DayListProps {
  selectedId?: string;
  onSelect: (selected: SelectedLeave) => void;
}

/**
 * The name column is 7rem; the day columns share the rest of the page's width (some 14px a day beside Break Buddy's
 * window at 1280px), so the whole month is in view on a desk without sideways scroll.
 */
const NAME_REM = 7;

/** A bar says its type in words only when it has room for them (three days or more). */
const LABEL_MIN_DAYS = 3;

/** What a day's column says to a screen reader: 'Thursday 4 June, holiday: Corpus Christi', 'Wednesday 10 June, today'. */
function dayHeader(day: string, isToday: boolean, holidayNames: string[] | undefined, nonWorking: boolean): string {
  let text = formatLongDay(day);
  if (isToday) text = translate('calendar.grid.today', { day: text });
  if (holidayNames) text = translate('calendar.grid.holiday', { day: text, names: holidayNames.join(', ') });
  else if (nonWorking) text = translate('calendar.grid.nonWorking', { day: text });
  return text;
}

/**
 * The month as a table: a row per member, a column per day. A leave is one cell spanning its days, a bar in its
 * type's colour (pending ones striped); non-working days and holidays are shaded, today's column is marked. The days
 * shrink to fit the page's width; the member column stays in view should the table ever have to scroll.
 */
export function MonthGrid({ month, days, members, holidays, workWeek, today, selectedId, onSelect }: MonthGridProps) {
  const { t } = useTranslation();
  const holidayNames = new Map<string, string[]>();
  for (const holiday of holidays) holidayNames.set(holiday.date, [...(holidayNames.get(holiday.date) ?? []), holiday.name]);
  const dayShade = (day: string) =>
    holidayNames.has(day)
      ? 'bg-amber-100/80 dark:bg-amber-900/40'
      : !workWeek.includes(isoWeekday(day))
        ? 'bg-slate-100 dark:bg-slate-800/70'
        : day === today
          ? 'bg-brand-50 dark:bg-brand-800/20'
          : '';

  const region = useRef<HTMLDivElement>(null);

  // This month opens scrolled to today's column (with two days before it in view), not to the 1st.
  useEffect(() => {
    const box = region.current;
    const column = box?.querySelector<HTMLElement>('th[aria-current="date"]');
    const names = box?.querySelector<HTMLElement>('thead th');
    if (!box || !column || !names) return;
    const offset = column.getBoundingClientRect().left - box.getBoundingClientRect().left - names.getBoundingClientRect().width;
    box.scrollLeft += offset - 2 * column.getBoundingClientRect().width;
  }, [month, today]);

  return (
    // Relative, so the texts for screen readers (absolutely positioned) scroll with the table instead of widening the page.
    <div
      ref={region}
      role="region"
      aria-label={t('calendar.grid.label', { month: formatMonth(month) })}
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl ring-1 ring-slate-200 dark:ring-slate-800"
    >
      <table className="w-full table-fixed border-separate border-spacing-0 text-sm">
        <caption className="visually-hidden">{t('calendar.grid.caption', { month: formatMonth(month) })}</caption>
        <colgroup>
          <col style={{ width: `${NAME_REM}rem` }} />
          {days.map((day) => (
            <col key={day} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <th
              scope="col"
              className="sticky left-0 z-10 border-b border-slate-200 bg-white px-3 py-2 text-left font-semibold text-slate-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300"
            >
              {t('calendar.member')}
            </th>
            {days.map((day) => {
              const names = holidayNames.get(day);
              const isToday = day === today;
              return (
                <th
                  key={day}
                  scope="col"
                  aria-current={isToday ? 'date' : undefined}
                  title={names ? names.join(', ') : undefined}
                  className={cn('border-b border-l border-slate-200 px-0 py-1 text-center text-xs font-medium dark:border-slate-700', dayShade(day))}
                >
                  <span aria-hidden="true" className="block text-[0.65rem] text-slate-600 dark:text-slate-400">
                    {formatNarrowWeekday(day)}
                  </span>
                  <span
                    aria-hidden="true"
                    className={cn(
                      'mx-auto flex h-5 w-full max-w-5 items-center justify-center rounded-full text-[0.65rem] tabular-nums',
                      isToday && 'bg-brand-700 font-bold text-white',
                      names && !isToday && 'font-bold text-amber-900 dark:text-amber-200',
                    )}
                  >
                    {Number(day.slice(8))}
                  </span>
                  <span className="visually-hidden">{dayHeader(day, isToday, names, !workWeek.includes(isoWeekday(day)))}</span>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member.userId}>
              <th
                scope="row"
                className="sticky left-0 z-10 border-b border-slate-100 bg-white px-3 py-1 text-left leading-tight font-medium break-words dark:border-slate-800 dark:bg-slate-900"
                title={member.name}
              >
                {member.name}
              </th>
              {rowCells(member.leaves, days).map((cell) => {
                if (cell.kind === 'day')
                  return <td key={cell.day} className={cn('h-10 border-b border-l border-slate-100 dark:border-slate-800', dayShade(cell.day))} />;
                const { leave } = cell;
                const description = describeLeave(leave);
                const label = cell.days.length >= LABEL_MIN_DAYS && !leave.halfDay ? leaveTypeName(leave.typeName) : '';
                return (
                  <td key={leave._id} colSpan={cell.days.length} className="h-10 border-b border-l border-slate-100 px-0.5 dark:border-slate-800">
                    <button
                      type="button"
                      aria-pressed={selectedId === leave._id}
                      title={leave.reason ? t('calendar.grid.withReason', { description, reason: leave.reason }) : description}
                      onClick={() => onSelect({ member, leave })}
                      className={cn(
                        'flex h-7 items-center overflow-hidden rounded-md px-0.5 text-left text-xs font-semibold whitespace-nowrap focus-visible:outline-offset-1',
                        leave.halfDay ? 'w-1/2' : 'w-full',
                        leave.halfDay === 'pm' && 'ml-auto',
                        leave.status !== 'approved' && 'text-slate-900 dark:text-slate-100',
                        selectedId === leave._id && 'ring-2 ring-slate-900 ring-offset-1 dark:ring-white',
                      )}
                      style={barStyle(leave.color, leave.status)}
                    >
                      <span aria-hidden="true" className="truncate">
                        {label}
                      </span>
                      <span className="visually-hidden">{description}</span>
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
