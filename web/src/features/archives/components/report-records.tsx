import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { breakTypeName, taskPriorityName as taskPriorityLabel, taskStatusName as taskStatusLabel } from '@/lib/type-names';
import { formatDate, formatNumber, formatTime, truncate } from '@/lib/format';
import { t } from '@/lib/i18n';
import { reportKindLabel, useReportRecords, type ReportKind, type ReportRecords, type ReportScope } from '../api/reports';

interface Column<T> {
  /** The column's name: `archives.records.columns.<id>`. */
  id: string;
  cell: (item: T) => ReactNode;
}

/** Long texts are cut in the table; the whole text is in the CSV and in the record's own screen. */
const PREVIEW_CHARS = 120;

function LongText({ text }: { text: string }) {
  if (!text) return <span className="text-slate-400">–</span>;
  const cut = truncate(text, PREVIEW_CHARS);
  return (
    <span className="break-words" title={cut.truncated ? text : undefined}>
      {cut.text}
    </span>
  );
}

const timeRange = (from: string, to: string) => `${formatTime(from)} – ${formatTime(to)}`;
const yesNo = (value: boolean) => (value ? t('common.yes') : t('common.no'));

const columns: { [K in ReportKind]: Column<ReportRecords[K]>[] } = {
  breaks: [
    { id: 'date', cell: (b) => formatDate(b.createdDate) },
    { id: 'time', cell: (b) => timeRange(b.startTime, b.endTime) },
    { id: 'duration', cell: (b) => t('archives.duration.minutes', { minutes: b.duration }) },
    { id: 'type', cell: (b) => breakTypeName(b.type) },
    { id: 'reason', cell: (b) => <LongText text={b.reason} /> },
  ],
  tasks: [
    { id: 'scheduled', cell: (task) => formatDate(task.scheduled) },
    { id: 'title', cell: (task) => <LongText text={task.title} /> },
    { id: 'status', cell: (task) => taskStatusLabel(task.status) },
    { id: 'priority', cell: (task) => taskPriorityLabel(task.priority) },
    { id: 'description', cell: (task) => <LongText text={task.description} /> },
  ],
  meetings: [
    { id: 'date', cell: (m) => formatDate(m.scheduleDate) },
    { id: 'time', cell: (m) => timeRange(m.from, m.to) },
    { id: 'description', cell: (m) => <LongText text={m.description} /> },
  ],
  leaves: [
    { id: 'from', cell: (l) => formatDate(l.fromDate) },
    { id: 'to', cell: (l) => formatDate(l.toDate) },
    { id: 'days', cell: (l) => formatNumber(l.days) },
    { id: 'reason', cell: (l) => <LongText text={l.reason} /> },
  ],
  checklist: [
    { id: 'date', cell: (c) => formatDate(c.createdDate) },
    { id: 'task', cell: (c) => <LongText text={c.task} /> },
    { id: 'done', cell: (c) => yesNo(c.status) },
    { id: 'feature', cell: (c) => yesNo(c.isFeature) },
  ],
};

export interface ReportRecordsTableProps {
  kind: ReportKind;
  scope: ReportScope;
  page: number;
  onPageChange: (page: number) => void;
}

/**
 * One kind of records over the range, 20 per page. On phones each row becomes a card whose cells carry their
 * column names, so nothing scrolls sideways.
 */
export function ReportRecordsTable({ kind, scope, page, onPageChange }: ReportRecordsTableProps) {
  const { t } = useTranslation();
  const { data, error, isLoading } = useReportRecords(kind, scope, page);
  const cols = (columns[kind] as Column<unknown>[]).map((column) => ({ ...column, label: t(`archives.records.columns.${column.id}`) }));

  if (error) return <p className="py-4 text-sm text-red-700 dark:text-red-300">{t(`archives.records.loadError.${kind}`)}</p>;
  if (isLoading && !data) return <Spinner label={t(`archives.records.loading.${kind}`)} />;
  if (!data || data.items.length === 0)
    return <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">{t(`archives.records.empty.${kind}`)}</p>;

  return (
    <div>
      <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">{t('archives.records.count', { count: data.totalCount })}</p>
      <table className="w-full text-left text-sm max-sm:block">
        <caption className="visually-hidden">{reportKindLabel(kind)}</caption>
        <thead className="max-sm:visually-hidden">
          <tr className="border-b border-slate-200 dark:border-slate-700">
            {cols.map((column) => (
              <th key={column.id} scope="col" className="px-3 py-2 font-semibold text-slate-600 dark:text-slate-300">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-sm:block max-sm:space-y-3">
          {data.items.map((item) => (
            <tr
              key={(item as { _id: string })._id}
              className="border-b border-slate-100 align-top max-sm:block max-sm:rounded-xl max-sm:border-0 max-sm:p-3 max-sm:ring-1 max-sm:ring-slate-200 dark:border-slate-800 max-sm:dark:ring-slate-800"
            >
              {cols.map((column) => (
                <td
                  key={column.id}
                  data-label={column.label}
                  className="px-3 py-2 max-sm:flex max-sm:gap-3 max-sm:px-0 max-sm:py-1 max-sm:before:w-24 max-sm:before:shrink-0 max-sm:before:font-medium max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)] dark:max-sm:before:text-slate-400"
                >
                  <span className="min-w-0">{column.cell(item)}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <Pagination total={data.totalCount} page={page} onPageChange={onPageChange} />
    </div>
  );
}
