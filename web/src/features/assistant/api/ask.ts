import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { AskInput } from '@/lib/api-rules';
import { assistantActionNames, type AssistantAction, type AssistantActionName } from '@/lib/assistant-actions';
import { todayIso } from '@/lib/format';
import { t } from '@/lib/i18n';
import { readSession } from '@/lib/session';
import type { Schemas } from '@/lib/api-schema';

/** `data` of `POST /assistant/ask` on the assistant API (spec §3, §7). */
export type AskAnswer = Schemas['AssistantReply'];

/** What the chat shows for an answer. */
export interface AssistantReply {
  text: string;
  action?: AssistantAction;
}

/** The chat's own answers, in the language of the moment: an empty answer, and a call that failed. */
export const notUnderstood = () => t('assistant.notUnderstood');
export const connectionTrouble = () => t('assistant.connectionTrouble');
/** The server's limit (src/lib/api-rules.ts, generated from the API document). */
export const MAX_MESSAGE_LENGTH = AskInput.properties.message.maxLength;

const DATE_FIELDS = new Set(['createdDate', 'scheduled', 'fromDate', 'toDate', 'scheduleDate']);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const fieldsOf: Record<AssistantActionName, Record<string, 'string' | 'boolean' | 'number'>> = {
  createBreak: { type: 'string', reason: 'string', startTime: 'string', endTime: 'string', createdDate: 'string' },
  createTask: { title: 'string', description: 'string', scheduled: 'string', status: 'string', priority: 'string' },
  createLeave: { fromDate: 'string', toDate: 'string', reason: 'string', days: 'number' },
  createMeeting: { from: 'string', to: 'string', scheduleDate: 'string', description: 'string' },
  createChecklist: { task: 'string', status: 'boolean', createdDate: 'string', isFeature: 'boolean' },
};

/**
 * The first proposal of an answer as a typed action, or undefined when there is none. Every field is coerced to
 * its type (missing ones empty), and a placeholder date ('YYYY-MM-DD', 'today', ...) becomes today (spec §4).
 */
export function toAction(raw: Record<string, unknown> | undefined, today: string = todayIso()): AssistantAction | undefined {
  const name = raw?.action;
  if (!raw || typeof name !== 'string' || !assistantActionNames.includes(name as AssistantActionName)) return undefined;
  const action: Record<string, unknown> = { action: name };
  for (const [field, kind] of Object.entries(fieldsOf[name as AssistantActionName])) {
    const value = raw[field];
    if (kind === 'boolean') action[field] = value === true || value === 'true';
    else if (kind === 'number') {
      const n = typeof value === 'number' ? value : Number(value);
      if (Number.isFinite(n) && value !== '' && value !== null && value !== undefined) action[field] = n;
    } else {
      let text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
      if (DATE_FIELDS.has(field) && text && !ISO_DATE.test(text)) text = today;
      action[field] = text;
    }
  }
  return action as unknown as AssistantAction;
}

/** What the chat shows for an answer, however incomplete: the summary (or 'Sorry, I didn't get that.') and the proposal. */
export function toReply(answer: Partial<AskAnswer> | undefined, today?: string): AssistantReply {
  const summary = typeof answer?.summary === 'string' ? answer.summary.trim() : '';
  const action = Array.isArray(answer?.actions) ? toAction(answer.actions[0], today) : undefined;
  return { text: summary || notUnderstood(), action };
}

/**
 * Asks Break Buddy. Guests ask without a token (they get help answers and the login notice); a signed-in call
 * goes through the session's token check like every other call. A rate limit answers its own message; any
 * other failure the connection message of §8.
 */
export async function askAssistant(message: string): Promise<AssistantReply> {
  try {
    const body: Schemas['AskInput'] = { message };
    const answer: AskAnswer = await api.post('/assistant/ask', { api: 'assistant', auth: readSession().signedIn, body });
    return toReply(answer);
  } catch (error) {
    if (error instanceof ApiError && error.status === 429 && error.message) return { text: error.message };
    console.error('The assistant call failed', error);
    return { text: connectionTrouble() };
  }
}
