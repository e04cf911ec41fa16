import type { ReactNode } from 'react';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { formatDate, formatTime, truncate } from '@/lib/format';
import { reportKindLabels, useReportRecords, type ReportKind, type ReportRecords, type ReportScope } from '../api/reports';

interface Column<T> {
  label: string;
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
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

const columns: { [K in ReportKind]: Column<ReportRecords[K]>[] } = {
  breaks: [
    { label: 'Date', cell: (b) => formatDate(b.createdDate) },
    { label: 'Time', cell: (b) => timeRange(b.startTime, b.endTime) },
    { label: 'Duration', cell: (b) => `${b.duration} min` },
    { label: 'Type', cell: (b) => b.type },
    { label: 'Reason', cell: (b) => <LongText text={b.reason} /> },
  ],
  tasks: [
    { label: 'Scheduled', cell: (t) => formatDate(t.scheduled) },
    { label: 'Title', cell: (t) => <LongText text={t.title} /> },
    { label: 'Status', cell: (t) => t.status },
    { label: 'Priority', cell: (t) => t.priority },
    { label: 'Description', cell: (t) => <LongText text={t.description} /> },
  ],
  meetings: [
    { label: 'Date', cell: (m) => formatDate(m.scheduleDate) },
    { label: 'Time', cell: (m) => timeRange(m.from, m.to) },
    { label: 'Description', cell: (m) => <LongText text={m.description} /> },
  ],
  leaves: [
    { label: 'From', cell: (l) => formatDate(l.fromDate) },
    { label: 'To', cell: (l) => formatDate(l.toDate) },
    { label: 'Days', cell: (l) => l.days },
    { label: 'Reason', cell: (l) => <LongText text={l.reason} /> },
  ],
  checklist: [
    { label: 'Date', cell: (c) => formatDate(c.createdDate) },
    { label: 'Task', cell: (c) => <LongText text={c.task} /> },
    { label: 'Done', cell: (c) => yesNo(c.status) },
    { label: 'Feature', cell: (c) => yesNo(c.isFeature) },
  ],
};

const emptyTexts: Record<ReportKind, string> = {
  breaks: 'No breaks in this range.',
  tasks: 'No tasks in this range.',
  meetings: 'No meetings in this range.',
  leaves: 'No leaves in this range.',
  checklist: 'No checklist items in this range.',
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
  const { data, error, isLoading } = useReportRecords(kind, scope, page);
  const cols = columns[kind] as Column<unknown>[];

  if (error) return <p className="py-4 text-sm text-red-700 dark:text-red-300">Could not load the {reportKindLabels[kind].toLowerCase()}.</p>;
  if (isLoading && !data) return <Spinner label={`Loading ${reportKindLabels[kind].toLowerCase()}`} />;
  if (!data || data.items.length === 0) return <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">{emptyTexts[kind]}</p>;

  return (
    <div>
      <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">
        {data.totalCount} {data.totalCount === 1 ? 'record' : 'records'}
      </p>
      <table className="w-full text-left text-sm max-sm:block">
        <caption className="visually-hidden">{reportKindLabels[kind]}</caption>
        <thead className="max-sm:visually-hidden">
          <tr className="border-b border-slate-200 dark:border-slate-700">
            {cols.map((column) => (
              <th key={column.label} scope="col" className="px-3 py-2 font-semibold text-slate-600 dark:text-slate-300">
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
                  key={column.label}
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
