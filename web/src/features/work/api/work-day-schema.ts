import { z } from 'zod';
import { api } from '@/lib/api-client';
import { BreakCreate, PeriodInput } from '@/lib/api-rules';
import { msg } from '@/lib/i18n';
import { isIsoDate } from '@/lib/iso-date';
import type { Schemas } from '@/lib/api-schema';

/*
 * A day's work as Break Buddy proposes it ("worked 8 to 5 with lunch at 12 to 12:45"): one period and the breaks
 * inside it. Saved as `POST /work/periods`, then `POST /break/add` for each break, on the day's date.
 */

/** The server's limits (src/lib/api-rules.ts, generated from the API document). */
export const MAX_WORK_NOTE = PeriodInput.properties.note.maxLength;
export const MAX_BREAK_TYPE = BreakCreate.properties.type.maxLength;

const TIME = new RegExp(PeriodInput.properties.start.pattern);
const time = z.string().regex(TIME, { error: msg('work.validation.time') });

export const workDayBreakSchema = z.object({
  type: z
    .string()
    .trim()
    .min(1, { error: msg('work.validation.breakType') })
    .max(MAX_BREAK_TYPE, { error: msg('work.validation.breakTypeTooLong', { max: MAX_BREAK_TYPE }) }),
  startTime: time,
  endTime: time,
});

export const workDaySchema = z.object({
  date: z.string().refine(isIsoDate, { error: msg('work.validation.date') }),
  start: time,
  end: time,
  note: z
    .string()
    .trim()
    .min(1, { error: msg('work.validation.noteRequired') })
    .max(MAX_WORK_NOTE, { error: msg('work.validation.noteTooLong', { max: MAX_WORK_NOTE }) }),
  breaks: z.array(workDayBreakSchema),
});

export type WorkDayFormValues = z.input<typeof workDaySchema>;

/** The period's body (`POST /work/periods`). */
export const toPeriodBody = (values: WorkDayFormValues): Schemas['PeriodInput'] => ({
  date: values.date,
  start: values.start,
  end: values.end,
  note: values.note.trim(),
});

/** A break's body (`POST /break/add`), on the day's date. */
export const toBreakBody = (date: string, item: WorkDayFormValues['breaks'][number]): Schemas['BreakCreate'] => ({
  type: item.type.trim(),
  startTime: item.startTime,
  endTime: item.endTime,
  createdDate: date,
});

/** What a save has already written, so that sending it again after a refusal writes only the rest. */
export interface WorkDayProgress {
  /** The period's id, once it is saved. */
  periodId?: string;
  /** The breaks saved, by their place in the form. */
  breaks: Set<number>;
}

/** A refusal of one step: which break it was (none: the period), and the server's error. */
export class WorkDayStepError extends Error {
  constructor(
    readonly breakIndex: number | undefined,
    readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/**
 * Saves the day: the period, then each break not yet saved. A refusal stops it and is thrown as a
 * {@link WorkDayStepError}; `progress` keeps what was saved, and a second call goes on from there.
 */
export async function saveWorkDay(values: WorkDayFormValues, progress: WorkDayProgress): Promise<Schemas['WorkPeriod'] | undefined> {
  let period: Schemas['WorkPeriod'] | undefined;
  if (!progress.periodId) {
    try {
      period = await api.post('/work/periods', { body: toPeriodBody(values) });
    } catch (error) {
      throw new WorkDayStepError(undefined, error);
    }
    progress.periodId = period._id;
  }
  for (const [index, item] of values.breaks.entries()) {
    if (progress.breaks.has(index)) continue;
    try {
      await api.post('/break/add', { body: toBreakBody(values.date, item) });
    } catch (error) {
      throw new WorkDayStepError(index, error);
    }
    progress.breaks.add(index);
  }
  return period;
}
