import { z } from 'zod';
import { LeaveCreate } from '@/lib/api-rules';
import { msg, t } from '@/lib/i18n';
import { daysBetweenIso, isIsoDate } from '@/lib/iso-date';
import { leaveDays } from '../utils/days';
import type { LeaveFields } from './types';

/** The server's limit (src/lib/api-rules.ts, generated from the API document). */
export const MAX_LEAVE_REASON = LeaveCreate.properties.reason.maxLength;
export const MAX_LEAVE_DAYS = 366;

/** Spec §5 (leave), with the server's wording for the limits; read when the check runs, in the language of that moment. */
const date = (requiredKey: string) =>
  z
    .string()
    .trim()
    .min(1, { error: msg(requiredKey) })
    .refine((value) => value === '' || isIsoDate(value), { error: msg('leaves.validation.invalidDate') });

export const leaveSchema = z
  .object({
    fromDate: date('leaves.validation.fromRequired'),
    toDate: date('leaves.validation.toRequired'),
    reason: z
      .string()
      .trim()
      .min(1, { error: msg('leaves.validation.reasonRequired') })
      .max(MAX_LEAVE_REASON, { error: msg('leaves.validation.reasonMax', { max: MAX_LEAVE_REASON }) }),
    /** Empty when the types could not be loaded: the server then gives the team's default type. */
    typeId: z.string(),
    /** `am` or `pm` for half of a one-day leave, empty for a whole day (the dialog offers it for one day only). */
    halfDay: z.enum(['', 'am', 'pm']),
  })
  .superRefine(({ fromDate, toDate }, ctx) => {
    const between = daysBetweenIso(fromDate, toDate);
    if (between === undefined) return;
    if (between < 0) ctx.addIssue({ code: 'custom', path: ['toDate'], message: t('leaves.validation.order') });
    else if (between + 1 > MAX_LEAVE_DAYS) ctx.addIssue({ code: 'custom', path: ['toDate'], message: t('leaves.validation.tooLong', { max: MAX_LEAVE_DAYS }) });
  });

export type LeaveFormValues = z.input<typeof leaveSchema>;

/** A one-day leave: the only kind that can be a half day. */
export const isOneDay = (fromDate: string, toDate: string) => isIsoDate(fromDate.trim()) && fromDate.trim() === toDate.trim();

/**
 * The body of the add and edit calls. `halfDay` is always sent (`''` for a whole day) so an edit back to a whole day
 * is not read as "keep the half day".
 */
export const toLeaveFields = (values: LeaveFormValues): LeaveFields => ({
  fromDate: values.fromDate.trim(),
  toDate: values.toDate.trim(),
  reason: values.reason.trim(),
  days: leaveDays(values.fromDate.trim(), values.toDate.trim()) ?? 1,
  ...(values.typeId ? { typeId: values.typeId } : {}),
  halfDay: isOneDay(values.fromDate, values.toDate) ? (values.halfDay ?? '') : '',
});
