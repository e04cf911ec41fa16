import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

export interface ViewAllTextDialogProps {
  title: string;
  text: string;
  onClose: () => void;
}

/** The whole of a text that lists cut short (spec §2, View-all-text). */
export function ViewAllTextDialog({ title, text, onClose }: ViewAllTextDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open title={title} onClose={onClose} footer={<Button onClick={onClose}>{t('common.close')}</Button>}>
      <p className="text-sm break-words whitespace-pre-wrap">{text}</p>
    </Modal>
  );
}
