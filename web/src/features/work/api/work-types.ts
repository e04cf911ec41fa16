import type { Schemas } from '@/lib/api-schema';

type Break = Schemas['Break'];

/*
 * The working-time shapes of the server's contract (/work/..., /timesheets/...), written by hand until the OpenAPI
 * document has them: replaced by `Schemas[...]` of api-types.ts once it is generated with these routes.
 */

/** The open work period (clocked in); `since` is RFC 3339, `startTime` HH:MM in the person's zone. */
export interface OpenWork {
  since: string;
  date: string;
  startTime: string;
  timeZone: string;
  /** Net minutes worked today so far, this open period included (as of the answer). */
  workedMinutes: number;
}

export interface WorkChange {
  action: 'created' | 'edited' | 'deleted' | 'closed';
  by: string;
  byName: string;
  at: string;
  note: string;
  previous: { date: string; start: string; end: string } | null;
}

export interface WorkPeriod {
  _id: string;
  userId: string;
  date: string;
  start: string;
  end: string;
  minutes: number;
  nextDay: boolean;
  note: string;
  source: 'clock' | 'manual';
  autoClosed: boolean;
  changes: WorkChange[];
  createdAt: string;
  updatedAt: string;
}

export interface DayCredit {
  holiday: string | null;
  leave: { type: string; half: boolean } | null;
}

export interface WorkDay {
  date: string;
  periods: WorkPeriod[];
  breaks: Break[];
  open: OpenWork | null;
  worked: number;
  rest: number;
  paidBreaks: number;
  target: number;
  difference: number;
  credit: DayCredit;
  deletedChanges: WorkChange[];
}

export interface SummaryDay {
  date: string;
  worked: number;
  target: number;
  difference: number;
  credit: DayCredit;
}

export interface WorkSummary {
  from: string;
  to: string;
  days: SummaryDay[];
  worked: number;
  target: number;
  difference: number;
}

export interface Adjustment {
  _id: string;
  minutes: number;
  note: string;
  by: string;
  byName: string;
  at: string;
}

export interface WorkBalance {
  balance: number;
  since: string;
  through: string;
  carriedOver: number | null;
  adjustments: Adjustment[];
  today: SummaryDay;
  week: { worked: number; target: number; difference: number };
}

/** Minutes for Monday to Sunday. */
export type Weekdays = [number, number, number, number, number, number, number];

export interface WorkSchedule {
  team: { weekdays: Weekdays; paidBreakTypes: string[] };
  mine: { from: string | null; weekdays: Weekdays };
  history: { from: string; weekdays: Weekdays }[];
}

export type TimesheetStatus = 'open' | 'submitted' | 'approved' | 'returned';

export interface TimesheetEvent {
  action: 'submitted' | 'approved' | 'returned' | 'reopened';
  by: string;
  byName: string;
  at: string;
  comment: string;
}

export interface Timesheet {
  month: string;
  userId: string;
  name: string;
  team: string;
  status: TimesheetStatus;
  history: TimesheetEvent[];
  days: WorkDay[];
  worked: number;
  target: number;
  difference: number;
  locked: boolean;
}

export interface TimesheetRow {
  userId: string;
  name: string;
  month: string;
  status: TimesheetStatus;
  worked: number;
  target: number;
  difference: number;
}

export interface PeriodFields {
  date: string;
  start: string;
  end: string;
  note: string;
}
