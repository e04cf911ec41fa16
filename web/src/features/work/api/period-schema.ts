import { z } from 'zod';
import { OvertimeInput, PeriodInput, TimesheetDecision } from '@/lib/api-rules';
import { msg } from '@/lib/i18n';
import { isIsoDate } from '@/lib/iso-date';
import { parseSignedHours } from '../utils/dates';

/** The server's limits (src/lib/api-rules.ts, generated from the API document). */
export const MAX_PERIOD_NOTE = PeriodInput.properties.note.maxLength;
export const MAX_COMMENT = TimesheetDecision.properties.comment.maxLength;
export const MAX_OVERTIME_NOTE = OvertimeInput.properties.note.maxLength;

const TIME = new RegExp(PeriodInput.properties.start.pattern);

const note = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: msg('work.validation.noteRequired') })
    .max(max, { error: msg('work.validation.noteTooLong', { max }) });

export const periodSchema = z.object({
  date: z.string().refine(isIsoDate, { error: msg('work.validation.date') }),
  start: z.string().regex(TIME, { error: msg('work.validation.time') }),
  end: z.string().regex(TIME, { error: msg('work.validation.time') }),
  note: note(MAX_PERIOD_NOTE),
});

export type PeriodFormValues = z.infer<typeof periodSchema>;

/** A comment (returning a month, reopening it: required) or a period's deletion note. */
export const commentSchema = (required: boolean) =>
  z.object({
    comment: required
      ? z
          .string()
          .trim()
          .min(1, { error: msg('work.validation.commentRequired') })
          .max(MAX_COMMENT, { error: msg('work.validation.commentTooLong', { max: MAX_COMMENT }) })
      : z
          .string()
          .trim()
          .max(MAX_COMMENT, { error: msg('work.validation.commentTooLong', { max: MAX_COMMENT }) }),
  });

/**
 * An approver's change of a member's overtime balance (the carried-over value, an adjustment): hours as `+1:30` or
 * `-0:45` (minutes to the server), and the note the server requires.
 */
export const overtimeSchema = z.object({
  minutes: z.string().refine((value) => parseSignedHours(value) !== undefined, { error: msg('work.validation.signedHours') }),
  note: note(MAX_OVERTIME_NOTE),
});

export type OvertimeFormValues = z.input<typeof overtimeSchema>;

/** The body of `PUT /work/balance/carry-over` and `POST /work/balance/adjustments`. */
export const toOvertimeBody = (userId: string, values: OvertimeFormValues) => ({
  userId,
  minutes: parseSignedHours(values.minutes) ?? 0,
  note: values.note.trim(),
});
