import { z } from 'zod';
import { api } from '@/lib/api-client';
import { ContactInput } from '@/lib/api-rules';

/** The server's limits (src/lib/api-rules.ts, generated from the API document). */
export const MAX_CONTACT_SUBJECT = ContactInput.properties.subject.maxLength;
export const MAX_CONTACT_DESCRIPTION = ContactInput.properties.description.maxLength;

export const contactMessages = {
  email: 'Please provide a valid email.',
  subjectRequired: 'Subject is required.',
  subjectMax: `Subject must not exceed ${MAX_CONTACT_SUBJECT} characters.`,
  descriptionRequired: 'Description is required.',
  descriptionMax: `Description must not exceed ${MAX_CONTACT_DESCRIPTION} characters.`,
  sent: 'Message sent successfully.',
  failedTitle: 'Notice',
  failed: 'Error in sending message.',
} as const;

export const contactSchema = z.object({
  email: z
    .string()
    .trim()
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, contactMessages.email),
  subject: z.string().trim().min(1, contactMessages.subjectRequired).max(MAX_CONTACT_SUBJECT, contactMessages.subjectMax),
  description: z.string().trim().min(1, contactMessages.descriptionRequired).max(MAX_CONTACT_DESCRIPTION, contactMessages.descriptionMax),
  /** Honeypot: people never see this field, so anything in it came from a bot. */
  website: z.string(),
});

export type ContactValues = z.infer<typeof contactSchema>;

/** Resolves true only when the server answers the agreed text 'message sent!'. */
export async function sendContactMessage(values: ContactValues): Promise<boolean> {
  const data = await api.post('/contactUs/send', { auth: false, body: values });
  return data === 'message sent!';
}
