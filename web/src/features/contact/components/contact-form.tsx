import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAlert } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/field';
import { useSession } from '@/lib/auth';
import { contactSchema, MAX_CONTACT_DESCRIPTION, MAX_CONTACT_SUBJECT, sendContactMessage, type ContactValues } from '../api/send-contact';

export interface ContactFormProps {
  onSent?: () => void;
  onCancel?: () => void;
}

export function ContactForm({ onSent, onCancel }: ContactFormProps) {
  const { t } = useTranslation();
  const session = useSession();
  const alert = useAlert();
  const [sending, setSending] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactValues>({
    resolver: zodResolver(contactSchema),
    mode: 'onBlur',
    defaultValues: { email: session.email ?? '', subject: '', description: '', website: '' },
  });

  const onSubmit = async (values: ContactValues) => {
    if (sending) return;
    setSending(true);
    let sent = false;
    try {
      sent = await sendContactMessage(values);
    } catch (error) {
      console.error('Sending the contact message failed', error);
    }
    setSending(false);
    if (sent) {
      reset({ email: values.email, subject: '', description: '', website: '' });
      onSent?.();
      void alert({ icon: 'info', title: t('contact.sent') });
    } else {
      void alert({ icon: 'error', title: t('contact.failedTitle'), text: t('contact.failed') });
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4" aria-label={t('contact.form.label')}>
      <Input
        label={t('contact.form.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={70}
        error={errors.email?.message}
        {...register('email')}
      />
      <Input label={t('contact.form.subject')} maxLength={MAX_CONTACT_SUBJECT} error={errors.subject?.message} {...register('subject')} />
      <Textarea
        label={t('contact.form.message')}
        rows={6}
        maxLength={MAX_CONTACT_DESCRIPTION}
        hint={t('contact.form.messageHint', { max: MAX_CONTACT_DESCRIPTION })}
        error={errors.description?.message}
        {...register('description')}
      />
      <div className="visually-hidden" aria-hidden="true">
        <label htmlFor="contact-website">{t('contact.form.website')}</label>
        <input id="contact-website" type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        )}
        <Button type="submit" disabled={sending}>
          {sending ? t('contact.form.sending') : t('contact.form.send')}
        </Button>
      </div>
    </form>
  );
}
