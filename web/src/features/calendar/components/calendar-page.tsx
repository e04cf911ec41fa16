import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-error';
import { useSession } from '@/lib/auth';
import { useDialogs } from '@/lib/dialogs';
import { todayIso } from '@/lib/format';
import { useMediaQuery } from '@/lib/use-media-query';
import { useTeamCalendar, useWorkWeek } from '../api/calendar';
import { addMonths, capitalized, daysOfMonth, formatDayMonth, formatMonth, isMonth, monthOf, typesOf } from '../utils/month';
import { CalendarLegend } from './calendar-legend';
import { DayList } from './day-list';
import { LeaveSummary, type SelectedLeave } from './leave-look';
import { MonthGrid } from './month-grid';

/** The grid needs a tablet's width; phones get the day-by-day list. */
export const WIDE_QUERY = '(min-width: 768px)';

/** The month and the member filter live in the address (`?month=2026-06&member=…`), so a view can be shared. */
export function useCalendarParams() {
  const [params, setParams] = useSearchParams();
  const today = todayIso();
  const asked = params.get('month');
  const month = isMonth(asked) ? asked : monthOf(today);
  const memberId = params.get('member') ?? '';
  const update = (changes: Record<string, string | undefined>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });
  return { month, memberId, today, update };
}

/** Who is away when: the team's approved and pending leaves of a month, with the holidays. */
export function CalendarPage() {
  const { t } = useTranslation();
  const { signedIn } = useSession();
  const { open } = useDialogs();
  if (!signedIn) {
    return (
      <Card className="text-center">
        <h2 className="text-lg font-semibold">{t('calendar.title')}</h2>
        <p className="mx-auto mt-2 max-w-prose text-sm text-slate-600 dark:text-slate-300">{t('calendar.signInPrompt')}</p>
        <Button className="mt-4" onClick={() => open('signIn')}>
          {t('calendar.signIn')}
        </Button>
      </Card>
    );
  }
  return <SignedInCalendar />;
}

function SignedInCalendar() {
  const { t } = useTranslation();
  const { month, memberId, today, update } = useCalendarParams();
  const wide = useMediaQuery(WIDE_QUERY);
  const { data, error, isLoading } = useTeamCalendar(month);
  const workWeek = useWorkWeek();
  const [selected, setSelected] = useState<SelectedLeave | null>(null);
  const thisMonth = monthOf(today);

  // While another month loads the last one stays, so the days always match the leaves drawn on them.
  const shownMonth = data?.month && isMonth(data.month) ? data.month : month;
  const days = daysOfMonth(shownMonth);
  const allMembers = data?.members ?? [];
  const members = memberId ? allMembers.filter((member) => member.userId === memberId) : allMembers;
  const holidays = data?.holidays ?? [];
  const loadingOther = isLoading || (data !== undefined && shownMonth !== month);
  const nobodyAway = members.every((member) => member.leaves.length === 0);

  const go = (next: string) => {
    setSelected(null);
    update({ month: next === thisMonth ? undefined : next });
  };

  return (
    <Card className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" size="sm" aria-label={t('calendar.previousMonth')} onClick={() => go(addMonths(month, -1))}>
            <span aria-hidden="true">‹</span>
          </Button>
          <h2 aria-live="polite" className="min-w-36 text-center text-lg font-semibold">
            {capitalized(formatMonth(month))}
          </h2>
          <Button variant="secondary" size="sm" aria-label={t('calendar.nextMonth')} onClick={() => go(addMonths(month, 1))}>
            <span aria-hidden="true">›</span>
          </Button>
          {month !== thisMonth && (
            <Button variant="ghost" size="sm" onClick={() => go(thisMonth)}>
              {t('calendar.thisMonth')}
            </Button>
          )}
          {loadingOther && <Spinner label={t('calendar.loadingMonth', { month: formatMonth(month) })} />}
        </div>
        <div className="w-full sm:w-64">
          <Select
            label={t('calendar.member')}
            value={memberId}
            onChange={(event) => {
              setSelected(null);
              update({ member: event.target.value || undefined });
            }}
            placeholder={t('calendar.everyone')}
            options={allMembers.map((member) => ({ value: member.userId, label: member.name }))}
          />
        </div>
      </div>

      <CalendarLegend types={typesOf(members)} />

      {error && !data ? (
        <FormError>{errorMessage(error, t('calendar.loadFailed'))}</FormError>
      ) : !data ? (
        <div className="flex justify-center py-10">
          <Spinner label={t('calendar.loading')} />
        </div>
      ) : (
        <>
          {nobodyAway && (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {memberId ? t('calendar.noLeaveIn', { month: formatMonth(shownMonth) }) : t('calendar.nobodyAwayIn', { month: formatMonth(shownMonth) })}
            </p>
          )}
          {wide ? (
            <>
              <MonthGrid
                month={shownMonth}
                days={days}
                members={members}
                holidays={holidays}
                workWeek={workWeek}
                today={today}
                selectedId={selected?.leave._id}
                onSelect={(next) => setSelected((current) => (current?.leave._id === next.leave._id ? null : next))}
              />
              {selected && <LeaveDetails selected={selected} onClose={() => setSelected(null)} />}
              <MonthHolidays holidays={holidays} />
            </>
          ) : (
            <DayList month={shownMonth} days={days} members={members} holidays={holidays} workWeek={workWeek} today={today} />
          )}
        </>
      )}
    </Card>
  );
}

/** The bar a wide screen's user pressed: everything the answer says about that leave. */
function LeaveDetails({ selected: { member, leave }, onClose }: { selected: SelectedLeave; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <section
      aria-label={t('calendar.details.label')}
      className="flex flex-wrap items-start justify-between gap-3 rounded-xl bg-slate-50 p-3 text-sm dark:bg-slate-800/60"
    >
      <div className="min-w-0 space-y-1">
        <LeaveSummary member={member} leave={leave} />
      </div>
      <Button variant="ghost" size="compact" onClick={onClose} aria-label={t('calendar.details.close')}>
        {t('common.close')}
      </Button>
    </section>
  );
}

/** The month's holidays under the grid (the grid marks their columns). */
function MonthHolidays({ holidays }: { holidays: { date: string; name: string }[] }) {
  const { t } = useTranslation();
  if (holidays.length === 0) return null;
  return (
    <div>
      <h3 className="text-sm font-semibold">{t('calendar.holidaysThisMonth')}</h3>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
        {holidays.map((holiday) => (
          <li key={`${holiday.date}-${holiday.name}`}>
            <span className="font-medium">{formatDayMonth(holiday.date)}</span> {holiday.name}
          </li>
        ))}
      </ul>
    </div>
  );
}
