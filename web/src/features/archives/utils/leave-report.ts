import { formatNumber } from '@/lib/format';
import type { LeaveDaysReport } from '../api/leave-report';

export interface ReportColumn {
  id: string;
  name: string;
  color?: string;
}

export interface ReportFigure {
  days: number;
  workingDays: number;
}

export interface MemberLine {
  userId: string;
  name: string;
  byType: Map<string, ReportFigure>;
  total: ReportFigure;
}

const add = (a: ReportFigure | undefined, b: ReportFigure): ReportFigure => ({
  days: (a?.days ?? 0) + b.days,
  workingDays: (a?.workingDays ?? 0) + b.workingDays,
});

/**
 * The rows as a member × type table: a column per type that has days in the range (in the answer's order, then any
 * the answer did not list), a line per member by name, and the totals of each.
 */
export function pivotLeaveReport(report: LeaveDaysReport) {
  const rows = Array.isArray(report.rows) ? report.rows : [];
  const types = Array.isArray(report.types) ? report.types : [];
  const used = new Set(rows.map((row) => row.typeId));
  const columns: ReportColumn[] = types.filter((type) => used.has(type.id)).map(({ id, name, color }) => ({ id, name, color }));
  for (const row of rows) if (!columns.some((column) => column.id === row.typeId)) columns.push({ id: row.typeId, name: row.typeName });

  const lines = new Map<string, MemberLine>();
  const typeTotals = new Map<string, ReportFigure>();
  let total: ReportFigure = { days: 0, workingDays: 0 };
  for (const row of rows) {
    const figure = { days: row.days, workingDays: row.workingDays };
    const line = lines.get(row.userId) ?? { userId: row.userId, name: row.name, byType: new Map(), total: { days: 0, workingDays: 0 } };
    line.byType.set(row.typeId, add(line.byType.get(row.typeId), figure));
    line.total = add(line.total, figure);
    lines.set(row.userId, line);
    typeTotals.set(row.typeId, add(typeTotals.get(row.typeId), figure));
    total = add(total, figure);
  }
  const members = [...lines.values()].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.userId.localeCompare(b.userId));
  return { columns, members, typeTotals, total };
}

/** Whole numbers as they are, halves with one decimal (a decimal comma where the language writes one). */
export const dayFigure = (days: number) => formatNumber(Math.round(days * 10) / 10, { maximumFractionDigits: 1, useGrouping: false });
