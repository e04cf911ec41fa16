import { z } from 'zod';
import { AllowanceInput } from '@/lib/api-rules';
import { dateFormat, weekStartsOn } from '@/lib/format';
import { msg } from '@/lib/i18n';
import type { LeaveSettings, LeaveSettingsInput } from './types';

/** The server's limit for an allowance (src/lib/api-rules.ts, generated from the API document). */
export const MAX_ALLOWANCE_DAYS = AllowanceInput.properties.days.maximum;

/** ISO day numbers (1 Monday … 7 Sunday) with their short and full names in the person's language, from the first day of their week. */
export function weekDays(): { day: number; short: string; name: string }[] {
  const short = dateFormat({ weekday: 'short' });
  const long = dateFormat({ weekday: 'long' });
  const first = weekStartsOn() === 0 ? 7 : 1;
  return Array.from({ length: 7 }, (_, index) => {
    const day = ((first - 1 + index) % 7) + 1;
    // 1 January 2024 was a Monday.
    const date = new Date(Date.UTC(2024, 0, day));
    return { day, short: short.format(date), name: long.format(date) };
  });
}

/** A whole or half number of days from 0 to 366, as typed ('12.5'). */
export const isHalfDays = (text: string) => {
  const trimmed = text.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return false;
  const value = Number(trimmed);
  return value >= 0 && value <= MAX_ALLOWANCE_DAYS && Number.isInteger(value * 2);
};

/** The server's wording where it has one (`BAD_DAYS`), so both sides say the same; read when the check runs. */
export const daysField = (requiredKey: string) =>
  z
    .string()
    .trim()
    .min(1, { error: msg(requiredKey) })
    .refine(isHalfDays, { error: msg('leaves.validation.days', { max: MAX_ALLOWANCE_DAYS }) });

export const leaveSettingsSchema = z.object({
  defaultAllowance: daysField('leaves.validation.allowanceRequired'),
  carryOverCap: daysField('leaves.validation.capRequired'),
  allowNegative: z.boolean(),
  workWeek: z.array(z.number().int().min(1).max(7)).min(1, { error: msg('leaves.validation.workWeek') }),
});

export type LeaveSettingsFormValues = z.input<typeof leaveSettingsSchema>;

export const leaveSettingsFormValues = (settings: LeaveSettings): LeaveSettingsFormValues => ({
  defaultAllowance: String(settings.defaultAllowance),
  carryOverCap: String(settings.carryOverCap),
  allowNegative: settings.allowNegative,
  workWeek: [...settings.workWeek].sort((a, b) => a - b),
});

/** The whole settings, the work week in day order without repeats. */
export const toLeaveSettingsBody = (values: LeaveSettingsFormValues): Required<{ [K in keyof LeaveSettingsInput]: NonNullable<LeaveSettingsInput[K]> }> => ({
  defaultAllowance: Number(values.defaultAllowance.trim()),
  carryOverCap: Number(values.carryOverCap.trim()),
  allowNegative: values.allowNegative,
  workWeek: [...new Set(values.workWeek)].sort((a, b) => a - b),
});

/** The allowance dialog's one field. */
export const allowanceSchema = z.object({ days: daysField('leaves.validation.daysRequired') });

export type AllowanceFormValues = z.input<typeof allowanceSchema>;
