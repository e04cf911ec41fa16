import { t } from '@/lib/i18n';

/**
 * The names the specification gives a new team (§3, §4) are stored in English, the same for the whole team: the
 * default break types, the three starting leave types, and the tasks' statuses and priorities. Every screen shows
 * them in the reader's language through these functions; a name the team gave itself is shown as it was written.
 *
 * A default is told apart by its exact stored name (case and spaces included), because break types are a plain list
 * of names without ids, and a leave's type arrives as a name on most screens. So a starting leave type a team renamed
 * ("Holiday") is the team's own name and stays as written, and "coffee break" typed by hand is not the default
 * "Coffee Break".
 */
const BREAK_TYPES: Record<string, string> = {
  'Lunch Break': 'lunchBreak',
  'Short Break': 'shortBreak',
  Refreshment: 'refreshment',
  'Social Media Break': 'socialMediaBreak',
  Cigarette: 'cigarette',
  'Picking kids from School': 'pickingKids',
  'Coffee Break': 'coffeeBreak',
};

const LEAVE_TYPES: Record<string, string> = { Vacation: 'vacation', Sick: 'sick', Unpaid: 'unpaid' };

const TASK_STATUSES: Record<string, string> = {
  'To Do': 'toDo',
  'In Progress': 'inProgress',
  'In Review': 'inReview',
  Completed: 'completed',
  Invalid: 'invalid',
  'On Hold': 'onHold',
  Deferred: 'deferred',
  Blocked: 'blocked',
};

const TASK_PRIORITIES: Record<string, string> = {
  Normal: 'normal',
  Important: 'important',
  Critical: 'critical',
  Low: 'low',
  High: 'high',
  Urgent: 'urgent',
  Blocker: 'blocker',
};

const named = (keys: Record<string, string>, prefix: string) => (name: string | null | undefined): string => {
  if (name == null) return '';
  const key = Object.hasOwn(keys, name) ? keys[name] : undefined;
  return key ? t(`${prefix}.${key}`) : name;
};

/** A break type in the reader's language: 'Coffee Break' is 'Kaffeepause' in German; 'Standup walk' stays. */
export const breakTypeName = named(BREAK_TYPES, 'breaks.defaultTypes');

/** A leave type in the reader's language: 'Vacation' is 'Urlaub' in German; 'Parental leave' stays. */
export const leaveTypeName = named(LEAVE_TYPES, 'leaves.startingTypes');

/** A task status in the reader's language ('In Progress' is 'In Arbeit'); a value this app does not know stays. */
export const taskStatusName = named(TASK_STATUSES, 'tasks.status');

/** A task priority in the reader's language ('Urgent' is 'Dringend'); a value this app does not know stays. */
export const taskPriorityName = named(TASK_PRIORITIES, 'tasks.priority');

/**
 * A break or leave type where the text does not say which (a notice, a day's credit that may be either): a default
 * break type first, then a starting leave type, else as written.
 */
export const typeName = (name: string | null | undefined): string => {
  if (name == null) return '';
  if (Object.hasOwn(BREAK_TYPES, name)) return breakTypeName(name);
  return leaveTypeName(name);
};

/** The options of a type select: the stored name as the value, the reader's language as the label. */
export const breakTypeOptions = (types: readonly string[]) => types.map((type) => ({ value: type, label: breakTypeName(type) }));
