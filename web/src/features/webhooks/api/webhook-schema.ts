import { z } from 'zod';
import type { WebhookEvent, WebhookFormat, WebhookInput } from './webhooks';

export const formatLabels: Record<WebhookFormat, string> = {
  slack: 'Slack-compatible',
  teams: 'Microsoft Teams',
  generic: 'Generic JSON, signed',
};

export const formatHints: Record<WebhookFormat, string> = {
  slack: 'A Slack incoming webhook; Mattermost, Rocket.Chat and Discord (its /slack address) take it too.',
  teams: 'A Teams Workflows webhook ("Post to a channel when a webhook request is received").',
  generic: 'Your own receiver: JSON with the event and its details, signed with a secret.',
};

export const formats: readonly WebhookFormat[] = ['slack', 'teams', 'generic'];

export interface EventChoice {
  event: WebhookEvent;
  label: string;
  explanation: string;
  /** Breaks are shared only when the team chooses to. */
  optional?: boolean;
}

export const eventChoices: readonly EventChoice[] = [
  { event: 'leave.approved', label: 'Leave approved', explanation: 'Posts who will be away, and when, as soon as a leave is approved.' },
  { event: 'daily.absences', label: 'Who is off today', explanation: 'One post each day at the time you choose, listing who is on leave.' },
  {
    event: 'break.started',
    label: 'Break started',
    explanation: 'Posts when someone starts a break. Tick it only if your team has agreed to share its breaks.',
    optional: true,
  },
  { event: 'break.ended', label: 'Break ended', explanation: 'Posts when someone is back from a break.', optional: true },
];

export const eventLabel = (event: string) => eventChoices.find((choice) => choice.event === event)?.label ?? event;

export const webhookMessages = {
  urlRequired: 'The webhook URL is required.',
  urlShape: 'Enter the full address, starting with https://.',
  eventsRequired: 'Choose at least one event.',
  dailyAt: 'Give a time as HH:MM, such as 09:00.',
  addFailed: 'The webhook could not be added. Please try again later.',
  removeFailed: 'The webhook could not be removed. Please try again later.',
  loadFailed: 'The webhooks could not be loaded. Please try again later.',
} as const;

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
    url: z.string().trim().min(1, webhookMessages.urlRequired).refine(isWebAddress, webhookMessages.urlShape),
    format: z.enum(['slack', 'teams', 'generic']),
    events: z.array(z.enum(['leave.approved', 'daily.absences', 'break.started', 'break.ended'])).min(1, webhookMessages.eventsRequired),
    dailyAt: z.string(),
  })
  .superRefine((values, context) => {
    // The time matters only for the daily post.
    if (values.events.includes('daily.absences') && !HH_MM.test(values.dailyAt)) {
      context.addIssue({ code: 'custom', path: ['dailyAt'], message: webhookMessages.dailyAt });
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
