import { taskPriorityName, taskStatusName } from '@/lib/type-names';
import { TASK_PRIORITIES, TASK_STATUSES } from '../api/tasks';

/** A task's status and priority are the API's English values (`To Do`, `Urgent`), shown in the reader's language. */
export { taskPriorityName as taskPriorityLabel, taskStatusName as taskStatusLabel } from '@/lib/type-names';

/** The selects' choices: the API's value, shown in the person's language. */
export const taskStatusOptions = () => TASK_STATUSES.map((value) => ({ value, label: taskStatusName(value) }));

export const taskPriorityOptions = () => TASK_PRIORITIES.map((value) => ({ value, label: taskPriorityName(value) }));
