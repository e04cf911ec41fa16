import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { sentNow, useRecordForm } from '@/components/forms/record-form';
import { FormDialog } from '@/components/forms/form-dialog';
import { Textarea } from '@/components/ui/field';
import { commentSchema, MAX_COMMENT } from '../api/period-schema';

export interface NoteDialogProps {
  title: string;
  label: string;
  submitText: string;
  /** Whether the text may be left empty. */
  required: boolean;
  danger?: boolean;
  /** Sends it; a refusal (a 409 of a locked month, a 422) shows in the dialog. */
  onSubmit: (text: string) => Promise<unknown>;
  savedMessage: string;
  onClose: () => void;
  /** The text the field starts with (a note being edited). */
  initial?: string;
}

/** A dialog asking for one text before an action: deleting a period, returning or reopening a month. */
export function NoteDialog({ title, label, submitText, required, danger, onSubmit, savedMessage, onClose, initial = '' }: NoteDialogProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ comment: string }>({ resolver: zodResolver(commentSchema(required)), defaultValues: { comment: initial } });
  const { submit, formError } = useRecordForm({
    fields: ['comment', 'note'] as const,
    setFieldError: (_field, message) => setError('comment', { message }),
    savedMessage: () => savedMessage,
    failure: { show: 'inline', fallback: t('work.actionFailed') },
    onClose,
  });
  return (
    <FormDialog
      title={title}
      onClose={onClose}
      onSubmit={handleSubmit((values) => submit(() => sentNow(onSubmit(values.comment.trim()))))}
      error={formError}
      saving={isSubmitting}
      saveLabel={submitText}
      danger={danger}
    >
      <Textarea
        label={label}
        rows={3}
        maxLength={MAX_COMMENT}
        required={required}
        error={errors.comment?.message}
        className="min-h-24"
        {...register('comment')}
      />
    </FormDialog>
  );
}
