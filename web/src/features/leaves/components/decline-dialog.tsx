import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '@/components/forms/form-dialog';
import { Textarea } from '@/components/ui/field';
import { ApiError, errorMessage } from '@/lib/api-error';
import { DecisionInput } from '@/lib/api-rules';
import { msg } from '@/lib/i18n';

/** The server's limit (src/lib/api-rules.ts, generated from the API document). */
export const MAX_DECISION_COMMENT = DecisionInput.properties.comment.maxLength;

export const declineSchema = z.object({
  comment: z
    .string()
    .trim()
    .max(MAX_DECISION_COMMENT, { error: msg('leaves.validation.commentMax', { max: MAX_DECISION_COMMENT }) }),
});

type DeclineValues = z.input<typeof declineSchema>;

export interface DeclineDialogProps {
  /** Whose request, for the title, e.g. 'Ada Lovelace, 02/06/2025 – 04/06/2025'. */
  summary: string;
  /** Sends the decline; a rejection keeps the dialog open with the server's message. */
  onDecline: (comment: string) => Promise<void>;
  onClose: () => void;
}

/** Declines a leave request with an optional comment the requester will read. */
export function DeclineDialog({ summary, onDecline, onClose }: DeclineDialogProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DeclineValues>({ resolver: zodResolver(declineSchema), mode: 'onBlur', defaultValues: { comment: '' } });

  const onSubmit = async ({ comment }: DeclineValues) => {
    try {
      await onDecline(comment.trim());
      onClose();
    } catch (error) {
      const field = error instanceof ApiError ? error.fieldErrors.comment : undefined;
      setError(field ? 'comment' : 'root', { message: field ?? errorMessage(error, t('leaves.decline.failed')) });
    }
  };

  return (
    <FormDialog
      title={t('leaves.decline.title')}
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
      error={errors.root?.message}
      saving={isSubmitting}
      saveLabel={t('leaves.requests.decline')}
      savingLabel={t('leaves.decline.declining')}
      danger
    >
      <p className="text-sm text-slate-700 dark:text-slate-300">{summary}</p>
      <Textarea
        label={t('leaves.decline.comment')}
        rows={3}
        maxLength={MAX_DECISION_COMMENT}
        hint={t('leaves.decline.commentHint')}
        error={errors.comment?.message}
        className="min-h-24"
        {...register('comment')}
      />
    </FormDialog>
  );
}
