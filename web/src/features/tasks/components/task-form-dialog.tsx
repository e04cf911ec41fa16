import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/forms/form-dialog';
import { useRecordForm } from '@/components/forms/record-form';
import { Input, Textarea } from '@/components/ui/field';
import { FormDateField } from '@/components/ui/form-date-time';
import { Select } from '@/components/ui/select';
import { todayIso } from '@/lib/format';
import { MAX_TASK_DESCRIPTION, MAX_TASK_TITLE, taskSchema, toTaskFields, type TaskFormValues } from '../api/task-schema';
import { DEFAULT_PRIORITY, DEFAULT_STATUS, TASK_PRIORITIES, TASK_STATUSES, useSaveTask, type Task } from '../api/tasks';
import { taskPriorityOptions, taskStatusOptions } from '../utils/task-labels';

export interface TaskFormDialogProps {
  /** The task being edited; without it the dialog adds one. */
  editing?: Task;
  /** Starting values for a new task (e.g. proposed by the assistant). */
  prefill?: Partial<TaskFormValues>;
  onClose: () => void;
  onSaved?: (saved: Task) => void;
}

const FIELDS = ['title', 'description', 'scheduled', 'status', 'priority'] as const;

const known = (values: readonly string[], value: string | undefined, fallback: string) => (value && values.includes(value) ? value : fallback);

function initialValues(editing?: Task, prefill?: Partial<TaskFormValues>): TaskFormValues {
  const source = editing ?? prefill ?? {};
  return {
    title: source.title ?? '',
    description: source.description ?? '',
    scheduled: source.scheduled || todayIso(),
    status: known(TASK_STATUSES, source.status, DEFAULT_STATUS),
    priority: known(TASK_PRIORITIES, source.priority, DEFAULT_PRIORITY),
  };
}

/** Add or edit a task: title, description, scheduled date, status (default To Do), priority (default Normal). */
export function TaskFormDialog({ editing, prefill, onClose, onSaved }: TaskFormDialogProps) {
  const { t } = useTranslation();
  const { trigger, isMutating } = useSaveTask();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TaskFormValues>({ resolver: zodResolver(taskSchema), mode: 'onBlur', defaultValues: initialValues(editing, prefill) });

  const { submit, formError } = useRecordForm({
    what: 'the task',
    fields: FIELDS,
    setFieldError: (field, message) => setError(field, { message }),
    savedMessage: () => (editing ? t('tasks.form.updated') : t('tasks.form.added')),
    failure: { show: 'inline', fallback: t('tasks.form.saveFailed') },
    onSaved,
    onClose,
  });
  const onSubmit = (values: TaskFormValues) => submit(() => trigger({ id: editing?._id, fields: toTaskFields(values), base: editing }));

  return (
    <FormDialog
      size="lg"
      title={editing ? t('tasks.form.editTitle') : t('tasks.form.addTitle')}
      label={editing ? t('tasks.form.editLabel') : t('tasks.form.addLabel')}
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
      error={formError}
      saving={isMutating}
      saveLabel={editing ? t('tasks.form.saveChanges') : t('tasks.addTask')}
      savingLabel={t('tasks.form.saving')}
    >
      <Input label={t('tasks.fields.title')} maxLength={MAX_TASK_TITLE} error={errors.title?.message} {...register('title')} />
      <Textarea
        label={t('tasks.fields.description')}
        rows={5}
        maxLength={MAX_TASK_DESCRIPTION}
        hint={t('tasks.form.descriptionHint', { max: MAX_TASK_DESCRIPTION })}
        error={errors.description?.message}
        {...register('description')}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <FormDateField control={control} name="scheduled" label={t('tasks.form.scheduledDate')} />
        <Select label={t('tasks.fields.status')} options={taskStatusOptions()} error={errors.status?.message} {...register('status')} />
        <Select label={t('tasks.fields.priority')} options={taskPriorityOptions()} error={errors.priority?.message} {...register('priority')} />
      </div>
    </FormDialog>
  );
}
