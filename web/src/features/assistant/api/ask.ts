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
  /** What the server understood ('clockIn', 'logWork'...), when it said. */
  intent?: string;
}

/** The chat's own answers, in the language of the moment: an empty answer, and a call that failed. */
export const notUnderstood = () => t('assistant.notUnderstood');
export const connectionTrouble = () => t('assistant.connectionTrouble');
/** The server's limit (src/lib/api-rules.ts, generated from the API document). */
export const MAX_MESSAGE_LENGTH = AskInput.properties.message.maxLength;

const DATE_FIELDS = new Set(['createdDate', 'scheduled', 'fromDate', 'toDate', 'scheduleDate', 'date']);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `optional`: a string or null (a leave's `typeId`: null is the team's default type); `strings`: a list of ids. */
type FieldKind = 'string' | 'optional' | 'strings' | 'boolean' | 'number' | 'breaks';

const fieldsOf: Record<AssistantActionName, Record<string, FieldKind>> = {
  createBreak: { type: 'string', reason: 'string', startTime: 'string', endTime: 'string', createdDate: 'string' },
  createTask: { title: 'string', description: 'string', scheduled: 'string', status: 'string', priority: 'string' },
  createLeave: { fromDate: 'string', toDate: 'string', reason: 'string', days: 'number', typeId: 'optional' },
  createMeeting: { title: 'string', from: 'string', to: 'string', scheduleDate: 'string', description: 'string', attendees: 'strings' },
  createChecklist: { task: 'string', status: 'boolean', createdDate: 'string', isFeature: 'boolean' },
  logWork: { date: 'string', start: 'string', end: 'string', note: 'string', breaks: 'breaks' },
};

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/** A list of ids (a meeting's attendees): its non-empty strings. */
const idsOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value
        .filter((id): id is string => typeof id === 'string')
        .map(text)
        .filter(Boolean)
    : [];

/** The breaks of a proposed work day: each an object with its type and times (anything else is left out). */
function breaksOf(value: unknown): Array<{ type: string; startTime: string; endTime: string }> {
  if (!Array.isArray(value)) return [];
  return value
    .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null && !Array.isArray(item))
    .map((item) => ({ type: text(item['type']), startTime: text(item['startTime']), endTime: text(item['endTime']) }));
}

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
    if (kind === 'breaks') action[field] = breaksOf(value);
    else if (kind === 'strings') action[field] = idsOf(value);
    else if (kind === 'optional') action[field] = text(value) || null;
    else if (kind === 'boolean') action[field] = value === true || value === 'true';
    else if (kind === 'number') {
      const n = typeof value === 'number' ? value : Number(value);
      if (Number.isFinite(n) && value !== '' && value !== null && value !== undefined) action[field] = n;
    } else {
      let written = text(value);
      if (DATE_FIELDS.has(field) && written && !ISO_DATE.test(written)) written = today;
      action[field] = written;
    }
  }
  return action as unknown as AssistantAction;
}

/** What the chat shows for an answer, however incomplete: the summary (or 'Sorry, I didn't get that.') and the proposal. */
export function toReply(answer: Partial<AskAnswer> | undefined, today?: string): AssistantReply {
  const summary = typeof answer?.summary === 'string' ? answer.summary.trim() : '';
  const action = Array.isArray(answer?.actions) ? toAction(answer.actions[0], today) : undefined;
  const intent = typeof answer?.intent === 'string' ? answer.intent : undefined;
  return { text: summary || notUnderstood(), action, ...(intent ? { intent } : {}) };
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
