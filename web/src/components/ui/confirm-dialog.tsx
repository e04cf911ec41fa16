import { useCallback } from 'react';
import { t } from '@/lib/i18n';
import { useAlert } from './alert-dialog';

/** The generic delete texts of spec §8 (`ui.delete.*`), each read in the person's language when it is read. */
export const deleteTexts = {
  get confirmTitle() {
    return t('ui.delete.confirmTitle');
  },
  get confirmText() {
    return t('ui.delete.confirmText');
  },
  get confirmButton() {
    return t('ui.delete.confirmButton');
  },
  get cancelButton() {
    return t('ui.delete.cancelButton');
  },
  get deletedTitle() {
    return t('ui.delete.deletedTitle');
  },
  get deletedText() {
    return t('ui.delete.deletedText');
  },
  get cancelledTitle() {
    return t('ui.delete.cancelledTitle');
  },
  get cancelledText() {
    return t('ui.delete.cancelledText');
  },
  get errorTitle() {
    return t('ui.delete.errorTitle');
  },
  get errorText() {
    return t('ui.delete.errorText');
  },
};

export interface ConfirmDeleteOptions {
  /** Replaces the confirmation question, e.g. 'Do you really want to delete {item}?'. */
  text?: string;
}

/**
 * Asks before deleting, runs the delete, and reports the outcome with the generic texts.
 * Resolves true when the record was deleted.
 *
 *   const confirmDelete = useConfirmDelete();
 *   if (await confirmDelete(() => deleteBreak(record))) mutate();
 */
export function useConfirmDelete(): (remove: () => Promise<unknown>, options?: ConfirmDeleteOptions) => Promise<boolean> {
  const alert = useAlert();
  return useCallback(
    async (remove, options = {}) => {
      const confirmed = await alert({
        icon: 'warning',
        title: deleteTexts.confirmTitle,
        text: options.text ?? deleteTexts.confirmText,
        confirmText: deleteTexts.confirmButton,
        cancelText: deleteTexts.cancelButton,
        danger: true,
      });
      if (!confirmed) {
        void alert({ icon: 'error', title: deleteTexts.cancelledTitle, text: deleteTexts.cancelledText });
        return false;
      }
      try {
        await remove();
      } catch (error) {
        console.error('Delete failed', error);
        void alert({ icon: 'error', title: deleteTexts.errorTitle, text: deleteTexts.errorText });
        return false;
      }
      void alert({ icon: 'success', title: deleteTexts.deletedTitle, text: deleteTexts.deletedText });
      return true;
    },
    [alert],
  );
}
