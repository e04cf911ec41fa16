import { Modal } from '@/components/ui/modal';
import { ContactForm } from './contact-form';

export function ContactDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal open size="lg" title="Contact Us" onClose={onClose}>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">
        Questions, ideas or something not working? Send us a message and we will answer by email, usually within two working days.
      </p>
      <ContactForm onSent={onClose} onCancel={onClose} />
    </Modal>
  );
}
