import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Modal, type ModalProps } from './modal';

/** One field of a record: its label and value, side by side. */
export function DetailsRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_1fr] gap-2 py-2">
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-sm break-words whitespace-pre-wrap">{children}</dd>
    </div>
  );
}

export interface DetailsDialogProps {
  title: string;
  size?: ModalProps['size'];
  onClose: () => void;
  /** Offers Edit (beside Close) when given. */
  onEdit?: () => void;
  /** The record's {@link DetailsRow}s. */
  children: ReactNode;
}

/** The details dialog of a record (a break, a task): its fields as a list, Edit when it may be edited, and Close. */
export function DetailsDialog({ title, size, onClose, onEdit, children }: DetailsDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      size={size}
      title={title}
      onClose={onClose}
      footer={
        <>
          {onEdit && (
            <Button variant="secondary" onClick={onEdit}>
              {t('common.edit')}
            </Button>
          )}
          <Button onClick={onClose}>{t('common.close')}</Button>
        </>
      }
    >
      <dl className="divide-y divide-slate-200 dark:divide-slate-700">{children}</dl>
    </Modal>
  );
}
