import { z } from 'zod';
import { BreakCreate } from '@/lib/api-rules';
import { isIsoDate } from '@/lib/iso-date';
import { breakDurationError, isTime } from '../utils/time';
import type { BreakFields } from './breaks';

/** The server's limits (src/lib/api-rules.ts, generated from the API document). */
export const MAX_BREAK_TYPE = BreakCreate.properties.type.maxLength;
export const MAX_BREAK_REASON = BreakCreate.properties.reason.maxLength;

/** The break rules and messages of spec §5 (and the server's wording where the spec has none). */
export const breakMessages = {
  startRequired: 'Start time is required.',
  endRequired: 'End time is required.',
  invalidTime: 'Invalid time format.',
  typeRequired: 'Break type is required.',
  typeMax: `Break type must not exceed ${MAX_BREAK_TYPE} characters.`,
  dateRequired: 'Created Date is required.',
  invalidDate: 'Invalid date format.',
  reasonMax: `Reason must not exceed ${MAX_BREAK_REASON} characters.`,
} as const;

const time = (required: string) =>
  z
    .string()
    .min(1, required)
    .refine((value) => value === '' || isTime(value), breakMessages.invalidTime);

export const breakSchema = z
  .object({
    type: z.string().trim().min(1, breakMessages.typeRequired).max(MAX_BREAK_TYPE, breakMessages.typeMax),
    createdDate: z
      .string()
      .trim()
      .min(1, breakMessages.dateRequired)
      .refine((value) => value === '' || isIsoDate(value), breakMessages.invalidDate),
    startTime: time(breakMessages.startRequired),
    endTime: time(breakMessages.endRequired),
    reason: z.string().trim().max(MAX_BREAK_REASON, breakMessages.reasonMax),
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
