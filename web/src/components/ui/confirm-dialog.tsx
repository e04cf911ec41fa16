import { useCallback } from 'react';
import { useAlert } from './alert-dialog';

/** The generic delete texts of spec §8. */
export const deleteTexts = {
  confirmTitle: 'Are you sure?',
  confirmText: "You won't be able to revert this!",
  confirmButton: 'Yes, delete it!',
  cancelButton: 'No, cancel!',
  deletedTitle: 'Deleted!',
  deletedText: 'Your record has been deleted.',
  cancelledTitle: 'Cancelled',
  cancelledText: 'Your record is safe.',
  errorTitle: 'Error!',
  errorText: 'There was an error deleting your record.',
} as const;

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
