import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox, FormError, Input } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { SHORT_TOAST_MS } from '@/config/constants';
import type { ChecklistPrefill, PrefilledFormProps } from '@/lib/assistant-actions';
import { ApiError, errorMessage } from '@/lib/api-error';
import { ChecklistCreate } from '@/lib/api-rules';
import { useRequireAuth } from '@/lib/auth';
import { formatDate, todayIso } from '@/lib/format';

export const CHECKLIST_ITEM_MAX = ChecklistCreate.properties.task.maxLength;

export interface ChecklistProposalDialogProps extends PrefilledFormProps<ChecklistPrefill> {
  /** Saves the item through the checklist's own API (wired by the app layer). */
  save: (item: ChecklistPrefill) => Promise<unknown>;
}

function problemOf(task: string): string | undefined {
  if (!task.trim()) return 'Task is required.';
  if (task.trim().length > CHECKLIST_ITEM_MAX) return `Task must not exceed ${CHECKLIST_ITEM_MAX} characters.`;
  return undefined;
}

/**
 * The daily checklist has no add dialog of its own (items are typed into its panel), so a checklist proposal is
 * confirmed here: the task text, whether it is a feature task, then saved for its day.
 */
export function ChecklistProposalDialog({ prefill, save, onSaved, onClose }: ChecklistProposalDialogProps) {
  const requireAuth = useRequireAuth();
  const toast = useToast();
  const [task, setTask] = useState(prefill.task);
  const [isFeature, setIsFeature] = useState(prefill.isFeature);
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const createdDate = prefill.createdDate || todayIso();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || !requireAuth()) return;
    const problem = problemOf(task);
    setError(problem);
    if (problem) return;
    setSaving(true);
    setFormError(undefined);
    try {
      await save({ task: task.trim(), status: prefill.status, createdDate, isFeature });
      toast.show({ message: 'Checklist item added successfully', variant: 'success', duration: SHORT_TOAST_MS });
      onSaved();
    } catch (failure) {
      console.error('Adding the checklist item failed', failure);
      const fieldMessage = failure instanceof ApiError ? failure.fieldErrors.task : undefined;
      if (fieldMessage) setError(fieldMessage);
      else setFormError(errorMessage(failure, 'Failed to add task.'));
      setSaving(false);
    }
  };

  return (
    <Modal open title="Add Checklist Item" onClose={onClose}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Add checklist item" className="space-y-4">
        <Input
          label="Task"
          value={task}
          maxLength={CHECKLIST_ITEM_MAX}
          onChange={(event) => {
            setTask(event.target.value);
            setError(undefined);
          }}
          error={error}
          hint={`For ${formatDate(createdDate)}.`}
        />
        <Checkbox label="Feature task" checked={isFeature} onChange={(event) => setIsFeature(event.target.checked)} />
        <FormError>{formError}</FormError>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : 'Add item'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
