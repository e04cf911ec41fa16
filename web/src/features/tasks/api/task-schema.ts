import { z } from 'zod';
import { TaskCreate } from '@/lib/api-rules';
import { msg } from '@/lib/i18n';
import { isIsoDate } from '@/lib/iso-date';
import { DEFAULT_PRIORITY, DEFAULT_STATUS, isTaskPriority, isTaskStatus, TASK_PRIORITIES, TASK_STATUSES, type TaskFields } from './tasks';

/** The server's limits (src/lib/api-rules.ts, generated from the API document). */
export const MAX_TASK_TITLE = TaskCreate.properties.title.maxLength;
export const MAX_TASK_DESCRIPTION = TaskCreate.properties.description.maxLength;

/** Spec §5 (task) with the server's wording for the limits; each message is read when a value is checked. */
export const taskMessages = {
  titleRequired: msg('tasks.validation.titleRequired'),
  titleMax: msg('tasks.validation.titleMax', { max: MAX_TASK_TITLE }),
  descriptionRequired: msg('tasks.validation.descriptionRequired'),
  descriptionMax: msg('tasks.validation.descriptionMax', { max: MAX_TASK_DESCRIPTION }),
  date: msg('tasks.validation.date'),
  status: msg('tasks.validation.status'),
  priority: msg('tasks.validation.priority'),
} as const;

const oneOf = (values: readonly string[], message: () => string) => z.string().refine((value) => values.includes(value), { error: message });

export const taskSchema = z.object({
  title: z.string().trim().min(1, { error: taskMessages.titleRequired }).max(MAX_TASK_TITLE, { error: taskMessages.titleMax }),
  description: z.string().trim().min(1, { error: taskMessages.descriptionRequired }).max(MAX_TASK_DESCRIPTION, { error: taskMessages.descriptionMax }),
  scheduled: z.string().trim().refine(isIsoDate, { error: taskMessages.date }),
  status: oneOf(TASK_STATUSES, taskMessages.status),
  priority: oneOf(TASK_PRIORITIES, taskMessages.priority),
});

export type TaskFormValues = z.input<typeof taskSchema>;

/** The schema has checked status and priority; the defaults only narrow the form's strings to the API's values. */
export const toTaskFields = (values: TaskFormValues): TaskFields => ({
  title: values.title.trim(),
  description: values.description.trim(),
  scheduled: values.scheduled.trim(),
  status: isTaskStatus(values.status) ? values.status : DEFAULT_STATUS,
  priority: isTaskPriority(values.priority) ? values.priority : DEFAULT_PRIORITY,
});
