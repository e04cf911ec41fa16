import { useState } from 'react';
import { useToast } from '@/components/ui/toast';
import { SHORT_TOAST_MS } from '@/config/constants';
import { ApiError, errorMessage } from '@/lib/api-error';
import { useRequireAuth } from '@/lib/auth';
import { t } from '@/lib/i18n';
import { queuedMessage, type WriteOutcome } from '@/lib/offline/write';

/** How a form shows a save the server refused, or that never reached it. */
export type SaveFailure =
  /** Under the form: each field's message under the field; without one, the server's message or `fallback`. */
  | { show: 'inline'; fallback: string }
  /** A toast every time (the fields' messages still go under them); `message` takes the error when it depends on it. */
  | { show: 'toast'; title: string; message: string | ((error: unknown) => string) };

export interface RecordFormOptions<Field extends string, Saved> {
  /** What is saved, for the console's message of a failure ('the break'); none logs nothing. */
  what?: string;
  /** The form's fields a 422 may name, by the body's JSON names (the form's own names). */
  fields: readonly Field[];
  /** Fields the form has no control for: a 422's message for one of them is the form's message (inline only). */
  formFields?: readonly string[];
  /** Shows a server's message under a field (react-hook-form's `setError`). */
  setFieldError: (field: Field, message: string) => void;
  /** The toast of a save that reached the server (none without it). */
  savedMessage?: (saved: Saved) => string;
  /** Said after the queued toast's message, when a save waits for the connection. */
  queuedNote?: string;
  failure: SaveFailure;
  onSaved?: (saved: Saved) => void;
  /** Closes the form after a save (sent or queued). */
  onClose?: () => void;
}

/** A save that never waits in the queue (an admin's settings), as the queue's outcome. */
export const sentNow = async <Saved>(save: Promise<Saved>): Promise<WriteOutcome<Saved>> => ({ queued: false, data: await save });

/**
 * The one submit path of the record forms: it asks for a sign-in when signed out, sends the save, says so in a toast
 * (a queued save that it is waiting to sync), closes the form, and on failure puts the server's field messages under
 * the fields and the rest where the form shows its failures. `submit` answers whether it was saved (or queued);
 * `formError` is the message to show under the form.
 */
export function useRecordForm<Field extends string, Saved>(options: RecordFormOptions<Field, Saved>) {
  const requireAuth = useRequireAuth();
  const toast = useToast();
  const [formError, setFormError] = useState<string>();
  const { what, fields, formFields, setFieldError, savedMessage, queuedNote, failure, onSaved, onClose } = options;

  const submit = async (save: () => Promise<WriteOutcome<Saved>>): Promise<boolean> => {
    if (!requireAuth()) return false;
    setFormError(undefined);
    let outcome: WriteOutcome<Saved>;
    try {
      outcome = await save();
    } catch (error) {
      if (what) console.error(`Saving ${what} failed`, error);
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
      const placed = fields.filter((field) => fieldErrors[field]);
      for (const field of placed) setFieldError(field, fieldErrors[field] ?? '');
      if (failure.show === 'toast') {
        toast.show({ title: failure.title, message: typeof failure.message === 'string' ? failure.message : failure.message(error), variant: 'error' });
      } else if (placed.length === 0) {
        const formField = formFields?.find((field) => fieldErrors[field]);
        setFormError((formField && fieldErrors[formField]) || errorMessage(error, failure.fallback));
      }
      return false;
    }
    if (outcome.queued) {
      toast.show({ title: t('offline.waitingToSync'), message: queuedMessage(queuedNote), variant: 'info' });
    } else {
      if (savedMessage) toast.show({ message: savedMessage(outcome.data), variant: 'success', duration: SHORT_TOAST_MS });
      onSaved?.(outcome.data);
    }
    onClose?.();
    return true;
  };

  return { submit, formError };
}
