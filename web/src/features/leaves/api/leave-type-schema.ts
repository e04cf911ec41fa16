import { z } from 'zod';
import { LeaveTypeInput } from '@/lib/api-rules';
import { msg } from '@/lib/i18n';
import type { LeaveType, LeaveTypeCreate } from './types';

/** The server's rules (src/lib/api-rules.ts, generated from the API document). */
export const MAX_LEAVE_TYPE_NAME = LeaveTypeInput.properties.name.maxLength;
const COLOR = new RegExp(LeaveTypeInput.properties.color.pattern);
export const DEFAULT_LEAVE_TYPE_COLOR = '#2563eb';

/** The type form's rules; `otherNames` are the team's other types, whose names this one may not repeat. */
export const leaveTypeSchema = (otherNames: readonly string[]) => {
  const taken = new Set(otherNames.map((name) => name.trim().toLowerCase()));
  return z.object({
    name: z
      .string()
      .trim()
      .min(1, { error: msg('leaves.validation.nameRequired') })
      .max(MAX_LEAVE_TYPE_NAME, { error: msg('leaves.validation.nameMax', { max: MAX_LEAVE_TYPE_NAME }) })
      .refine((name) => !taken.has(name.toLowerCase()), { error: msg('leaves.validation.nameTaken') }),
    color: z
      .string()
      .trim()
      .regex(COLOR, { error: msg('leaves.validation.color') }),
    paid: z.boolean(),
    countsAgainstAllowance: z.boolean(),
    needsApproval: z.boolean(),
  });
};

export type LeaveTypeFormValues = z.input<ReturnType<typeof leaveTypeSchema>>;

/** The form's starting values: the edited type's, or a new type's (paid, needs approval, not counted). */
export const leaveTypeFormValues = (type?: LeaveType): LeaveTypeFormValues => ({
  name: type?.name ?? '',
  color: type?.color ?? DEFAULT_LEAVE_TYPE_COLOR,
  paid: type?.paid ?? true,
  countsAgainstAllowance: type?.countsAgainstAllowance ?? false,
  needsApproval: type?.needsApproval ?? true,
});

/** The body of the create (and, the same fields, the update) call. */
export const toLeaveTypeBody = (values: LeaveTypeFormValues): LeaveTypeCreate & { name: string; color: string } => ({
  name: values.name.trim(),
  color: values.color.trim().toLowerCase(),
  paid: values.paid,
  countsAgainstAllowance: values.countsAgainstAllowance,
  needsApproval: values.needsApproval,
});
