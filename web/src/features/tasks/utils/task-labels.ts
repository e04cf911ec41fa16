import { t } from '@/lib/i18n';
import { isTaskPriority, isTaskStatus, TASK_PRIORITIES, TASK_STATUSES, type TaskPriority, type TaskStatus } from '../api/tasks';

/**
 * A task's status and priority are the API's English values (`To Do`, `Urgent`); the screens show them in the
 * person's language. A value the app does not know (a newer server) is shown as it is.
 */
const statusKeys: Record<TaskStatus, string> = {
  'To Do': 'toDo',
  'In Progress': 'inProgress',
  'In Review': 'inReview',
  Completed: 'completed',
  Invalid: 'invalid',
  'On Hold': 'onHold',
  Deferred: 'deferred',
  Blocked: 'blocked',
};

const priorityKeys: Record<TaskPriority, string> = {
  Normal: 'normal',
  Important: 'important',
  Critical: 'critical',
  Low: 'low',
  High: 'high',
  Urgent: 'urgent',
  Blocker: 'blocker',
};

export const taskStatusLabel = (status: string): string => (isTaskStatus(status) ? t(`tasks.status.${statusKeys[status]}`) : status);

export const taskPriorityLabel = (priority: string): string => (isTaskPriority(priority) ? t(`tasks.priority.${priorityKeys[priority]}`) : priority);

/** The selects' choices: the API's value, shown in the person's language. */
export const taskStatusOptions = () => TASK_STATUSES.map((value) => ({ value, label: taskStatusLabel(value) }));

export const taskPriorityOptions = () => TASK_PRIORITIES.map((value) => ({ value, label: taskPriorityLabel(value) }));
