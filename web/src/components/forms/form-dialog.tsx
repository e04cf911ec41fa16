import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/field';
import { Modal, type ModalSize } from '@/components/ui/modal';

export interface FormDialogProps {
  title: string;
  /** The form's name for screen readers; the title when none. */
  label?: string;
  size?: ModalSize;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  /** A failed save's message under the form (none for the forms that show their failures in a toast). */
  error?: string;
  /** While the save is on its way the save button is disabled and says `savingLabel` (else still `saveLabel`). */
  saving: boolean;
  saveLabel: string;
  savingLabel?: string;
  danger?: boolean;
  children: ReactNode;
}

/** A record's dialog: its title, the form's fields, a failed save's message, then Cancel and the save button. */
export function FormDialog({ title, label, size, onClose, onSubmit, error, saving, saveLabel, savingLabel, danger, children }: FormDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open size={size} title={title} onClose={onClose}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4" aria-label={label ?? title}>
        {children}
        <FormError>{error}</FormError>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={saving}>
            {saving ? (savingLabel ?? saveLabel) : saveLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
