import { z } from 'zod';
import { AllowanceInput } from '@/lib/api-rules';
import type { LeaveSettings, LeaveSettingsInput } from './types';

/** The server's limit for an allowance (src/lib/api-rules.ts, generated from the API document). */
export const MAX_ALLOWANCE_DAYS = AllowanceInput.properties.days.maximum;

/** The server's wording where it has one (`BAD_DAYS`), so both sides say the same. */
export const leaveSettingsMessages = {
  allowanceRequired: 'Default allowance is required.',
  capRequired: 'Carry-over cap is required.',
  daysRequired: 'Days are required.',
  days: `Days must be a number of days from 0 to ${MAX_ALLOWANCE_DAYS}, in half days.`,
  workWeek: 'Choose at least one working day.',
  saveFailed: 'The leave settings could not be saved. Please try again later.',
  allowanceFailed: 'The allowance could not be saved. Please try again later.',
} as const;

/** ISO day numbers with their short and full names, Monday first. */
export const weekDays: readonly { day: number; short: string; name: string }[] = [
  { day: 1, short: 'Mon', name: 'Monday' },
  { day: 2, short: 'Tue', name: 'Tuesday' },
  { day: 3, short: 'Wed', name: 'Wednesday' },
  { day: 4, short: 'Thu', name: 'Thursday' },
  { day: 5, short: 'Fri', name: 'Friday' },
  { day: 6, short: 'Sat', name: 'Saturday' },
  { day: 7, short: 'Sun', name: 'Sunday' },
];

/** A whole or half number of days from 0 to 366, as typed ('12.5'). */
export const isHalfDays = (text: string) => {
  const trimmed = text.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return false;
  const value = Number(trimmed);
  return value >= 0 && value <= MAX_ALLOWANCE_DAYS && Number.isInteger(value * 2);
};

export const daysField = (required: string) => z.string().trim().min(1, required).refine(isHalfDays, leaveSettingsMessages.days);

export const leaveSettingsSchema = z.object({
  defaultAllowance: daysField(leaveSettingsMessages.allowanceRequired),
  carryOverCap: daysField(leaveSettingsMessages.capRequired),
  allowNegative: z.boolean(),
  workWeek: z.array(z.number().int().min(1).max(7)).min(1, leaveSettingsMessages.workWeek),
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
export const allowanceSchema = z.object({ days: daysField(leaveSettingsMessages.daysRequired) });

export type AllowanceFormValues = z.input<typeof allowanceSchema>;
