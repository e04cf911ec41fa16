import { z } from 'zod';
import { api } from '@/lib/api-client';
import { ContactInput } from '@/lib/api-rules';
import { msg } from '@/lib/i18n';

/** The server's limits (src/lib/api-rules.ts, generated from the API document). */
export const MAX_CONTACT_SUBJECT = ContactInput.properties.subject.maxLength;
export const MAX_CONTACT_DESCRIPTION = ContactInput.properties.description.maxLength;

export const contactSchema = z.object({
  email: z
    .string()
    .trim()
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: msg('contact.validation.email') }),
  subject: z
    .string()
    .trim()
    .min(1, { error: msg('contact.validation.subjectRequired') })
    .max(MAX_CONTACT_SUBJECT, { error: msg('contact.validation.subjectMax', { max: MAX_CONTACT_SUBJECT }) }),
  description: z
    .string()
    .trim()
    .min(1, { error: msg('contact.validation.descriptionRequired') })
    .max(MAX_CONTACT_DESCRIPTION, { error: msg('contact.validation.descriptionMax', { max: MAX_CONTACT_DESCRIPTION }) }),
  /** Honeypot: people never see this field, so anything in it came from a bot. */
  website: z.string(),
});

export type ContactValues = z.infer<typeof contactSchema>;

/** Resolves true only when the server answers the agreed text 'message sent!'. */
export async function sendContactMessage(values: ContactValues): Promise<boolean> {
  const data = await api.post('/contactUs/send', { auth: false, body: values });
  return data === 'message sent!';
}
