import { z } from 'zod';
import { Break, BreakCreate } from '@/lib/api-rules';
import { msg } from '@/lib/i18n';
import { isIsoDate } from '@/lib/iso-date';
import { breakMinutes, endsNextDay, isTime } from '../utils/time';
import type { BreakFields } from './breaks';

/** The server's limits (src/lib/api-rules.ts, generated from the API document). */
export const MAX_BREAK_TYPE = BreakCreate.properties.type.maxLength;
export const MAX_BREAK_REASON = BreakCreate.properties.reason.maxLength;
/** The longest break the server takes (spec §9): a break's duration at most, in minutes. */
export const MAX_BREAK_MINUTES = Break.properties.duration.maximum;

/**
 * The break rules and messages of spec §5 (and the server's wording where the spec has none): each message is read
 * when a value is checked, in the language of that moment (`breakMessages.typeRequired()`).
 */
export const breakMessages = {
  startRequired: msg('breaks.validation.startRequired'),
  endRequired: msg('breaks.validation.endRequired'),
  invalidTime: msg('breaks.validation.invalidTime'),
  typeRequired: msg('breaks.validation.typeRequired'),
  typeMax: msg('breaks.validation.typeMax', { max: MAX_BREAK_TYPE }),
  dateRequired: msg('breaks.validation.dateRequired'),
  invalidDate: msg('breaks.validation.invalidDate'),
  reasonMax: msg('breaks.validation.reasonMax', { max: MAX_BREAK_REASON }),
} as const;

/** The duration messages, each read in the language of the moment it is called. */
export const durationMessages = {
  zero: msg('breaks.validation.durationZero'),
  tooLong: msg('breaks.validation.durationTooLong'),
  tooLongNextDay: msg('breaks.validation.durationTooLongNextDay'),
} as const;

/** The duration rules of spec §5, or undefined when the two times make a valid break (or are not both set). */
export function breakDurationError(startTime: string, endTime: string): string | undefined {
  const minutes = breakMinutes(startTime, endTime);
  if (minutes === undefined) return undefined;
  if (minutes === 0) return durationMessages.zero();
  if (minutes > MAX_BREAK_MINUTES) return endsNextDay(startTime, endTime) ? durationMessages.tooLongNextDay() : durationMessages.tooLong();
  return undefined;
}

const time = (required: () => string) =>
  z
    .string()
    .min(1, { error: required })
    .refine((value) => value === '' || isTime(value), { error: breakMessages.invalidTime });

export const breakSchema = z
  .object({
    type: z.string().trim().min(1, { error: breakMessages.typeRequired }).max(MAX_BREAK_TYPE, { error: breakMessages.typeMax }),
    createdDate: z
      .string()
      .trim()
      .min(1, { error: breakMessages.dateRequired })
      .refine((value) => value === '' || isIsoDate(value), { error: breakMessages.invalidDate }),
    startTime: time(breakMessages.startRequired),
    endTime: time(breakMessages.endRequired),
    reason: z.string().trim().max(MAX_BREAK_REASON, { error: breakMessages.reasonMax }),
  })
  .superRefine((values, ctx) => {
    const message = breakDurationError(values.startTime, values.endTime);
    if (message) ctx.addIssue({ code: 'custom', path: ['duration'], message });
  });

export type BreakFormValues = z.input<typeof breakSchema>;

/**
 * The body of the add and edit calls: the fields the document lists, no more (the server works out the duration, and
 * a break added by hand is closed and not from the modal flow).
 */
export function toBreakFields(values: BreakFormValues): BreakFields {
  return {
    startTime: values.startTime,
    endTime: values.endTime,
    createdDate: values.createdDate.trim(),
    type: values.type.trim(),
    reason: values.reason.trim(),
  };
}
