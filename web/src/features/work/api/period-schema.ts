import { z } from 'zod';
import { msg } from '@/lib/i18n';
import { isIsoDate } from '@/lib/iso-date';

/** A period's note: required, at most 500 characters (the contract's limit). */
export const MAX_PERIOD_NOTE = 500;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const periodSchema = z.object({
  date: z.string().refine(isIsoDate, { error: msg('work.validation.date') }),
  start: z.string().regex(TIME, { error: msg('work.validation.time') }),
  end: z.string().regex(TIME, { error: msg('work.validation.time') }),
  note: z
    .string()
    .trim()
    .min(1, { error: msg('work.validation.noteRequired') })
    .max(MAX_PERIOD_NOTE, { error: msg('work.validation.noteTooLong', { max: MAX_PERIOD_NOTE }) }),
});

export type PeriodFormValues = z.infer<typeof periodSchema>;

/** A required comment (returning a month, reopening it). */
export const commentSchema = (required: boolean) =>
  z.object({
    comment: required
      ? z
          .string()
          .trim()
          .min(1, { error: msg('work.validation.commentRequired') })
      : z.string().trim(),
  });
