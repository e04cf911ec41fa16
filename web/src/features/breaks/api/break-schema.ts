import { z } from 'zod';
import { BreakCreate } from '@/lib/api-rules';
import { msg } from '@/lib/i18n';
import { isIsoDate } from '@/lib/iso-date';
import { breakDurationError, isTime } from '../utils/time';
import type { BreakFields } from './breaks';

/** The server's limits (src/lib/api-rules.ts, generated from the API document). */
export const MAX_BREAK_TYPE = BreakCreate.properties.type.maxLength;
export const MAX_BREAK_REASON = BreakCreate.properties.reason.maxLength;

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
