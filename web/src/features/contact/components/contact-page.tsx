import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { ContactForm } from './contact-form';

export function ContactPage() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
      <Card>
        <h2 className="mb-2 text-xl font-semibold">{t('contact.page.title')}</h2>
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">{t('contact.page.intro')}</p>
        <ContactForm />
      </Card>
      <Card className="space-y-3 text-sm text-slate-600 dark:text-slate-300">
        <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">{t('contact.page.beforeTitle')}</h2>
        <p>{t('contact.page.faq')}</p>
        <p>{t('contact.page.address')}</p>
        <p>{t('contact.page.answer')}</p>
      </Card>
    </div>
  );
}
