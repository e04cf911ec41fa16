import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as rules from '@/lib/api-rules';
import { resetPasswordSchema, signInSchema, signUpSchema } from '@/features/auth/api/schemas';
import { breakSchema, toBreakFields } from '@/features/breaks/api/break-schema';
import { contactSchema } from '@/features/contact/api/send-contact';
import { declineSchema } from '@/features/leaves/components/decline-dialog';
import { leaveSchema, toLeaveFields } from '@/features/leaves/api/leave-schema';
import { allowanceSchema, leaveSettingsSchema, toLeaveSettingsBody } from '@/features/leaves/api/leave-settings-schema';
import { leaveTypeSchema, toLeaveTypeBody } from '@/features/leaves/api/leave-type-schema';
import { meetingSchema, toMeetingBody } from '@/features/meetings/api/meetings';
import { notificationSettingsSchema } from '@/features/notifications/components/notifications-form';
import { subscriptionBody } from '@/features/notifications/hooks/use-push-device';
import { emailSchema } from '@/features/settings/components/email-form';
import { passwordSchema } from '@/features/settings/components/password-form';
import { profileSchema } from '@/features/settings/components/profile-form';
import { taskSchema, toTaskFields } from '@/features/tasks/api/task-schema';
import { inviteSchema } from '@/features/team/components/invite-member-form';
import { toWebhookBody, webhookSchema } from '@/features/webhooks/api/webhook-schema';
import { commentSchema, overtimeSchema, periodSchema, toOvertimeBody } from '@/features/work/api/period-schema';
import { toBreakBody, toPeriodBody, workDayBreakSchema, workDaySchema } from '@/features/work/api/work-day-schema';

/*
 * The forms' rules against the API document's (src/lib/api-rules.ts, generated from it and kept fresh by
 * `gen-api-types.mjs --check`): every limit the document sets on a request body's field (maxLength, minLength,
 * maximum, minimum, maxItems, minItems) is the form's too, a pattern both have is the same, an enum both have offers
 * nothing the document lacks, and every field of the form is one of the body's (or named here as the form's own).
 * The form may add rules the document does not state (a name of 3 to 60 characters at sign-up).
 * The document carries no field messages (a 422's `errors` are free text), so the messages are not compared.
 *
 * And the bodies the forms build hold only what the document lists for the calls they go to: nothing the server
 * would ignore (a break's `duration`, `isClosed`, `isModal` once were).
 */

type Schema = Record<string, unknown>;

interface FormRules {
  /** The form's zod schema. */
  form: z.ZodType;
  /** The request body it fills (the add call's, where an edit's is laxer). */
  body: keyof typeof rules;
  /** Fields of the form that are not sent (a confirmation, a choice kept on the device). */
  local?: readonly string[];
  /** Rules the form deliberately sets otherwise, by field and keyword, and why. */
  otherwise?: Readonly<Record<string, string>>;
}

const FORMS: Record<string, FormRules> = {
  break: { form: breakSchema, body: 'BreakCreate' },
  task: { form: taskSchema, body: 'TaskCreate' },
  leave: { form: leaveSchema, body: 'LeaveCreate' },
  meeting: {
    form: meetingSchema,
    body: 'MeetingCreate',
    otherwise: { 'attendees.maxItems': 'the picker lists the team; a team of more than 50 gets the server’s answer' },
  },
  contact: { form: contactSchema, body: 'ContactInput' },
  'leave type': { form: leaveTypeSchema([]), body: 'LeaveTypeInput' },
  'leave settings': {
    form: leaveSettingsSchema,
    body: 'LeaveSettingsInput',
    otherwise: { 'workWeek[].minimum': 'ISO day numbers start at 1; the document only says they are unsigned' },
  },
  allowance: {
    form: allowanceSchema,
    body: 'AllowanceInput',
    otherwise: {
      'days.minimum': 'typed as text; isHalfDays checks 0 to MAX_ALLOWANCE_DAYS, the document’s own figures',
      'days.maximum': 'typed as text; isHalfDays checks 0 to MAX_ALLOWANCE_DAYS, the document’s own figures',
    },
  },
  'leave decline': { form: declineSchema, body: 'DecisionInput' },
  webhook: { form: webhookSchema, body: 'WebhookInput' },
  notifications: {
    form: notificationSettingsSchema,
    body: 'NotificationSettings',
    otherwise: {
      // One schema serves both reminders in the document; the server checks each one's own range.
      'breakReminder.minutes.minimum': 'a break reminder comes after 5 to 480 minutes',
      'meetingReminder.minutes.maximum': 'a meeting reminder comes 1 to 240 minutes before',
    },
  },
  'sign in': { form: signInSchema, body: 'Credentials', local: ['rememberMe'] },
  'sign up': { form: signUpSchema, body: 'SignUpInput' },
  'reset password': { form: resetPasswordSchema, body: 'ResetPasswordInput', local: ['confirmPassword'] },
  profile: { form: profileSchema, body: 'ProfileInput' },
  'change email': { form: emailSchema, body: 'ChangeEmailInput' },
  'change password': { form: passwordSchema(true), body: 'ChangePasswordInput', local: ['confirmPassword'] },
  invite: { form: inviteSchema, body: 'InviteInput' },
  'work period': { form: periodSchema, body: 'PeriodInput' },
  'timesheet return': { form: commentSchema(true), body: 'TimesheetDecision' },
  'timesheet approval': { form: commentSchema(false), body: 'TimesheetDecision' },
  'overtime balance': { form: overtimeSchema, body: 'OvertimeInput' },
  // Break Buddy's work day: the period goes to POST /work/periods; its breaks each to POST /break/add (next entry).
  'work day (period)': { form: workDaySchema, body: 'PeriodInput', local: ['breaks'] },
  'work day (a break)': { form: workDayBreakSchema, body: 'BreakCreate' },
};

/*
 * Forms without a zod schema, and why:
 * - the work schedules (team and member, src/features/work/components/schedule-section.tsx): seven hour fields read by
 *   `readWeekdays` into the document's seven weekday minutes (min/maxItems 7), each 0 to 1440 as the contract says
 *   (the document sets no per-item limit); the paid break types are ticked from the team's list.
 */

const LIMITS = ['maxLength', 'minLength', 'maximum', 'minimum', 'maxItems', 'minItems'] as const;

/** A schema of the document with its `$ref` (or single `allOf`) followed. */
function resolved(schema: Schema): Schema {
  if (typeof schema['$ref'] === 'string') return resolved(rules[schema['$ref'] as keyof typeof rules] as Schema);
  const allOf = schema['allOf'];
  if (Array.isArray(allOf) && allOf.length === 1) return resolved(allOf[0] as Schema);
  return schema;
}

/** Where a form's JSON Schema and the document's disagree, one line each. */
function differences(form: Schema, documented: Schema, at: string, rulesOf: FormRules): string[] {
  const doc = resolved(documented);
  const found: string[] = [];
  const where = (key: string) => (at ? `${at}.${key}` : key);
  for (const key of LIMITS) {
    if (doc[key] === undefined || form[key] === doc[key] || (rulesOf.otherwise && where(key) in rulesOf.otherwise)) continue;
    found.push(`${where(key)}: ${String(form[key] ?? 'none')} in the form, ${String(doc[key])} in the document`);
  }
  if (typeof form['pattern'] === 'string' && typeof doc['pattern'] === 'string' && form['pattern'] !== doc['pattern']) {
    found.push(`${where('pattern')}: ${form['pattern']} in the form, ${doc['pattern']} in the document`);
  }
  if (Array.isArray(form['enum']) && Array.isArray(doc['enum'])) {
    const extra = form['enum'].filter((value) => !(doc['enum'] as unknown[]).includes(value));
    if (extra.length > 0) found.push(`${where('enum')}: ${JSON.stringify(extra)} are not in the document`);
  }
  const properties = (form['properties'] ?? {}) as Record<string, Schema>;
  const documentedProperties = (doc['properties'] ?? {}) as Record<string, Schema>;
  for (const [name, value] of Object.entries(properties)) {
    const path = at ? `${at}.${name}` : name;
    const counterpart = documentedProperties[name];
    if (counterpart) found.push(...differences(value, counterpart, path, rulesOf));
    else if (!rulesOf.local?.includes(path)) found.push(`${path}: not a field of the document's ${rulesOf.body}`);
  }
  if (form['items'] && doc['items']) found.push(...differences(form['items'] as Schema, doc['items'] as Schema, `${at}[]`, rulesOf));
  return found;
}

const jsonSchemaOf = (form: z.ZodType) => z.toJSONSchema(form, { io: 'input', unrepresentable: 'any' }) as Schema;

describe('the forms’ rules', () => {
  it.each(Object.entries(FORMS))('%s: the document’s limits, patterns and fields', (_name, rulesOf) => {
    expect(differences(jsonSchemaOf(rulesOf.form), rules[rulesOf.body] as Schema, '', rulesOf)).toEqual([]);
  });

  it.each(Object.entries(FORMS).filter(([, rulesOf]) => rulesOf.otherwise))('%s: each rule set otherwise still differs', (_name, rulesOf) => {
    const all = differences(jsonSchemaOf(rulesOf.form), rules[rulesOf.body] as Schema, '', { ...rulesOf, otherwise: undefined });
    for (const rule of Object.keys(rulesOf.otherwise ?? {}))
      expect(
        all.some((line) => line.startsWith(`${rule}:`)),
        rule,
      ).toBe(true);
  });

  it('tell a form that drifted from the document', () => {
    const drifted = z.object({ title: z.string().max(100), description: z.string().min(1).max(4000), colour: z.string() });
    expect(differences(jsonSchemaOf(drifted), rules.TaskCreate, '', { form: drifted, body: 'TaskCreate' })).toEqual([
      'title.maxLength: 100 in the form, 200 in the document',
      'title.minLength: none in the form, 1 in the document',
      "colour: not a field of the document's TaskCreate",
    ]);
  });
});

/** The keys of a body (nested ones as `a.b`, array items as `a[].b`) that its schema in the document does not list. */
function unlisted(value: unknown, documented: Schema, at = ''): string[] {
  const doc = resolved(documented);
  if (Array.isArray(value)) return doc['items'] ? value.flatMap((item) => unlisted(item, doc['items'] as Schema, `${at}[]`)) : [];
  if (!value || typeof value !== 'object') return [];
  const properties = (doc['properties'] ?? {}) as Record<string, Schema>;
  return Object.entries(value).flatMap(([key, item]) => {
    const path = at ? `${at}.${key}` : key;
    const counterpart = properties[key];
    return counterpart ? unlisted(item, counterpart, path) : [path];
  });
}

const today = '2031-03-03';
const parsed = <T extends z.ZodType>(form: T, values: z.input<T>) => form.parse(values);

/** Each body a form or a call builds, from valid input, and the document's calls it goes to. */
const BODIES: [name: string, body: unknown, calls: (keyof typeof rules.requestBodies)[]][] = [
  [
    'break',
    toBreakFields(parsed(breakSchema, { type: 'Walk', createdDate: today, startTime: '10:00', endTime: '10:30', reason: ' air ' })),
    ['POST /break/add', 'PUT /break/edit/{id}'],
  ],
  [
    'task',
    toTaskFields(parsed(taskSchema, { title: 'Renew', description: 'The certificate', scheduled: today, status: 'To Do', priority: 'High' })),
    ['POST /task/add', 'PUT /task/edit/{id}'],
  ],
  [
    'leave, one half day',
    toLeaveFields(parsed(leaveSchema, { fromDate: today, toDate: today, reason: 'Dentist', typeId: '01HZX3Y8Q2W5E7R9T1V3B5N7M9', halfDay: 'am' })),
    ['POST /leaves/add', 'PUT /leaves/edit/{id}'],
  ],
  [
    'meeting',
    toMeetingBody(
      parsed(meetingSchema, { scheduleDate: today, from: '09:00', to: '09:30', description: 'Plan', title: 'Sync', place: 'Room 4', attendees: ['u2'] }),
    ),
    ['POST /meeting/add', 'PUT /meeting/edit/{id}'],
  ],
  ['contact', parsed(contactSchema, { email: 'a@b.co', subject: 'Hello', description: 'A question', website: '' }), ['POST /contactUs/send']],
  [
    'leave type',
    toLeaveTypeBody(parsed(leaveTypeSchema([]), { name: 'Sick', color: '#22C55E', paid: true, countsAgainstAllowance: false, needsApproval: true })),
    ['POST /leaves/types', 'PUT /leaves/types/{id}'],
  ],
  [
    'leave settings',
    toLeaveSettingsBody(parsed(leaveSettingsSchema, { defaultAllowance: '25', carryOverCap: '5.5', allowNegative: false, workWeek: [5, 1, 2, 3, 4] })),
    ['PUT /leaves/settings'],
  ],
  [
    'webhook with the daily post',
    toWebhookBody(parsed(webhookSchema, { url: 'https://hooks.example.com/x', format: 'generic', events: ['daily.absences'], dailyAt: '09:00' })),
    ['POST /admin/webhooks'],
  ],
  [
    'notification settings, whatever else the answer they were read from held',
    parsed(notificationSettingsSchema, {
      breakReminder: { enabled: true, minutes: 60, push: true, email: false },
      meetingReminder: { enabled: true, minutes: 10, push: true, email: false },
      dailyAgenda: { enabled: false, time: '08:30', push: true, email: false },
      leaveRequested: { enabled: true, push: true, email: true },
      leaveDecided: { enabled: true, push: true, email: true },
      breakGuard: { enabled: true, push: true, email: true },
      meetingInvitation: { enabled: true, push: true, email: true },
      quietHours: { enabled: false, from: '22:00', to: '07:00' },
      updatedAt: '2031-03-03T09:00:00Z',
    } as z.input<typeof notificationSettingsSchema>),
    ['PUT /notifications/settings'],
  ],
  [
    'push subscription (the browser’s toJSON adds expirationTime)',
    subscriptionBody({
      endpoint: 'https://push.example.com/1',
      toJSON: () => ({ endpoint: 'https://push.example.com/1', expirationTime: null, keys: { p256dh: 'p', auth: 'a' } }),
    } as unknown as PushSubscription),
    ['POST /notifications/subscriptions'],
  ],
  [
    'overtime balance change',
    toOvertimeBody('01HZX3Y8Q2W5E7R9T1V3B5N7M9', parsed(overtimeSchema, { minutes: '-1:30', note: 'Paid out' })),
    ['PUT /work/balance/carry-over', 'POST /work/balance/adjustments'],
  ],
  [
    'work day, its period',
    toPeriodBody(parsed(workDaySchema, { date: today, start: '08:00', end: '17:00', note: 'Entered with Break Buddy', breaks: [] })),
    ['POST /work/periods'],
  ],
  ['work day, a break', toBreakBody(today, parsed(workDayBreakSchema, { type: 'Lunch Break', startTime: '12:00', endTime: '12:45' })), ['POST /break/add']],
  [
    'work period',
    parsed(periodSchema, { date: today, start: '08:00', end: '17:00', note: 'Forgot to clock in' }),
    ['POST /work/periods', 'PUT /work/periods/{id}'],
  ],
];

describe('the bodies sent', () => {
  it.each(BODIES)('%s: only what the document lists', (_name, body, calls) => {
    for (const call of calls) expect(unlisted(body, rules[rules.requestBodies[call]] as Schema), call).toEqual([]);
  });

  it('tell a key the document does not list', () => {
    const before = { startTime: '10:00', endTime: '10:30', createdDate: today, type: 'Walk', reason: '', duration: 30, isClosed: true, isModal: false };
    expect(unlisted(before, rules.BreakCreate)).toEqual(['duration', 'isClosed', 'isModal']);
    expect(unlisted({ breakReminder: { minutes: 5, sound: true } }, rules.NotificationSettings)).toEqual(['breakReminder.sound']);
  });
});
