import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { formatDate } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';

/** The day these terms took effect. */
const TERMS_EFFECTIVE = '2024-08-20';

/** English writes the date as the terms always have (month first); the other languages in their own format. */
const termsEffectiveDate = () => (currentLanguage() === 'en' ? '08/20/2024' : formatDate(TERMS_EFFECTIVE));

/** The sections' catalogue keys (`auth.terms.<section>.title`, `.p1`, `.p2`…) and their paragraphs, in order. */
const sections: Array<{ key: string; paragraphs: string[] }> = [
  { key: 'auth.terms.introduction', paragraphs: ['p1', 'p2'] },
  { key: 'auth.terms.definitions', paragraphs: ['p1', 'p2'] },
  { key: 'auth.terms.obligations', paragraphs: ['p1', 'p2', 'p3'] },
  { key: 'auth.terms.intellectualProperty', paragraphs: ['p1', 'p2'] },
  { key: 'auth.terms.userContent', paragraphs: ['p1', 'p2'] },
  { key: 'auth.terms.privacy', paragraphs: ['p1', 'p2'] },
  { key: 'auth.terms.liability', paragraphs: ['p1', 'p2'] },
  { key: 'auth.terms.termination', paragraphs: ['p1', 'p2'] },
  { key: 'auth.terms.changes', paragraphs: ['p1'] },
  { key: 'auth.terms.contact', paragraphs: ['p1'] },
];

export function TermsContent() {
  const { t } = useTranslation();
  return (
    <div className="space-y-5 text-sm leading-relaxed text-slate-700 dark:text-slate-300">
      <p className="font-medium">{t('auth.terms.effectiveDate', { date: termsEffectiveDate() })}</p>
      {sections.map((section) => (
        <section key={section.key} className="space-y-2">
          <h3 className="text-base font-semibold text-slate-900 dark:text-slate-100">{t(`${section.key}.title`)}</h3>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{t(`${section.key}.${paragraph}`)}</p>
          ))}
        </section>
      ))}
    </div>
  );
}

export function TermsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} size="lg" title={t('auth.terms.title')} onClose={onClose} footer={<Button onClick={onClose}>{t('common.close')}</Button>}>
      <TermsContent />
    </Modal>
  );
}
