import type { ComponentType } from 'react';

/**
 * The contract between Break Buddy's chat and the record forms (spec §3, §4). The assistant proposes a record as
 * the first of `data.actions`: an action name plus the record's own API fields (times `HH:MM` 24 h, dates
 * `YYYY-MM-DD`; a field it could not fill is empty). The chat opens the matching form pre-filled with it.
 *
 * Features do not import each other, so the app layer wires the forms: it builds a {@link PrefilledForms} map,
 * adapting each feature's add dialog to {@link PrefilledFormProps}, and hands it to the chat.
 */

export interface BreakPrefill {
  type: string;
  reason: string;
  startTime: string;
  endTime: string;
  createdDate: string;
}

export interface TaskPrefill {
  title: string;
  description: string;
  scheduled: string;
  status: string;
  priority: string;
}

export interface LeavePrefill {
  fromDate: string;
  toDate: string;
  reason: string;
  days?: number;
  /** The leave type the sentence named (null: the team's default type). */
  typeId?: string | null;
}

export interface MeetingPrefill {
  /** A short name: the topic the sentence gives ("about the budget": "Budget"). */
  title: string;
  from: string;
  to: string;
  scheduleDate: string;
  description: string;
  /** The user ids of the teammates the sentence names, invited as attendees. */
  attendees: string[];
}

export interface ChecklistPrefill {
  task: string;
  status: boolean;
  createdDate: string;
  isFeature: boolean;
}

/** A break inside a proposed work day (its date is the day's). */
export interface WorkDayBreakPrefill {
  type: string;
  startTime: string;
  endTime: string;
}

/**
 * A day's work told in one sentence ("worked 8 to 5 with lunch at 12 to 12:45"): the period (`start`, `end`, an end
 * before the start is the next day), the note a manual period needs, and the breaks inside it.
 */
export interface WorkDayPrefill {
  date: string;
  start: string;
  end: string;
  note: string;
  breaks: WorkDayBreakPrefill[];
}

export interface PrefillByAction {
  createBreak: BreakPrefill;
  createTask: TaskPrefill;
  createLeave: LeavePrefill;
  createMeeting: MeetingPrefill;
  createChecklist: ChecklistPrefill;
  logWork: WorkDayPrefill;
}

export type AssistantActionName = keyof PrefillByAction;

/** One proposal, e.g. `{ action: 'createBreak', type: 'Coffee Break', startTime: '15:00', ... }`. */
export type AssistantAction = { [K in AssistantActionName]: { action: K } & PrefillByAction[K] }[AssistantActionName];

export const assistantActionNames: readonly AssistantActionName[] = ['createBreak', 'createTask', 'createLeave', 'createMeeting', 'createChecklist', 'logWork'];

/** Replies whose intent already changed something on the server (clocked the person in or out). */
export const clockIntents: readonly string[] = ['clockIn', 'clockOut'];

/**
 * Props of a pre-filled add form opened by the assistant. The form is open while it is rendered, and confirms a
 * save with its own short success toast (spec §8, 1.5 s); the chat then reloads the matching list page.
 */
export interface PrefilledFormProps<P> {
  prefill: P;
  /** After the record was saved (the form closes itself or is unmounted right after). */
  onSaved: () => void;
  /** Closed without saving. */
  onClose: () => void;
}

/** The forms the app layer registers, one per action; a missing one falls back to {@link PrefilledRouteState}. */
export type PrefilledForms = { [K in AssistantActionName]?: ComponentType<PrefilledFormProps<PrefillByAction[K]>> };

/**
 * Fallback when no form is registered for an action: the chat navigates to the record's list page with this
 * navigation state, and the page opens its add form with the values (`useLocation().state?.assistantPrefill`).
 */
export interface PrefilledRouteState {
  assistantPrefill: AssistantAction;
}

export function readPrefilledRouteState(state: unknown): AssistantAction | undefined {
  const prefill = (state as Partial<PrefilledRouteState> | null | undefined)?.assistantPrefill;
  return prefill && typeof prefill === 'object' && assistantActionNames.includes(prefill.action) ? prefill : undefined;
}
