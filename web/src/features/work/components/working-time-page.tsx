import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateField } from '@/components/ui/date-field';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/auth';
import { formatDate, formatTime, todayIso } from '@/lib/format';
import { addDaysIso } from '@/lib/iso-date';
import { isLeaveApprover, useTeamRole } from '@/lib/team-role';
import { breakTypeName } from '@/lib/type-names';
import { useRevalidateWork, useTeamTimesheets, useTimesheet, useWorkBalance, useWorkDay, useWorkSummary, type WorkPeriod } from '../api/work';
import { deletePeriod } from '../api/work-writes';
import { addMonths, mondayOf, monthRange, thisMonth } from '../utils/dates';
import { formatDifference, formatWorked } from '@/lib/minutes';
import { FindingsList } from './findings-list';
import { NoteDialog } from './note-dialog';
import { ScheduleSection } from './schedule-section';
import { TeamTimesheets, TimesheetSection } from './timesheet-section';
import { ChangeLine, CreditBadge, dayLabel, Difference, monthLabel, Totals } from './work-bits';

const OvertimeForms = lazy(() => import('./overtime-forms').then((module) => ({ default: module.OvertimeForms })));
// The team's break and rest rules: below the schedule, rarely changed.
const RulesSection = lazy(() => import('./rules-section').then((module) => ({ default: module.RulesSection })));
const PeriodFormDialog = lazy(() => import('./period-form-dialog').then((module) => ({ default: module.PeriodFormDialog })));

/** The month's approval on a day of it: a "Locked" badge, who approved it and on which (local) day, and why nothing can be changed. */
export function LockedDay({ approvedBy, approvedAt }: { approvedBy?: string | null; approvedAt?: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-1">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="inline-flex items-center rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-900 dark:bg-slate-700 dark:text-slate-100">
          {t('work.day.locked')}
        </span>
        {approvedBy && approvedAt && <span>{t('work.day.approvedBy', { name: approvedBy, date: formatDate(todayIso(new Date(approvedAt))) })}</span>}
      </p>
      <p className="text-xs text-slate-600 dark:text-slate-300">{t('work.day.lockedHint')}</p>
    </div>
  );
}

type Dialog = { kind: 'add' } | { kind: 'edit'; period: WorkPeriod } | { kind: 'delete'; period: WorkPeriod };

function LoadState({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  if (!error)
    return (
      <div className="flex justify-center py-6">
        <Spinner label={t('work.loading')} />
      </div>
    );
  return (
    <div role="alert" className="flex flex-wrap items-center justify-center gap-3 py-6 text-sm text-red-700 dark:text-red-400">
      {t('work.loadError')}
      <Button variant="secondary" size="sm" onClick={retry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

/** Previous / next buttons around a label: 44 px squares to tap, not the width of their arrows. */
function Stepper({
  label,
  previous,
  next,
  onPrevious,
  onNext,
  nextDisabled,
}: {
  label: string;
  previous: string;
  next: string;
  onPrevious: () => void;
  onNext: () => void;
  nextDisabled?: boolean;
}) {
  return (
    <div className="flex shrink-0 items-center gap-1">
      <Button variant="secondary" size="compact" className="min-w-11" aria-label={previous} onClick={onPrevious}>
        <span aria-hidden="true">‹</span>
      </Button>
      {label && <span className="min-w-0 px-2 text-sm font-medium">{label}</span>}
      <Button variant="secondary" size="compact" className="min-w-11" aria-label={next} onClick={onNext} disabled={nextDisabled}>
        <span aria-hidden="true">›</span>
      </Button>
    </div>
  );
}

function DaySection({ userId }: { userId?: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const today = todayIso();
  const [date, setDate] = useState(today);
  const { data: day, error, mutate } = useWorkDay(date, userId);
  // The day's month: approved, it is locked (no write controls); until it is known, none are offered either.
  const { data: sheet, error: sheetError } = useTimesheet(date.slice(0, 7), userId);
  const sheetOfDay = sheet?.month === date.slice(0, 7) ? sheet : undefined;
  const locked = Boolean(sheetOfDay?.locked);
  const writable = !locked && (sheetOfDay !== undefined || Boolean(sheetError));
  const revalidate = useRevalidateWork();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  return (
    <Card labelledBy={headingId}>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold">
          {t('work.day.title')}
        </h2>
        {/* On a phone the steps stay beside the date, which gives up the room (not on a row of their own). */}
        <div className="flex w-full items-end gap-2 sm:w-auto">
          <DateField
            label={t('work.fields.date')}
            value={date}
            strict
            max={today}
            onChange={(value) => value && setDate(value)}
            className="min-w-0 flex-1 sm:flex-none"
          />
          <Stepper
            label=""
            previous={t('work.day.previous')}
            next={t('work.day.next')}
            onPrevious={() => setDate(addDaysIso(date, -1))}
            onNext={() => setDate(addDaysIso(date, 1))}
            nextDisabled={date >= today}
          />
        </div>
      </div>
      {!day ? (
        <LoadState error={error} retry={() => void mutate()} />
      ) : (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-medium">{dayLabel(day.date)}</p>
            <CreditBadge credit={day.credit} />
          </div>
          {locked && <LockedDay approvedBy={sheetOfDay?.approvedBy} approvedAt={sheetOfDay?.approvedAt} />}
          <Totals
            items={[
              { label: t('work.totals.worked'), value: formatWorked(day.worked) },
              { label: t('work.totals.rest'), value: formatWorked(day.rest) },
              { label: t('work.totals.paidBreaks'), value: formatWorked(day.paidBreaks) },
              { label: t('work.totals.target'), value: formatWorked(day.target) },
              { label: t('work.totals.difference'), value: <Difference minutes={day.difference} /> },
            ]}
          />
          <div>
            <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold">{t('work.day.periods')}</h3>
              {writable && (
                <Button variant="secondary" onClick={() => setDialog({ kind: 'add' })} disabled={day.date > today}>
                  {t('work.period.add')}
                </Button>
              )}
            </div>
            {day.periods.length === 0 && !day.open ? (
              <p className="text-sm text-slate-600 dark:text-slate-300">{t('work.day.noPeriods')}</p>
            ) : (
              <ul className="divide-y divide-slate-200 dark:divide-slate-700">
                {day.open && <li className="py-2 text-sm">{t('work.day.openPeriod', { time: formatTime(day.open.startTime) })}</li>}
                {day.periods.map((period) => (
                  <li key={period._id} className="flex flex-wrap items-start justify-between gap-2 py-2">
                    <div className="min-w-0">
                      <p className="font-medium tabular-nums">
                        {t('work.day.period', { start: formatTime(period.start), end: formatTime(period.end), duration: formatWorked(period.minutes) })}
                        {period.nextDay && <span className="ml-1 text-xs text-slate-600 dark:text-slate-300">{t('work.day.nextDay')}</span>}
                      </p>
                      <p className="flex flex-wrap gap-1 text-xs">
                        {period.source === 'manual' && (
                          <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900 dark:bg-amber-900/50 dark:text-amber-100">
                            {t('work.day.manual')}
                          </span>
                        )}
                        {period.autoClosed && (
                          <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900 dark:bg-amber-900/50 dark:text-amber-100">
                            {t('work.day.autoClosed')}
                          </span>
                        )}
                      </p>
                      {period.changes.length > 0 && (
                        <ul className="mt-1 space-y-0.5" aria-label={t('work.changes.label')}>
                          {period.changes.map((change, index) => (
                            <ChangeLine key={index} change={change} />
                          ))}
                        </ul>
                      )}
                    </div>
                    {writable && (
                      <div className="flex gap-2">
                        <Button
                          variant="secondary"
                          size="sm"
                          onClick={() => setDialog({ kind: 'edit', period })}
                          aria-label={t('work.period.editLabel', { start: formatTime(period.start) })}
                        >
                          {t('work.period.edit')}
                        </Button>
                        <Button
                          variant="secondary"
                          size="sm"
                          onClick={() => setDialog({ kind: 'delete', period })}
                          aria-label={t('work.period.deleteLabel', { start: formatTime(period.start) })}
                        >
                          {t('work.period.delete')}
                        </Button>
                      </div>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {day.deletedChanges.length > 0 && (
              <ul className="mt-2 space-y-0.5" aria-label={t('work.changes.deleted')}>
                {day.deletedChanges.map((change, index) => (
                  <ChangeLine key={index} change={change} />
                ))}
              </ul>
            )}
          </div>
          {day.findings.length > 0 && (
            <div>
              <h3 className="mb-2 font-semibold">{t('work.findings.title')}</h3>
              <FindingsList findings={day.findings} date={day.date} userId={userId} canNote={writable} />
            </div>
          )}
          <div>
            <h3 className="mb-2 font-semibold">{t('work.day.breaks')}</h3>
            {day.breaks.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-300">{t('work.day.noBreaks')}</p>
            ) : (
              <ul className="space-y-1 text-sm">
                {day.breaks.map((item) => (
                  <li key={item._id} className="tabular-nums">
                    {t('work.day.break', {
                      type: breakTypeName(item.type),
                      start: formatTime(item.startTime),
                      end: formatTime(item.endTime),
                      duration: formatWorked(item.duration),
                    })}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <Suspense fallback={null}>
          <PeriodFormDialog date={date} editing={dialog.kind === 'edit' ? dialog.period : undefined} userId={userId} onClose={close} />
        </Suspense>
      )}
      {dialog?.kind === 'delete' && (
        <NoteDialog
          title={t('work.period.deleteTitle')}
          label={t('work.fields.note')}
          submitText={t('work.period.delete')}
          required
          danger
          savedMessage={t('work.period.deleted')}
          onSubmit={async (note) => {
            await deletePeriod(dialog.period._id, note, userId);
            await revalidate();
          }}
          onClose={close}
        />
      )}
    </Card>
  );
}

function SummarySection({ userId }: { userId?: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [mode, setMode] = useState<'week' | 'month'>('week');
  const [week, setWeek] = useState(() => mondayOf(todayIso()));
  const [month, setMonth] = useState(() => thisMonth());
  const range = mode === 'week' ? { from: week, to: addDaysIso(week, 6) } : monthRange(month);
  const { data, error, mutate } = useWorkSummary(range.from, range.to, userId);
  const label = mode === 'week' ? t('work.summary.weekOf', { date: formatDate(week) }) : monthLabel(month);

  return (
    <Card labelledBy={headingId}>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold">
          {t('work.summary.title')}
        </h2>
        <div className="flex flex-wrap items-end gap-2">
          <Select
            label={t('work.summary.range')}
            options={[
              { value: 'week', label: t('work.summary.byWeek') },
              { value: 'month', label: t('work.summary.byMonth') },
            ]}
            value={mode}
            onChange={(event) => setMode(event.target.value === 'month' ? 'month' : 'week')}
          />
          <Stepper
            label={label}
            previous={t('work.summary.previous')}
            next={t('work.summary.next')}
            onPrevious={() => (mode === 'week' ? setWeek(addDaysIso(week, -7)) : setMonth(addMonths(month, -1)))}
            onNext={() => (mode === 'week' ? setWeek(addDaysIso(week, 7)) : setMonth(addMonths(month, 1)))}
          />
        </div>
      </div>
      {!data ? (
        <LoadState error={error} retry={() => void mutate()} />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="visually-hidden">{t('work.summary.caption', { from: formatDate(data.from), to: formatDate(data.to) })}</caption>
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-700">
                <th scope="col" className="py-2 pr-2">
                  {t('work.fields.date')}
                </th>
                <th scope="col" className="py-2 pr-2 text-right">
                  {t('work.totals.worked')}
                </th>
                <th scope="col" className="py-2 pr-2 text-right">
                  {t('work.totals.target')}
                </th>
                <th scope="col" className="py-2 text-right">
                  {t('work.totals.difference')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.days.map((day) => (
                <tr key={day.date} className="border-b border-slate-100 dark:border-slate-800">
                  <th scope="row" className="py-2 pr-2 font-normal">
                    <span className="block">{dayLabel(day.date)}</span>
                    <CreditBadge credit={day.credit} />
                  </th>
                  <td className="py-2 pr-2 text-right tabular-nums">{formatWorked(day.worked)}</td>
                  <td className="py-2 pr-2 text-right tabular-nums">{formatWorked(day.target)}</td>
                  <td className="py-2 text-right">
                    <Difference minutes={day.difference} />
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="font-semibold">
                <th scope="row" className="py-2 pr-2">
                  {t('work.summary.total')}
                </th>
                <td className="py-2 pr-2 text-right tabular-nums">{formatWorked(data.worked)}</td>
                <td className="py-2 pr-2 text-right tabular-nums">{formatWorked(data.target)}</td>
                <td className="py-2 text-right">
                  <Difference minutes={data.difference} />
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </Card>
  );
}

/** The overtime balance; an approver looking at a member sets the carried-over value (once) and adds adjustments. */
function BalanceSection({ userId }: { userId?: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { data, error, mutate } = useWorkBalance(userId);
  const carriedOver = data?.carriedOver ?? null;
  return (
    <Card labelledBy={headingId}>
      <h2 id={headingId} className="mb-4 text-lg font-semibold">
        {t('work.balance.title')}
      </h2>
      {!data ? (
        <LoadState error={error} retry={() => void mutate()} />
      ) : (
        <div className="space-y-3">
          <p className="text-2xl font-bold">
            <Difference minutes={data.balance} />
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {data.through
              ? t('work.balance.range', { since: formatDate(data.since), through: formatDate(data.through) })
              : t('work.balance.nothingYet', { since: formatDate(data.since) })}
          </p>
          {carriedOver !== null && <p className="text-sm">{t('work.balance.carriedOver', { value: formatDifference(carriedOver) })}</p>}
          {data.adjustments.length > 0 && (
            <ul className="space-y-1 text-sm" aria-label={t('work.balance.adjustments')}>
              {data.adjustments.map((adjustment) => (
                <li key={adjustment._id}>
                  {t('work.balance.adjustment', {
                    value: formatDifference(adjustment.minutes),
                    note: adjustment.note,
                    name: adjustment.byName,
                    date: formatDate(adjustment.at),
                  })}
                </li>
              ))}
            </ul>
          )}
          {userId && (
            <Suspense fallback={null}>
              <OvertimeForms userId={userId} carriedOverSet={carriedOver !== null} />
            </Suspense>
          )}
        </div>
      )}
    </Card>
  );
}

/** Approvers: whose working time the page shows (`?userId=`), from the team's timesheet rows of this month. */
function MemberPicker({ userId, onChange }: { userId?: string; onChange: (userId?: string) => void }) {
  const { t } = useTranslation();
  const { id } = useSession();
  const { data: rows } = useTeamTimesheets(thisMonth());
  const others = (rows ?? []).filter((row) => row.userId !== id);
  return (
    <Select
      label={t('work.page.member')}
      options={[{ value: '', label: t('work.page.me') }, ...others.map((row) => ({ value: row.userId, label: row.name }))]}
      value={userId ?? ''}
      onChange={(event) => onChange(event.target.value || undefined)}
    />
  );
}

/** A month of a link (`/working-time/timesheets/2025-06`), or undefined. */
const linkedMonth = (month: string | undefined) => (month && /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? month : undefined);

/**
 * The Working time page: a day, a week or month, the balance, the month's timesheet and the schedule. Opened at
 * `/working-time/timesheets/{YYYY-MM}` (the timesheet notices' link), it shows that month's timesheet, and for an
 * approver the team's overview of that month, scrolled to.
 */
export function WorkingTimePage() {
  const { role } = useTeamRole();
  const approver = isLeaveApprover(role);
  const [params, setParams] = useSearchParams();
  const linked = linkedMonth(useParams().month);
  const userId = (approver && params.get('userId')) || undefined;
  const [sheetMonth, setSheetMonth] = useState(() => linked ?? thisMonth());
  const choose = (next?: string) => setParams(next ? { userId: next } : {}, { replace: true });

  return (
    <div className="mx-auto max-w-5xl space-y-4 pb-20">
      {approver && (
        <div className="flex flex-wrap items-end justify-end gap-3">
          <MemberPicker userId={userId} onChange={choose} />
        </div>
      )}
      <DaySection key={`day-${userId ?? ''}`} userId={userId} />
      <SummarySection userId={userId} />
      <BalanceSection userId={userId} />
      <TimesheetSection
        userId={userId}
        role={role}
        month={sheetMonth}
        onMonthChange={setSheetMonth}
        focus={Boolean(linked) && role !== undefined && !approver}
      />
      {approver && (
        <TeamTimesheets
          onView={(member, month) => {
            setSheetMonth(month);
            choose(member);
          }}
          isAdmin={role === 'admin'}
          initialMonth={linked}
          focus={Boolean(linked)}
        />
      )}
      <ScheduleSection userId={userId} role={role} />
      <Suspense fallback={null}>
        <RulesSection role={role} />
      </Suspense>
    </div>
  );
}
