// GENERATED FILE, DO NOT EDIT: the request bodies of the HTTP API and the rules the server checks on them (and of a
// few answers the web reads rules of).
// From: the OpenAPI 3.0.3 document "Breaktime API" 1.0.0, read from standard input.
// By: `node web/scripts/gen-api-types.mjs -` (`make api`, or `npm run gen:api` in web/); `npm run check:api` fails when this file is stale.
// The forms take their limits from these; the contract tests compare the forms' rules and bodies with them.

/** Which schema each call's JSON body is, by `METHOD /path` of the document. */
export const requestBodies = {
  'DELETE /notifications/subscriptions': 'EndpointBody',
  'DELETE /user/delete-account': 'PasswordInput',
  'DELETE /work/periods/{id}': 'DeletePeriodInput',
  'POST /admin/accept-email-invitation': 'AcceptInvitationInput',
  'POST /admin/invitation-preview': 'AcceptInvitationInput',
  'POST /admin/invite': 'InviteInput',
  'POST /admin/webhooks': 'WebhookInput',
  'POST /assistant/ask': 'AskInput',
  'POST /auth/login': 'Credentials',
  'POST /auth/logout': 'RefreshInput',
  'POST /auth/refresh-token': 'RefreshInput',
  'POST /break/add': 'BreakCreate',
  'POST /break/end': 'EndBreakInput',
  'POST /break/start': 'LiveBreakInput',
  'POST /calendar/feeds': 'FeedInput',
  'POST /contactUs/send': 'ContactInput',
  'POST /daily-checklist/add': 'ChecklistCreate',
  'POST /dev/scheduler/run': 'SchedulerRun',
  'POST /leaves/add': 'LeaveCreate',
  'POST /leaves/approve/{id}': 'DecisionInput',
  'POST /leaves/decline/{id}': 'DecisionInput',
  'POST /leaves/types': 'LeaveTypeInput',
  'POST /meeting/add': 'MeetingCreate',
  'POST /meeting/respond/{id}': 'MeetingAnswerInput',
  'POST /notifications/subscriptions': 'PushSubscription',
  'POST /task/add': 'TaskCreate',
  'POST /timesheets/{month}/approve': 'TimesheetDecision',
  'POST /timesheets/{month}/reopen': 'TimesheetDecision',
  'POST /timesheets/{month}/return': 'TimesheetDecision',
  'POST /user/change-email': 'ChangeEmailInput',
  'POST /user/change-password': 'ChangePasswordInput',
  'POST /user/forgot-password': 'EmailInput',
  'POST /user/resend-verification': 'EmailInput',
  'POST /user/reset-password': 'ResetPasswordInput',
  'POST /user/signup': 'SignUpInput',
  'POST /user/tokens': 'ApiTokenInput',
  'POST /user/verify-email': 'TokenInput',
  'POST /user/verify-new-email': 'TokenInput',
  'POST /work/balance/adjustments': 'OvertimeInput',
  'POST /work/end': 'EndWorkInput',
  'POST /work/periods': 'PeriodInput',
  'POST /work/start': 'StartWorkInput',
  'PUT /admin/allowance/{userId}': 'AllowanceInput',
  'PUT /admin/role/{userId}': 'RoleInput',
  'PUT /admin/sso': 'SsoInput',
  'PUT /admin/start-dates/{userId}': 'StartDateInput',
  'PUT /admin/team': 'TeamInput',
  'PUT /admin/work-schedule/{userId}': 'MemberScheduleInput',
  'PUT /break/edit/{id}': 'BreakInput',
  'PUT /daily-checklist/edit/{id}': 'ChecklistInput',
  'PUT /leaves/edit/{id}': 'LeaveInput',
  'PUT /leaves/settings': 'LeaveSettingsInput',
  'PUT /leaves/types/{id}': 'LeaveTypeInput',
  'PUT /meeting/edit/{id}': 'MeetingInput',
  'PUT /notifications/settings': 'NotificationSettings',
  'PUT /task/edit/{id}': 'TaskInput',
  'PUT /team/holidays': 'HolidaysInput',
  'PUT /type/edit': 'BreakTypesInput',
  'PUT /user/profile': 'ProfileInput',
  'PUT /work/balance/carry-over': 'OvertimeInput',
  'PUT /work/findings/{date}/{rule}': 'NoteInput',
  'PUT /work/periods/{id}': 'PeriodInput',
  'PUT /work/rules': 'RuleSetInput',
  'PUT /work/schedule': 'ScheduleInput',
} as const;

/** The body of `POST /admin/accept-email-invitation`, `POST /admin/invitation-preview`. */
export const AcceptInvitationInput = { type: 'object', required: ['token'], properties: { timeZone: { type: 'string' }, token: { type: 'string' } } } as const;

/** The body of `PUT /admin/allowance/{userId}`. */
export const AllowanceInput = {
  type: 'object',
  required: ['year', 'days'],
  properties: {
    days: { type: 'number', format: 'double', nullable: true, minimum: 0, maximum: 366 },
    year: { type: 'integer', format: 'int32', nullable: true, minimum: 1900, maximum: 2999 },
  },
} as const;

/** The body of `POST /user/tokens`. */
export const ApiTokenInput = {
  type: 'object',
  required: ['name', 'scope'],
  properties: {
    expiresInDays: { type: 'integer', format: 'int64', minimum: 1, maximum: 365 },
    name: { type: 'string', minLength: 1, maxLength: 60, pattern: '\\S' },
    scope: { $ref: 'TokenScope' },
  },
} as const;

/** The body of `POST /assistant/ask`. */
export const AskInput = { type: 'object', required: ['message'], properties: { message: { type: 'string', maxLength: 1000 } } } as const;

/** An answer whose rules the web reads. */
export const Break = {
  type: 'object',
  additionalProperties: false,
  required: ['_id', 'userId', 'startTime', 'endTime', 'duration', 'createdDate', 'reason', 'type', 'isClosed', 'isModal', 'live', 'createdAt', 'updatedAt'],
  properties: {
    _id: { type: 'string', pattern: '^[0-9A-HJKMNP-TV-Z]{26}$' },
    createdAt: { type: 'string', format: 'date-time' },
    createdDate: { type: 'string', format: 'date', pattern: '^(19\\d{2}|2\\d{3})-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' },
    duration: { type: 'integer', format: 'int64', minimum: 1, maximum: 480 },
    endTime: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' },
    isClosed: { type: 'boolean' },
    isModal: { type: 'boolean' },
    live: { type: 'boolean' },
    reason: { type: 'string', maxLength: 2000 },
    startTime: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' },
    type: { type: 'string', maxLength: 100 },
    updatedAt: { type: 'string', format: 'date-time' },
    userId: { type: 'string', pattern: '^[0-9A-HJKMNP-TV-Z]{26}$' },
  },
} as const;

/** The body of `POST /break/add`. */
export const BreakCreate = {
  type: 'object',
  required: ['startTime', 'endTime', 'createdDate', 'type'],
  properties: {
    createdDate: { type: 'string', format: 'date', pattern: '^(19\\d{2}|2\\d{3})-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' },
    endTime: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' },
    reason: { type: 'string', nullable: true, maxLength: 2000 },
    startTime: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' },
    type: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
  },
} as const;

/** The body of `PUT /break/edit/{id}`. */
export const BreakInput = {
  type: 'object',
  properties: {
    createdDate: { type: 'string', format: 'date', pattern: '^(19\\d{2}|2\\d{3})-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' },
    endTime: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' },
    reason: { type: 'string', nullable: true },
    startTime: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' },
    type: { type: 'string', nullable: true },
  },
} as const;

/** Part of a request body. */
export const BreakTierInput = {
  type: 'object',
  additionalProperties: false,
  properties: {
    afterMinutes: { type: 'integer', format: 'int64', nullable: true, minimum: 1, maximum: 1440 },
    minutes: { type: 'integer', format: 'int64', nullable: true, minimum: 1, maximum: 240 },
  },
} as const;

/** The body of `PUT /type/edit`. */
export const BreakTypesInput = {
  type: 'object',
  required: ['type'],
  properties: { type: { type: 'array', minItems: 1, maxItems: 50, items: { type: 'string' } } },
} as const;

/** The body of `POST /user/change-email`. */
export const ChangeEmailInput = {
  type: 'object',
  required: ['email'],
  properties: { currentPassword: { type: 'string' }, email: { type: 'string' } },
} as const;

/** The body of `POST /user/change-password`. */
export const ChangePasswordInput = {
  type: 'object',
  required: ['currentPassword', 'password'],
  properties: { currentPassword: { type: 'string' }, password: { type: 'string' } },
} as const;

/** The body of `POST /daily-checklist/add`. */
export const ChecklistCreate = {
  type: 'object',
  required: ['task'],
  properties: {
    createdDate: { type: 'string', format: 'date', pattern: '^(19\\d{2}|2\\d{3})-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' },
    isFeature: { type: 'boolean' },
    status: { type: 'boolean' },
    task: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
  },
} as const;

/** The body of `PUT /daily-checklist/edit/{id}`. */
export const ChecklistInput = {
  type: 'object',
  properties: {
    createdDate: { type: 'string', format: 'date', pattern: '^(19\\d{2}|2\\d{3})-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' },
    isFeature: { type: 'boolean', nullable: true },
    status: { type: 'boolean', nullable: true },
    task: { type: 'string', nullable: true },
  },
} as const;

/** The body of `POST /contactUs/send`. */
export const ContactInput = {
  type: 'object',
  required: ['email', 'subject', 'description'],
  properties: {
    description: { type: 'string', maxLength: 3000 },
    email: { type: 'string' },
    subject: { type: 'string', maxLength: 200 },
    website: { type: 'string' },
  },
} as const;

/** The body of `POST /auth/login`. */
export const Credentials = {
  type: 'object',
  required: ['email', 'password'],
  properties: { email: { type: 'string' }, password: { type: 'string' } },
} as const;

/** Part of a request body. */
export const DailyReminder = {
  type: 'object',
  additionalProperties: false,
  required: ['enabled', 'time', 'push', 'email'],
  properties: {
    email: { type: 'boolean' },
    enabled: { type: 'boolean' },
    push: { type: 'boolean' },
    time: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' },
  },
} as const;

/** The body of `POST /leaves/approve/{id}`, `POST /leaves/decline/{id}`. */
export const DecisionInput = { type: 'object', properties: { comment: { type: 'string', nullable: true, maxLength: 500 } } } as const;

/** The body of `DELETE /work/periods/{id}`. */
export const DeletePeriodInput = {
  type: 'object',
  additionalProperties: false,
  properties: { note: { type: 'string', nullable: true, maxLength: 500 } },
} as const;

/** The body of `POST /user/forgot-password`, `POST /user/resend-verification`. */
export const EmailInput = { type: 'object', required: ['email'], properties: { email: { type: 'string' } } } as const;

/** The body of `POST /break/end`. */
export const EndBreakInput = {
  type: 'object',
  additionalProperties: false,
  properties: { at: { type: 'string', format: 'date-time', nullable: true } },
} as const;

/** The body of `POST /work/end`. */
export const EndWorkInput = {
  type: 'object',
  additionalProperties: false,
  properties: { at: { type: 'string', format: 'date-time', nullable: true } },
} as const;

/** The body of `DELETE /notifications/subscriptions`. */
export const EndpointBody = { type: 'object', required: ['endpoint'], properties: { endpoint: { type: 'string' } } } as const;

/** The body of `POST /calendar/feeds`. */
export const FeedInput = { type: 'object', required: ['scope'], properties: { scope: { $ref: 'FeedScope' } } } as const;

/** Part of a request body. */
export const FeedScope = { type: 'string', enum: ['me', 'team'] } as const;

/** Part of a request body. */
export const HolidayInput = {
  type: 'object',
  additionalProperties: false,
  properties: {
    date: { type: 'string', format: 'date', pattern: '^(19\\d{2}|2\\d{3})-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' },
    name: { type: 'string', nullable: true },
  },
} as const;

/** The body of `PUT /team/holidays`. */
export const HolidaysInput = {
  type: 'object',
  properties: {
    country: { type: 'string', nullable: true },
    holidays: { type: 'array', nullable: true, items: { $ref: 'HolidayInput' } },
    region: { type: 'string', nullable: true },
    year: { type: 'integer', format: 'int32', nullable: true },
  },
} as const;

/** The body of `POST /admin/invite`. */
export const InviteInput = {
  type: 'object',
  required: ['email', 'role'],
  properties: { email: { type: 'string' }, role: { type: 'string', enum: ['admin', 'hr', 'member'] } },
} as const;

/** The body of `POST /leaves/add`. */
export const LeaveCreate = {
  type: 'object',
  required: ['fromDate', 'toDate', 'reason'],
  properties: {
    days: { type: 'integer' },
    fromDate: { type: 'string', format: 'date', pattern: '^(19\\d{2}|2\\d{3})-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' },
    halfDay: { type: 'string', enum: ['', 'am', 'pm'] },
    reason: { type: 'string', minLength: 1, maxLength: 2000, pattern: '\\S' },
    toDate: { type: 'string', format: 'date', pattern: '^(19\\d{2}|2\\d{3})-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' },
    typeId: { type: 'string', pattern: '^[0-9A-HJKMNP-TV-Z]{26}$' },
  },
} as const;

/** The body of `PUT /leaves/edit/{id}`. */
export const LeaveInput = {
  type: 'object',
  properties: {
    days: { type: 'integer' },
    fromDate: { type: 'string', format: 'date', pattern: '^(19\\d{2}|2\\d{3})-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' },
    halfDay: { type: 'string', enum: ['', 'am', 'pm'] },
    reason: { type: 'string', nullable: true },
    toDate: { type: 'string', format: 'date', pattern: '^(19\\d{2}|2\\d{3})-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' },
    typeId: { type: 'string', pattern: '^[0-9A-HJKMNP-TV-Z]{26}$' },
  },
} as const;

/** The body of `PUT /leaves/settings`. */
export const LeaveSettingsInput = {
  type: 'object',
  properties: {
    allowNegative: { type: 'boolean', nullable: true },
    carryOverCap: { type: 'number', format: 'double', nullable: true },
    defaultAllowance: { type: 'number', format: 'double', nullable: true },
    workWeek: { type: 'array', nullable: true, items: { type: 'integer', format: 'int32', minimum: 0 } },
  },
} as const;

/** The body of `POST /leaves/types`, `PUT /leaves/types/{id}`. */
export const LeaveTypeInput = {
  type: 'object',
  properties: {
    archived: { type: 'boolean', nullable: true },
    color: { type: 'string', nullable: true, pattern: '^#[0-9a-fA-F]{6}$' },
    countsAgainstAllowance: { type: 'boolean', nullable: true },
    name: { type: 'string', nullable: true, maxLength: 40 },
    needsApproval: { type: 'boolean', nullable: true },
    paid: { type: 'boolean', nullable: true },
  },
} as const;

/** The body of `POST /break/start`. */
export const LiveBreakInput = {
  type: 'object',
  properties: {
    at: { type: 'string', format: 'date-time', nullable: true },
    reason: { type: 'string', nullable: true },
    type: { type: 'string', nullable: true },
  },
} as const;

/** The body of `POST /meeting/respond/{id}`. */
export const MeetingAnswerInput = { type: 'object', properties: { answer: { type: 'string', nullable: true } } } as const;

/** The body of `POST /meeting/add`. */
export const MeetingCreate = {
  type: 'object',
  required: ['from', 'to', 'scheduleDate'],
  properties: {
    attendees: { type: 'array', maxItems: 50, items: { type: 'string' } },
    description: { type: 'string', maxLength: 1000 },
    from: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' },
    place: { type: 'string', maxLength: 500 },
    scheduleDate: { type: 'string', format: 'date', pattern: '^(19\\d{2}|2\\d{3})-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' },
    title: { type: 'string', maxLength: 120 },
    to: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' },
  },
} as const;

/** The body of `PUT /meeting/edit/{id}`. */
export const MeetingInput = {
  type: 'object',
  properties: {
    attendees: { type: 'array', nullable: true, maxItems: 50, items: { type: 'string' } },
    description: { type: 'string', nullable: true },
    from: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' },
    place: { type: 'string', nullable: true, maxLength: 500 },
    scheduleDate: { type: 'string', format: 'date', pattern: '^(19\\d{2}|2\\d{3})-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' },
    title: { type: 'string', nullable: true, maxLength: 120 },
    to: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' },
  },
} as const;

/** The body of `PUT /admin/work-schedule/{userId}`. */
export const MemberScheduleInput = {
  type: 'object',
  properties: {
    from: { type: 'string', format: 'date', pattern: '^(19\\d{2}|2\\d{3})-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' },
    weekdays: { type: 'array', nullable: true, minItems: 7, maxItems: 7, items: { type: 'integer', format: 'int64' } },
  },
} as const;

/** The body of `PUT /work/findings/{date}/{rule}`. */
export const NoteInput = { type: 'object', properties: { note: { type: 'string', nullable: true, minLength: 1, maxLength: 500 } } } as const;

/** Part of a request body. */
export const Notice = {
  type: 'object',
  additionalProperties: false,
  required: ['enabled', 'push', 'email'],
  properties: { email: { type: 'boolean' }, enabled: { type: 'boolean' }, push: { type: 'boolean' } },
} as const;

/** The body of `PUT /notifications/settings`. */
export const NotificationSettings = {
  type: 'object',
  required: ['breakReminder', 'meetingReminder', 'dailyAgenda', 'leaveRequested', 'leaveDecided', 'quietHours', 'breakGuard', 'meetingInvitation'],
  properties: {
    breakGuard: { $ref: 'Notice' },
    breakReminder: { $ref: 'TimedReminder' },
    dailyAgenda: { $ref: 'DailyReminder' },
    leaveDecided: { $ref: 'Notice' },
    leaveRequested: { $ref: 'Notice' },
    meetingInvitation: { $ref: 'Notice' },
    meetingReminder: { $ref: 'TimedReminder' },
    quietHours: { $ref: 'QuietHours' },
  },
} as const;

/** The body of `POST /work/balance/adjustments`, `PUT /work/balance/carry-over`. */
export const OvertimeInput = {
  type: 'object',
  properties: {
    minutes: { type: 'integer', format: 'int64', nullable: true },
    note: { type: 'string', nullable: true, maxLength: 500 },
    userId: { type: 'string', pattern: '^[0-9A-HJKMNP-TV-Z]{26}$' },
  },
} as const;

/** The body of `DELETE /user/delete-account`. */
export const PasswordInput = { type: 'object', required: ['password'], properties: { password: { type: 'string' } } } as const;

/** The body of `POST /work/periods`, `PUT /work/periods/{id}`. */
export const PeriodInput = {
  type: 'object',
  properties: {
    date: { type: 'string', format: 'date', pattern: '^(19\\d{2}|2\\d{3})-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' },
    end: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' },
    note: { type: 'string', nullable: true, maxLength: 500 },
    start: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' },
  },
} as const;

/** The body of `PUT /user/profile`. */
export const ProfileInput = {
  type: 'object',
  properties: { language: { type: 'string', enum: ['en', 'de', 'fr', 'es'] }, name: { type: 'string' }, timeZone: { type: 'string' } },
} as const;

/** Part of a request body. */
export const PushKeys = {
  type: 'object',
  additionalProperties: false,
  required: ['p256dh', 'auth'],
  properties: { auth: { type: 'string' }, p256dh: { type: 'string' } },
} as const;

/** The body of `POST /notifications/subscriptions`. */
export const PushSubscription = {
  type: 'object',
  required: ['endpoint', 'keys'],
  properties: { endpoint: { type: 'string' }, keys: { $ref: 'PushKeys' } },
} as const;

/** Part of a request body. */
export const QuietHours = {
  type: 'object',
  additionalProperties: false,
  required: ['enabled', 'from', 'to'],
  properties: {
    enabled: { type: 'boolean' },
    from: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' },
    to: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' },
  },
} as const;

/** The body of `POST /auth/logout`, `POST /auth/refresh-token`. */
export const RefreshInput = { type: 'object', required: ['refresh_token'], properties: { refresh_token: { type: 'string' } } } as const;

/** The body of `POST /user/reset-password`. */
export const ResetPasswordInput = {
  type: 'object',
  required: ['token', 'password'],
  properties: { password: { type: 'string' }, token: { type: 'string' } },
} as const;

/** The body of `PUT /admin/role/{userId}`. */
export const RoleInput = { type: 'object', required: ['role'], properties: { role: { type: 'string', enum: ['admin', 'hr', 'member'] } } } as const;

/** The body of `PUT /work/rules`. */
export const RuleSetInput = {
  type: 'object',
  required: ['preset'],
  properties: {
    breaks: { type: 'array', nullable: true, maxItems: 4, items: { $ref: 'BreakTierInput' } },
    maxContinuousMinutes: { type: 'integer', format: 'int64', nullable: true, minimum: 60, maximum: 1440 },
    maxDailyMinutes: { type: 'integer', format: 'int64', nullable: true, minimum: 60, maximum: 1440 },
    maxWeeklyAverageMinutes: { type: 'integer', format: 'int64', nullable: true, minimum: 60, maximum: 10080 },
    minBlockMinutes: { type: 'integer', format: 'int64', nullable: true, minimum: 0, maximum: 240 },
    minRestMinutes: { type: 'integer', format: 'int64', nullable: true, minimum: 60, maximum: 1440 },
    optedOut: { type: 'array', nullable: true, items: { type: 'string' } },
    preset: { type: 'string', pattern: '^(none|de|at|uk|eu|custom)$' },
    referenceWeeks: { type: 'integer', format: 'int64', nullable: true, minimum: 1, maximum: 52 },
  },
} as const;

/** The body of `PUT /work/schedule`. */
export const ScheduleInput = {
  type: 'object',
  properties: {
    paidBreakTypes: { type: 'array', nullable: true, items: { type: 'string' } },
    weekdays: { type: 'array', nullable: true, minItems: 7, maxItems: 7, items: { type: 'integer', format: 'int64' } },
  },
} as const;

/** The body of `POST /dev/scheduler/run`. */
export const SchedulerRun = { type: 'object', properties: { now: { type: 'string', format: 'date-time', nullable: true } } } as const;

/** The body of `POST /user/signup`. */
export const SignUpInput = {
  type: 'object',
  required: ['name', 'email', 'password'],
  properties: {
    email: { type: 'string' },
    invitation: { type: 'string' },
    name: { type: 'string' },
    password: { type: 'string' },
    timeZone: { type: 'string' },
  },
} as const;

/** The body of `PUT /admin/sso`. */
export const SsoInput = { type: 'object', required: ['required'], properties: { required: { type: 'boolean' } } } as const;

/** The body of `PUT /admin/start-dates/{userId}`. */
export const StartDateInput = {
  type: 'object',
  properties: { startDate: { type: 'string', format: 'date', pattern: '^(19\\d{2}|2\\d{3})-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' } },
} as const;

/** The body of `POST /work/start`. */
export const StartWorkInput = {
  type: 'object',
  additionalProperties: false,
  properties: { at: { type: 'string', format: 'date-time', nullable: true }, note: { type: 'string', nullable: true, maxLength: 500 } },
} as const;

/** The body of `POST /task/add`. */
export const TaskCreate = {
  type: 'object',
  required: ['title', 'description', 'scheduled'],
  properties: {
    description: { type: 'string', minLength: 1, maxLength: 4000, pattern: '\\S' },
    priority: { nullable: true, allOf: [{ $ref: 'TaskPriority' }] },
    scheduled: { type: 'string', format: 'date', pattern: '^(19\\d{2}|2\\d{3})-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' },
    status: { nullable: true, allOf: [{ $ref: 'TaskStatus' }] },
    title: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
  },
} as const;

/** The body of `PUT /task/edit/{id}`. */
export const TaskInput = {
  type: 'object',
  properties: {
    description: { type: 'string', nullable: true },
    priority: { nullable: true, allOf: [{ $ref: 'TaskPriority' }] },
    scheduled: { type: 'string', format: 'date', pattern: '^(19\\d{2}|2\\d{3})-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' },
    status: { nullable: true, allOf: [{ $ref: 'TaskStatus' }] },
    title: { type: 'string', nullable: true },
  },
} as const;

/** Part of a request body. */
export const TaskPriority = { type: 'string', enum: ['Normal', 'Important', 'Critical', 'Low', 'High', 'Urgent', 'Blocker'] } as const;

/** Part of a request body. */
export const TaskStatus = { type: 'string', enum: ['To Do', 'In Progress', 'In Review', 'Completed', 'Invalid', 'On Hold', 'Deferred', 'Blocked'] } as const;

/** The body of `PUT /admin/team`. */
export const TeamInput = { type: 'object', properties: { name: { type: 'string', minLength: 1, maxLength: 60 }, timeZone: { type: 'string' } } } as const;

/** Part of a request body. */
export const TimedReminder = {
  type: 'object',
  additionalProperties: false,
  required: ['enabled', 'minutes', 'push', 'email'],
  properties: {
    email: { type: 'boolean' },
    enabled: { type: 'boolean' },
    minutes: { type: 'integer', format: 'int32', minimum: 1, maximum: 480 },
    push: { type: 'boolean' },
  },
} as const;

/** The body of `POST /timesheets/{month}/approve`, `POST /timesheets/{month}/reopen`, `POST /timesheets/{month}/return`. */
export const TimesheetDecision = {
  type: 'object',
  required: ['userId'],
  properties: { comment: { type: 'string', nullable: true, maxLength: 500 }, userId: { type: 'string', pattern: '^[0-9A-HJKMNP-TV-Z]{26}$' } },
} as const;

/** The body of `POST /user/verify-email`, `POST /user/verify-new-email`. */
export const TokenInput = { type: 'object', required: ['token'], properties: { token: { type: 'string' } } } as const;

/** Part of a request body. */
export const TokenScope = { type: 'string', enum: ['read', 'write'] } as const;

/** The body of `POST /admin/webhooks`. */
export const WebhookInput = {
  type: 'object',
  properties: {
    dailyAt: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' },
    events: { type: 'array', nullable: true, items: { type: 'string' } },
    format: { type: 'string', nullable: true },
    url: { type: 'string', nullable: true },
  },
} as const;
