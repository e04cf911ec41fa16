import { z } from 'zod';
import { msg, t } from '@/lib/i18n';
import type { WebhookEvent, WebhookFormat, WebhookInput } from './webhooks';

export const formats: readonly WebhookFormat[] = ['slack', 'teams', 'generic'];

/** A format's name in the person's language ('Slack-compatible'); an unknown one as the server wrote it. */
export const formatLabel = (format: string): string => (formats.includes(format as WebhookFormat) ? t(`webhooks.formats.${format}`) : format);

/** What a format suits, under the format picker. */
export const formatHint = (format: WebhookFormat): string => t(`webhooks.formatHints.${format}`);

export interface EventChoice {
  event: WebhookEvent;
  /** The event's words in the catalogues: webhooks.events.<key>.label and .explanation. */
  key: string;
  /** Breaks and working time are shared only when the team chooses to. */
  optional?: boolean;
}

export const eventChoices: readonly EventChoice[] = [
  { event: 'leave.approved', key: 'leaveApproved' },
  { event: 'daily.absences', key: 'dailyAbsences' },
  { event: 'break.started', key: 'breakStarted', optional: true },
  { event: 'break.ended', key: 'breakEnded', optional: true },
  { event: 'work.started', key: 'workStarted', optional: true },
  { event: 'work.ended', key: 'workEnded', optional: true },
];

const choiceOf = (event: string) => eventChoices.find((choice) => choice.event === event);

/** An event's name ('Leave approved'); an unknown event as the server wrote it. */
export const eventLabel = (event: string) => {
  const choice = choiceOf(event);
  return choice ? t(`webhooks.events.${choice.key}.label`) : event;
};

/** What an event posts, under its box. */
export const eventExplanation = (choice: EventChoice) => t(`webhooks.events.${choice.key}.explanation`);

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A URL the browser can parse, http(s) only; whether it must be https and public is the server's call. */
const isWebAddress = (text: string) => {
  try {
    const url = new URL(text.trim());
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
};

export const webhookSchema = z
  .object({
    url: z
      .string()
      .trim()
      .min(1, { error: msg('webhooks.validation.urlRequired') })
      .refine(isWebAddress, { error: msg('webhooks.validation.urlShape') }),
    format: z.enum(['slack', 'teams', 'generic']),
    events: z
      .array(z.enum(['leave.approved', 'daily.absences', 'break.started', 'break.ended', 'work.started', 'work.ended']))
      .min(1, { error: msg('webhooks.validation.eventsRequired') }),
    dailyAt: z.string(),
  })
  .superRefine((values, context) => {
    // The time matters only for the daily post.
    if (values.events.includes('daily.absences') && !HH_MM.test(values.dailyAt)) {
      context.addIssue({ code: 'custom', path: ['dailyAt'], message: t('webhooks.validation.dailyAt') });
    }
  });

export type WebhookFormValues = z.input<typeof webhookSchema>;

export const emptyWebhookForm: WebhookFormValues = { url: '', format: 'slack', events: [], dailyAt: '09:00' };

export const toWebhookBody = (values: WebhookFormValues): WebhookInput => ({
  url: values.url.trim(),
  format: values.format,
  events: eventChoices.map((choice) => choice.event).filter((event) => values.events.includes(event)),
  ...(values.events.includes('daily.absences') ? { dailyAt: values.dailyAt } : {}),
});
