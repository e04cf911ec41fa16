import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/modal';
import { ContactForm } from './contact-form';

export function ContactDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open size="lg" title={t('contact.dialogTitle')} onClose={onClose}>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">{t('contact.dialogIntro')}</p>
      <ContactForm onSent={onClose} onCancel={onClose} />
    </Modal>
  );
}
