import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { sentNow, useRecordForm } from '@/components/forms/record-form';
import { Button } from '@/components/ui/button';
import { FormError, Textarea } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
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
    <Modal open title={title} onClose={onClose}>
      <form noValidate onSubmit={handleSubmit((values) => submit(() => sentNow(onSubmit(values.comment.trim()))))} className="space-y-4" aria-label={title}>
        <Textarea
          label={label}
          rows={3}
          maxLength={MAX_COMMENT}
          required={required}
          error={errors.comment?.message}
          className="min-h-24"
          {...register('comment')}
        />
        <FormError>{formError}</FormError>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={isSubmitting}>
            {submitText}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
