import { Fragment, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-error';
import { useSession } from '@/lib/auth';
import { formatTime } from '@/lib/format';
import { formatWhen } from '@/lib/offline/format';
import type { TeamRole } from '@/lib/team-role';
import { useRevalidateWork, useTeamTimesheets, useTimesheet, type TimesheetStatus } from '../api/work';
import { decideTimesheet, downloadTimesheet, submitTimesheet, type TimesheetDecision } from '../api/work-writes';
import { addMonths, thisMonth } from '../utils/dates';
import { formatWorked } from '@/lib/minutes';
import { FindingsList } from './findings-list';
import { NoteDialog } from './note-dialog';
import { CreditBadge, dayLabel, Difference, monthLabel } from './work-bits';

const STATUS_CLASS: Record<TimesheetStatus, string> = {
  open: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  submitted: 'bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100',
  approved: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100',
  returned: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
};

export function StatusBadge({ status }: { status: TimesheetStatus }) {
  const { t } = useTranslation();
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASS[status]}`}>{t(`work.timesheet.status.${status}`)}</span>;
}

function MonthStepper({ month, onChange }: { month: string; onChange: (month: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-1">
      <Button
        variant="secondary"
        size="compact"
        className="min-w-11"
        aria-label={t('work.timesheet.previousMonth')}
        onClick={() => onChange(addMonths(month, -1))}
      >
        <span aria-hidden="true">‹</span>
      </Button>
      <span className="px-2 text-sm font-medium">{monthLabel(month)}</span>
      <Button
        variant="secondary"
        size="compact"
        className="min-w-11"
        aria-label={t('work.timesheet.nextMonth')}
        onClick={() => onChange(addMonths(month, 1))}
        disabled={month >= thisMonth()}
      >
        <span aria-hidden="true">›</span>
      </Button>
    </div>
  );
}

type Decision = { decision: TimesheetDecision; userId: string; name: string };

/** The dialog of an approver's decision: a comment (required to return, a reason required to reopen). */
function DecisionDialog({ month, decision, onClose }: { month: string; decision: Decision; onClose: () => void }) {
  const { t } = useTranslation();
  const revalidate = useRevalidateWork();
  const kind = decision.decision;
  return (
    <NoteDialog
      title={t(`work.timesheet.${kind}Title`, { name: decision.name, month: monthLabel(month) })}
      label={kind === 'reopen' ? t('work.timesheet.reason') : kind === 'return' ? t('work.timesheet.comment') : t('work.timesheet.commentOptional')}
      submitText={t(`work.timesheet.${kind}`)}
      required={kind !== 'approve'}
      danger={kind === 'reopen'}
      savedMessage={t(`work.timesheet.${kind}Done`)}
      onSubmit={async (comment) => {
        await decideTimesheet(month, kind, decision.userId, comment);
        await revalidate();
      }}
      onClose={onClose}
    />
  );
}

/** Scrolls to a section and puts focus on its heading once, when a link named it (a notice mail's). */
function useFocusWhen<T extends HTMLElement>(focus: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!focus) return;
    ref.current?.scrollIntoView?.({ block: 'start' });
    ref.current?.focus({ preventScroll: true });
  }, [focus]);
  return ref;
}

export interface TimesheetSectionProps {
  userId?: string;
  role?: TeamRole;
  /** The month shown ('YYYY-MM'), and its change. */
  month: string;
  onMonthChange: (month: string) => void;
  /** Opened from a link to this month's timesheet: scroll to it and focus its heading. */
  focus?: boolean;
}

/** A month's timesheet: each day, the totals, its status and history; submit, or an approver's decision; exports. */
export function TimesheetSection({ userId, role, month, onMonthChange: setMonth, focus = false }: TimesheetSectionProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const toast = useToast();
  const { id } = useSession();
  const revalidate = useRevalidateWork();
  const headingRef = useFocusWhen<HTMLHeadingElement>(focus);
  const { data: sheet, error, mutate } = useTimesheet(month, userId);
  const [decision, setDecision] = useState<Decision | null>(null);
  const [actionError, setActionError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const approver = role === 'admin' || role === 'hr';
  const own = !userId || userId === id;

  const submit = async () => {
    setActionError(undefined);
    setBusy(true);
    try {
      await submitTimesheet(month);
      await revalidate();
      toast.show({ message: t('work.timesheet.submitted'), variant: 'success' });
    } catch (failure) {
      setActionError(errorMessage(failure, t('work.actionFailed')));
    } finally {
      setBusy(false);
    }
  };
  const download = async (format: 'csv' | 'pdf') => {
    try {
      await downloadTimesheet(month, format, userId);
    } catch (failure) {
      console.error('Downloading the timesheet failed', failure);
      toast.show({ title: t('work.timesheet.exportFailedTitle'), message: t('work.timesheet.exportFailed'), variant: 'error' });
    }
  };

  return (
    <Card labelledBy={headingId}>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="scroll-mt-20 text-lg font-semibold">
          {t('work.timesheet.title')}
        </h2>
        <MonthStepper month={month} onChange={setMonth} />
      </div>
      {!sheet ? (
        error ? (
          <div role="alert" className="flex flex-wrap items-center justify-center gap-3 py-6 text-sm text-red-700 dark:text-red-400">
            {t('work.loadError')}
            <Button variant="secondary" size="sm" onClick={() => void mutate()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : (
          <div className="flex justify-center py-6">
            <Spinner label={t('work.loading')} />
          </div>
        )
      ) : (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-medium">{sheet.name}</p>
            <StatusBadge status={sheet.status} />
            {sheet.locked && <span className="text-xs text-slate-600 dark:text-slate-300">{t('work.timesheet.locked')}</span>}
          </div>
          <div className="flex flex-wrap gap-2">
            {own && (sheet.status === 'open' || sheet.status === 'returned') && (
              <Button onClick={() => void submit()} disabled={busy}>
                {t('work.timesheet.submit')}
              </Button>
            )}
            {approver && !own && sheet.status !== 'approved' && (
              <Button onClick={() => setDecision({ decision: 'approve', userId: sheet.userId, name: sheet.name })}>{t('work.timesheet.approve')}</Button>
            )}
            {approver && !own && sheet.status === 'submitted' && (
              <Button variant="secondary" onClick={() => setDecision({ decision: 'return', userId: sheet.userId, name: sheet.name })}>
                {t('work.timesheet.return')}
              </Button>
            )}
            {role === 'admin' && sheet.status === 'approved' && (
              <Button variant="danger" onClick={() => setDecision({ decision: 'reopen', userId: sheet.userId, name: sheet.name })}>
                {t('work.timesheet.reopen')}
              </Button>
            )}
            <Button variant="secondary" onClick={() => void download('csv')}>
              {t('work.timesheet.exportCsv')}
            </Button>
            <Button variant="secondary" onClick={() => void download('pdf')}>
              {t('work.timesheet.exportPdf')}
            </Button>
          </div>
          <FormError>{actionError}</FormError>
          {sheet.history.length > 0 && (
            <ul className="space-y-1 text-sm" aria-label={t('work.timesheet.history')}>
              {sheet.history.map((event, index) => (
                <li key={index}>
                  {t(`work.timesheet.event.${event.action}`, { name: event.byName, when: formatWhen(Date.parse(event.at)) })}
                  {event.comment && ` · ${event.comment}`}
                </li>
              ))}
            </ul>
          )}
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="visually-hidden">{t('work.timesheet.caption', { month: monthLabel(month) })}</caption>
              <thead>
                <tr className="border-b border-slate-200 dark:border-slate-700">
                  <th scope="col" className="py-2 pr-2">
                    {t('work.fields.date')}
                  </th>
                  <th scope="col" className="py-2 pr-2">
                    {t('work.day.periods')}
                  </th>
                  <th scope="col" className="py-2 pr-2 text-right">
                    {t('work.totals.rest')}
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
                {sheet.days.map((day) => (
                  <Fragment key={day.date}>
                    <tr className="border-b border-slate-100 align-top dark:border-slate-800">
                      <th scope="row" className="py-2 pr-2 font-normal whitespace-nowrap">
                        <span className="block">{dayLabel(day.date)}</span>
                        <CreditBadge credit={day.credit} />
                      </th>
                      <td className="py-2 pr-2">
                        {day.periods.map((period) => (
                          <span key={period._id} className="block tabular-nums whitespace-nowrap">
                            {formatTime(period.start)}–{formatTime(period.end)}
                            {period.source === 'manual' && (
                              <abbr title={t('work.day.manual')} className="ml-1 no-underline">
                                *
                              </abbr>
                            )}
                          </span>
                        ))}
                      </td>
                      <td className="py-2 pr-2 text-right tabular-nums">{formatWorked(day.rest)}</td>
                      <td className="py-2 pr-2 text-right tabular-nums">{formatWorked(day.worked)}</td>
                      <td className="py-2 pr-2 text-right tabular-nums">{formatWorked(day.target)}</td>
                      <td className="py-2 text-right">
                        <Difference minutes={day.difference} />
                      </td>
                    </tr>
                    {day.findings.length > 0 && (
                      <tr className="border-b border-slate-100 dark:border-slate-800">
                        <td colSpan={6} className="py-2">
                          <FindingsList findings={day.findings} date={day.date} userId={userId} canNote={!sheet.locked} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                ))}
              </tbody>
              <tfoot>
                <tr className="font-semibold">
                  <th scope="row" colSpan={3} className="py-2 pr-2">
                    {t('work.summary.total')}
                  </th>
                  <td className="py-2 pr-2 text-right tabular-nums">{formatWorked(sheet.worked)}</td>
                  <td className="py-2 pr-2 text-right tabular-nums">{formatWorked(sheet.target)}</td>
                  <td className="py-2 text-right">
                    <Difference minutes={sheet.difference} />
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
        </div>
      )}
      {decision && <DecisionDialog month={month} decision={decision} onClose={() => setDecision(null)} />}
    </Card>
  );
}

export interface TeamTimesheetsProps {
  /** Shows a member's working time, on this month's timesheet. */
  onView: (userId: string, month: string) => void;
  isAdmin: boolean;
  /** The month shown first ('YYYY-MM'). */
  initialMonth?: string;
  /** Opened from a link to a month's timesheets: scroll to the overview and focus its heading. */
  focus?: boolean;
}

/** Approvers: every member's timesheet of a month, with its status; approve or return from the row. */
export function TeamTimesheets({ onView, isAdmin, initialMonth, focus = false }: TeamTimesheetsProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [month, setMonth] = useState(() => initialMonth ?? thisMonth());
  const headingRef = useFocusWhen<HTMLHeadingElement>(focus);
  const { data: rows, error } = useTeamTimesheets(month);
  const [decision, setDecision] = useState<Decision | null>(null);
  return (
    <Card labelledBy={headingId}>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="scroll-mt-20 text-lg font-semibold">
          {t('work.team.title')}
        </h2>
        <MonthStepper month={month} onChange={setMonth} />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t('work.loadError')}
        </p>
      ) : !rows ? (
        <div className="flex justify-center py-6">
          <Spinner label={t('work.loading')} />
        </div>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-700">
          {rows.map((row) => (
            <li key={row.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {row.name} <StatusBadge status={row.status} />
                </p>
                <p className="text-sm text-slate-600 tabular-nums dark:text-slate-300">
                  {t('work.team.figures', { worked: formatWorked(row.worked), target: formatWorked(row.target) })} · <Difference minutes={row.difference} />
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" size="sm" onClick={() => onView(row.userId, month)} aria-label={t('work.team.viewLabel', { name: row.name })}>
                  {t('work.team.view')}
                </Button>
                {row.status === 'submitted' && (
                  <Button
                    size="sm"
                    onClick={() => setDecision({ decision: 'approve', userId: row.userId, name: row.name })}
                    aria-label={t('work.team.approveLabel', { name: row.name })}
                  >
                    {t('work.timesheet.approve')}
                  </Button>
                )}
                {isAdmin && row.status === 'approved' && (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setDecision({ decision: 'reopen', userId: row.userId, name: row.name })}
                    aria-label={t('work.team.reopenLabel', { name: row.name })}
                  >
                    {t('work.timesheet.reopen')}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {decision && <DecisionDialog month={month} decision={decision} onClose={() => setDecision(null)} />}
    </Card>
  );
}
