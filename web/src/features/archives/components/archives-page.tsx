import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useToast } from '@/components/ui/toast';
import { useSession } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useDialogs } from '@/lib/dialogs';
import { formatDate, formatNumber, todayIso } from '@/lib/format';
import { t as translate } from '@/lib/i18n';
import {
  exportFileName,
  fetchExport,
  reportKindLabel,
  reportKinds,
  seesTeamReports,
  useProfile,
  useReportSummary,
  useTeamMembers,
  type ReportKind,
  type ReportScope,
  type ReportSummary,
} from '../api/reports';
import { presets, type DateRange } from '../utils/date-range';
import { saveCsv } from '@/lib/download';
import { ChartFrames, useNearScreen } from './chart-figure';
import { DateRangePicker } from './date-range-picker';
import { LeaveDaysSection } from './leave-days-section';
import { ReportRecordsTable } from './report-records';
import { WorkingTimeSection } from './working-time-section';

// The chart library is its own chunk, fetched only when a report has something to draw and the charts' place comes
// near the screen.
// What the range broke of the team's break and rest rules: below the working time, its own chunk.
const ComplianceSection = lazy(() => import('./compliance-section').then((module) => ({ default: module.ComplianceSection })));
const ReportCharts = lazy(() => import('./report-charts').then((module) => ({ default: module.ReportCharts })));

const isKind = (value: string | null): value is ReportKind => reportKinds.includes(value as ReportKind);

/** '1 h 05 min' or '45 min' (in the person's language). */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return translate('archives.duration.minutes', { minutes });
  const hours = Math.floor(minutes / 60);
  return translate('archives.duration.hoursMinutes', { hours, minutes: String(minutes % 60).padStart(2, '0') });
}

/** The range, the person and the records tab live in the address, so a report can be reloaded or shared. */
function useReportParams() {
  const [params, setParams] = useSearchParams();
  const fallback = presets[0]!.range(todayIso());
  const hasRange = params.has('from') || params.has('to');
  const range: DateRange = hasRange ? { from: params.get('from') ?? '', to: params.get('to') ?? '' } : fallback;
  const kind: ReportKind = isKind(params.get('type')) ? (params.get('type') as ReportKind) : 'breaks';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const userId = params.get('userId') ?? '';

  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: false },
    );

  return { range, kind, page, userId, update };
}

export function ArchivesPage() {
  const { t } = useTranslation();
  const { signedIn } = useSession();
  const { open } = useDialogs();
  if (!signedIn) {
    return (
      <Card className="text-center">
        <h2 className="text-lg font-semibold">{t('archives.signedOut.title')}</h2>
        <p className="mx-auto mt-2 max-w-prose text-sm text-slate-600 dark:text-slate-300">{t('archives.signedOut.text')}</p>
        <Button className="mt-4" onClick={() => open('signIn')}>
          {t('archives.signedOut.signIn')}
        </Button>
      </Card>
    );
  }
  return <SignedInArchives />;
}

function SignedInArchives() {
  const { t } = useTranslation();
  const { range, kind, page, userId, update } = useReportParams();
  const scope: ReportScope = { from: range.from, to: range.to, userId };
  const summary = useReportSummary(scope);

  return (
    // Room at the bottom so the chat launcher never covers the pagination.
    <div className="mx-auto max-w-6xl space-y-4 pb-20">
      <Card className="space-y-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 className="text-lg font-semibold">{t('archives.page.range')}</h2>
            <p className="text-sm text-slate-600 dark:text-slate-400">{describeRange(range)}</p>
          </div>
          <MemberPicker userId={userId} onChange={(id) => update({ userId: id, page: undefined })} />
        </div>
        <DateRangePicker value={range} onApply={(next) => update({ from: next.from, to: next.to, page: undefined })} />
      </Card>

      <Card className="space-y-4">
        <h2 className="text-lg font-semibold">{t('archives.page.summary')}</h2>
        {summary.error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {summary.error instanceof Error && summary.error.message ? summary.error.message : t('archives.page.loadError')}
          </p>
        ) : (
          // While the report loads, its tiles and the charts' frames hold their places: nothing below moves when it
          // arrives.
          <>
            {!summary.data && (
              <span role="status" className="visually-hidden">
                {t('archives.page.loading')}
              </span>
            )}
            <SummaryStats summary={summary.data} />
            <Charts summary={summary.data} />
          </>
        )}
      </Card>

      <LeaveDaysSection range={range} />

      <WorkingTimeSection range={range} />

      <Suspense fallback={null}>
        <ComplianceSection range={range} />
      </Suspense>

      <Card className="space-y-3">
        <RecordsSection
          kind={kind}
          scope={scope}
          page={page}
          onKind={(next) => update({ type: next, page: undefined })}
          onPage={(next) => update({ page: String(next) })}
        />
      </Card>
    </div>
  );
}

function describeRange({ from, to }: DateRange): string {
  if (from && to && from !== to) return translate('archives.page.rangeText', { from: formatDate(from), to: formatDate(to) });
  return formatDate(from || to);
}

function MemberPicker({ userId, onChange }: { userId: string; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  const profile = useProfile();
  const allowed = seesTeamReports(profile.data);
  const members = useTeamMembers(allowed);
  const id = useId();
  if (!allowed || !members.data || members.data.length < 2) return null;
  const me = profile.data?.id;
  return (
    <div className="w-full space-y-1 sm:w-64">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {t('archives.page.member')}
      </label>
      <select
        id={id}
        value={userId && userId !== me ? userId : ''}
        onChange={(event) => onChange(event.target.value)}
        className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none sm:text-sm dark:border-slate-600 dark:bg-slate-900"
      >
        <option value="">{t('archives.page.me')}</option>
        {members.data
          .filter((member) => member.id !== me)
          .map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
      </select>
    </div>
  );
}

/** The charts, once the report is here and their place comes near the screen (see {@link useNearScreen}). */
function Charts({ summary }: { summary?: ReportSummary }) {
  const [ref, near] = useNearScreen<HTMLDivElement>();
  return (
    <div ref={ref}>
      {summary && near ? (
        <Suspense fallback={<ChartFrames />}>
          <ReportCharts summary={summary} />
        </Suspense>
      ) : (
        <ChartFrames />
      )}
    </div>
  );
}

function SummaryStats({ summary }: { summary?: ReportSummary }) {
  const { t } = useTranslation();
  const stats = summary
    ? [
        { value: summary.breaks.count, detail: formatMinutes(summary.breaks.totalMinutes) },
        { value: summary.tasks.count, detail: t('archives.stats.completed', { count: summary.tasks.completed }) },
        { value: summary.meetings.count, detail: formatMinutes(summary.meetings.minutes) },
        { value: summary.leaves.count, detail: t('archives.stats.days', { count: summary.leaves.days, days: formatNumber(summary.leaves.days) }) },
        { value: summary.checklist.count, detail: t('archives.stats.done', { count: summary.checklist.done }) },
      ]
    : undefined;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {reportKinds.map((kind, i) => {
        const stat = stats?.[i];
        return (
          <div key={kind} className="rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60">
            <dt className="text-sm text-slate-600 dark:text-slate-400">{reportKindLabel(kind)}</dt>
            {stat ? (
              <>
                <dd className="text-2xl font-bold">{stat.value}</dd>
                <dd className="text-xs text-slate-600 dark:text-slate-400">{stat.detail}</dd>
              </>
            ) : (
              // Loading: the same two lines, blank (and still: every animation that starts is an event React handles).
              <>
                <dd aria-hidden="true" className="relative text-2xl font-bold">
                  {'\u00a0'}
                  <span className="absolute inset-y-1 left-0 w-10 rounded bg-slate-200 dark:bg-slate-700" />
                </dd>
                <dd aria-hidden="true" className="text-xs">
                  {'\u00a0'}
                </dd>
              </>
            )}
          </div>
        );
      })}
    </dl>
  );
}

interface RecordsSectionProps {
  kind: ReportKind;
  scope: ReportScope;
  page: number;
  onKind: (kind: ReportKind) => void;
  onPage: (page: number) => void;
}

function RecordsSection({ kind, scope, page, onKind, onPage }: RecordsSectionProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const [downloading, setDownloading] = useState(false);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const baseId = useId();

  const download = async () => {
    setDownloading(true);
    try {
      saveCsv(await fetchExport(kind, scope), exportFileName(kind, scope));
    } catch (error) {
      console.error('Downloading the CSV file failed', error);
      toast.show({ title: t('archives.errors.title'), message: t('archives.errors.download'), variant: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  // Arrow keys move between the tabs, as in any tab list.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = reportKinds[(reportKinds.indexOf(kind) + step + reportKinds.length) % reportKinds.length]!;
    onKind(next);
    tabs.current[reportKinds.indexOf(next)]?.focus();
  };

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{t('archives.records.title')}</h2>
        <Button variant="secondary" disabled={downloading} onClick={() => void download()}>
          {downloading ? t('archives.records.preparing') : t('archives.records.download', { kind: reportKindLabel(kind) })}
        </Button>
      </div>
      <div role="tablist" aria-label={t('archives.records.kind')} onKeyDown={onKeyDown} className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1">
        {reportKinds.map((item, index) => (
          <button
            key={item}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${item}`}
            aria-selected={item === kind}
            aria-controls={`${baseId}-panel`}
            tabIndex={item === kind ? 0 : -1}
            onClick={() => onKind(item)}
            className={cn(
              'min-h-11 shrink-0 rounded-lg px-3 text-sm font-semibold transition-colors',
              item === kind ? 'bg-brand-700 text-white' : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
            )}
          >
            {reportKindLabel(item)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${kind}`}>
        <ReportRecordsTable kind={kind} scope={scope} page={page} onPageChange={onPage} />
      </div>
    </>
  );
}
