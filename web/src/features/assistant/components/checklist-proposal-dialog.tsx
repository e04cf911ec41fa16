import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { sentNow, useRecordForm } from '@/components/forms/record-form';
import { FormDialog } from '@/components/forms/form-dialog';
import { Checkbox, Input } from '@/components/ui/field';
import type { ChecklistPrefill, PrefilledFormProps } from '@/lib/assistant-actions';
import { ChecklistCreate } from '@/lib/api-rules';
import { useRequireAuth } from '@/lib/auth';
import { formatDate, todayIso } from '@/lib/format';
import { t as translate } from '@/lib/i18n';

export const CHECKLIST_ITEM_MAX = ChecklistCreate.properties.task.maxLength;

export interface ChecklistProposalDialogProps extends PrefilledFormProps<ChecklistPrefill> {
  /** Saves the item through the checklist's own API (wired by the app layer). */
  save: (item: ChecklistPrefill) => Promise<unknown>;
}

function problemOf(task: string): string | undefined {
  if (!task.trim()) return translate('assistant.checklist.required');
  if (task.trim().length > CHECKLIST_ITEM_MAX) return translate('assistant.checklist.tooLong', { count: CHECKLIST_ITEM_MAX });
  return undefined;
}

/**
 * The daily checklist has no add dialog of its own (items are typed into its panel), so a checklist proposal is
 * confirmed here: the task text, whether it is a feature task, then saved for its day.
 */
export function ChecklistProposalDialog({ prefill, save, onSaved, onClose }: ChecklistProposalDialogProps) {
  const { t } = useTranslation();
  const requireAuth = useRequireAuth();
  const [task, setTask] = useState(prefill.task);
  const [isFeature, setIsFeature] = useState(prefill.isFeature);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const createdDate = prefill.createdDate || todayIso();
  const { submit, formError } = useRecordForm({
    what: 'the checklist item',
    fields: ['task'],
    setFieldError: (_field, message) => setError(message),
    savedMessage: () => t('assistant.checklist.saved'),
    failure: { show: 'inline', fallback: t('assistant.checklist.failed') },
    onSaved: () => onSaved(),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // Signed out, the sign-in comes before the task's checks.
    if (saving || !requireAuth()) return;
    const problem = problemOf(task);
    setError(problem);
    if (problem) return;
    setSaving(true);
    // The item shows as added whether it was sent or waits to sync.
    const saved = await submit(() => sentNow(save({ task: task.trim(), status: prefill.status, createdDate, isFeature })));
    if (!saved) setSaving(false);
  };

  return (
    <FormDialog
      title={t('assistant.checklist.title')}
      label={t('assistant.checklist.formLabel')}
      onClose={onClose}
      onSubmit={onSubmit}
      error={formError}
      saving={saving}
      saveLabel={t('assistant.checklist.add')}
      savingLabel={t('assistant.checklist.saving')}
    >
      <Input
        label={t('assistant.checklist.task')}
        value={task}
        maxLength={CHECKLIST_ITEM_MAX}
        onChange={(event) => {
          setTask(event.target.value);
          setError(undefined);
        }}
        error={error}
        hint={t('assistant.checklist.forDate', { date: formatDate(createdDate) })}
      />
      <Checkbox label={t('assistant.checklist.feature')} checked={isFeature} onChange={(event) => setIsFeature(event.target.checked)} />
    </FormDialog>
  );
}
