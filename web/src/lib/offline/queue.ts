import { createStore, get, set, update, type UseStore } from 'idb-keyval';
import { ApiError } from '../api-error';
import { t } from '../i18n';
export { newIdempotencyKey } from '../idempotency-key';

/**
 * The offline queue: writes made without a connection (or whose call failed on the network) wait here, in
 * IndexedDB, each with the Idempotency-Key it was first sent with, and are sent again in order when the
 * connection is back. A repeat of a write the server already made is answered from the server's record of that
 * key (docs/api.md, Idempotent writes), so a lost answer retried never makes a second record.
 */

/** What a queued write is about: the lists that show it and the reads to revalidate once it is sent. */
export type QueueKind = 'live-break' | 'live-work' | 'break' | 'task' | 'meeting' | 'leave' | 'checklist';
export type QueueAction = 'start' | 'end' | 'add' | 'edit' | 'delete';
/**
 * `waiting`: to be sent. `conflict`: an edit of a record that changed (or went) on the server meanwhile, waiting for
 * the person's choice. `failed`: the server refused it (its message says why); it can only be discarded.
 */
export type QueueStatus = 'waiting' | 'conflict' | 'failed';
export type WriteMethod = 'POST' | 'PUT' | 'DELETE';

export type RecordFields = Record<string, unknown>;

export interface QueuedWrite {
  /** The Idempotency-Key, the same on every attempt; also the item's id. */
  key: string;
  /** Position in the queue: items are sent by ascending `seq`. */
  seq: number;
  /** Whose write it is: only the signed-in person's items are sent or shown. */
  userId: string;
  kind: QueueKind;
  action: QueueAction;
  method: WriteMethod;
  path: string;
  body?: RecordFields;
  /** The record an edit or delete is about. */
  recordId?: string;
  /**
   * Edits: the record as the person saw it when editing. Its `updatedAt` is sent as `If-Match`, so the server writes
   * the edit only over that version (docs/api.md, Conditional edits).
   */
  base?: RecordFields;
  /** Display details the body does not carry (a live break's end: its type and start). */
  meta?: RecordFields;
  /** One line for the person: 'Add task: Renew the certificate'. */
  label: string;
  /** When the person made the change (RFC 3339). */
  queuedAt: string;
  status: QueueStatus;
  /** Why it failed, or what the conflict is. */
  message?: string;
  /** A conflict: the server's version now, or null when the record was deleted. */
  server?: RecordFields | null;
  /** Chosen "keep mine" after a conflict: sent without `If-Match` (over whatever the server has). */
  force?: boolean;
  /** Attempts that did not reach the server (or got no answer). */
  tries: number;
}

export type NewWrite = Omit<QueuedWrite, 'seq' | 'status' | 'tries' | 'queuedAt'> & { queuedAt?: string };

const QUEUE_KEY = 'writes';
const CHANNEL = 'breaktime-offline-queue';

// ---- storage: one array in IndexedDB, with an in-memory copy for rendering -------------------------------

let store: UseStore | null | undefined;
let memory: QueuedWrite[] = [];
let loaded: Promise<void> | undefined;
const listeners = new Set<() => void>();
let channel: BroadcastChannel | undefined;

function idb(): UseStore | null {
  if (store !== undefined) return store;
  try {
    store = typeof indexedDB === 'undefined' ? null : createStore('breaktime-offline', 'queue');
  } catch {
    // No IndexedDB (some private modes): the queue still works, for as long as the tab is open.
    store = null;
  }
  return store;
}

function broadcast(): BroadcastChannel | undefined {
  if (channel || typeof BroadcastChannel === 'undefined') return channel;
  channel = new BroadcastChannel(CHANNEL);
  // Another tab changed the queue: read it again.
  channel.onmessage = () => void reloadQueue();
  return channel;
}

function publish(items: QueuedWrite[], fromOtherTab = false): void {
  // An empty queue read again (every start-up) changes nothing: readers keep their snapshot and do not render again.
  if (items.length === 0 && memory.length === 0) return;
  memory = [...items].sort((a, b) => a.seq - b.seq);
  for (const listener of listeners) listener();
  if (!fromOtherTab) broadcast()?.postMessage('changed');
}

/** Reads the stored queue again (at start-up, and when another tab changed it). */
export async function reloadQueue(): Promise<void> {
  const db = idb();
  if (!db) return;
  try {
    const stored = (await get<QueuedWrite[]>(QUEUE_KEY, db)) ?? [];
    publish(stored, true);
  } catch (error) {
    console.error('Reading the offline queue failed', error);
  }
}

/** Loads the queue once; every reader waits for it. */
export function ensureQueueLoaded(): Promise<void> {
  broadcast();
  loaded ??= reloadQueue();
  return loaded;
}

/** Changes the queue in one IndexedDB transaction (other tabs' changes are not lost) and answers the result. */
async function change(edit: (items: QueuedWrite[]) => QueuedWrite[]): Promise<QueuedWrite[]> {
  await ensureQueueLoaded();
  const db = idb();
  let result: QueuedWrite[] = [];
  if (db) {
    try {
      await update<QueuedWrite[]>(
        QUEUE_KEY,
        (old) => {
          result = edit(old ?? []);
          return result;
        },
        db,
      );
    } catch (error) {
      console.error('Saving the offline queue failed', error);
      result = edit(memory);
    }
  } else {
    result = edit(memory);
  }
  publish(result);
  return result;
}

// ---- reading --------------------------------------------------------------------------------------------

export function queueSnapshot(): readonly QueuedWrite[] {
  return memory;
}

export function subscribeQueue(listener: () => void): () => void {
  listeners.add(listener);
  // In a task of its own: opening the database and the channel to other tabs would lengthen the first screen's
  // effects, which run in one task.
  if (!loaded) setTimeout(() => void ensureQueueLoaded(), 0);
  return () => listeners.delete(listener);
}

/** The person's items, in order. */
export function itemsOf(items: readonly QueuedWrite[], userId: string | undefined): QueuedWrite[] {
  return userId ? items.filter((item) => item.userId === userId) : [];
}

/** True when some of the person's writes still wait to be sent: a new write goes behind them. */
export function hasWaiting(userId: string | undefined): boolean {
  return itemsOf(memory, userId).some((item) => item.status === 'waiting');
}

// ---- writing --------------------------------------------------------------------------------------------

export async function enqueue(write: NewWrite): Promise<QueuedWrite> {
  let added!: QueuedWrite;
  await change((items) => {
    const seq = items.reduce((max, item) => Math.max(max, item.seq), 0) + 1;
    added = { ...write, queuedAt: write.queuedAt ?? new Date().toISOString(), seq, status: 'waiting', tries: 0 };
    return [...items.filter((item) => item.key !== write.key), added];
  });
  return added;
}

/**
 * Drops an item that was not sent. A live break's (or work period's) start takes its end along (the end alone would
 * end another one).
 */
export async function discard(key: string): Promise<void> {
  await change((items) => items.filter((item) => item.key !== key && item.meta?.['after'] !== key));
}

/** The person's choice on a conflict: send theirs as it is, or keep the server's (drop theirs). */
export async function resolveConflict(key: string, choice: 'mine' | 'server'): Promise<void> {
  if (choice === 'server') return discard(key);
  await change((items) => items.map((item) => (item.key === key ? { ...item, status: 'waiting', force: true, server: undefined, message: undefined } : item)));
}

async function patch(key: string, changes: Partial<QueuedWrite>): Promise<void> {
  await change((items) => items.map((item) => (item.key === key ? { ...item, ...changes } : item)));
}

// ---- sending --------------------------------------------------------------------------------------------

export interface SyncTransport {
  /**
   * Sends the write with its Idempotency-Key, and an edit with `If-Match: "<ifMatch>"` when given; rejects with
   * ApiError (status 0 when the server was not reached).
   */
  send(item: QueuedWrite, ifMatch?: string): Promise<unknown>;
  /** The record an edit is about as the server has it now, or null when it is gone. */
  fetchRecord(item: QueuedWrite): Promise<RecordFields | null>;
}

export interface SyncHooks {
  /** Called after a write was accepted, before it leaves the queue (to reload the lists that show it). */
  onSent?: (item: QueuedWrite, answer: unknown) => Promise<unknown> | void;
  /**
   * Called once a run has ended, whoever started it: callers that join a run already going share its result, so
   * announcing it here (not at each caller) tells the person once.
   */
  onFinished?: (result: SyncResult) => void;
}

export interface SyncResult {
  sent: QueuedWrite[];
  /** Stopped early: no connection, or the server asked to try later; the rest waits for the next run. */
  stopped: boolean;
}

export const isNetworkError = (error: unknown) => error instanceof ApiError && error.status === 0;

/** Answers that may change on a retry: keep the item and try again later (docs/api.md lists them). */
const retryLater = (status: number) => status === 0 || status === 401 || status === 408 || status === 429 || status >= 500;

/**
 * The version a queued edit may replace: the `updatedAt` of the record as the person saw it. None for other writes,
 * for an edit without one, and for "keep mine".
 */
export function expectedVersion(item: QueuedWrite): string | undefined {
  if (item.action !== 'edit' || item.force) return undefined;
  const seen = item.base?.['updatedAt'];
  return typeof seen === 'string' && seen ? seen : undefined;
}

/** `updatedAt` tells a change made meanwhile; without it, the fields the edit sends are compared. */
function changedMeanwhile(item: QueuedWrite, server: RecordFields): boolean {
  const base = item.base ?? {};
  if (typeof base['updatedAt'] === 'string' && typeof server['updatedAt'] === 'string') return base['updatedAt'] !== server['updatedAt'];
  return Object.keys(item.body ?? {}).some((field) => JSON.stringify(base[field]) !== JSON.stringify(server[field]));
}

/** The server already has every field the edit sends (an earlier attempt whose answer was lost, or the same change). */
const alreadyApplied = (item: QueuedWrite, server: RecordFields) =>
  Object.entries(item.body ?? {}).every(([field, value]) => JSON.stringify(value) === JSON.stringify(server[field]));

const sameMessage = (error: unknown, fallback: string) => (error instanceof ApiError && error.message ? error.message : fallback);

let running: Promise<SyncResult> | undefined;

/**
 * Sends the person's waiting writes in order. One run at a time in this tab, and (where the browser has Web Locks)
 * in all tabs; a second tab sending the same item anyway is answered by the server's replay.
 */
export function syncQueue(userId: string | undefined, transport: SyncTransport, hooks: SyncHooks = {}): Promise<SyncResult> {
  if (!userId) return Promise.resolve({ sent: [], stopped: false });
  running ??= withLock(() => runSync(userId, transport, hooks))
    .then((result) => {
      hooks.onFinished?.(result);
      return result;
    })
    .finally(() => {
      running = undefined;
    });
  return running;
}

function withLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  if (!locks) return run();
  return locks.request('breaktime-offline-sync', run) as Promise<T>;
}

async function runSync(userId: string, transport: SyncTransport, hooks: SyncHooks): Promise<SyncResult> {
  await reloadQueue();
  const sent: QueuedWrite[] = [];
  for (const listed of itemsOf(memory, userId)) {
    // Read it again: the person may have discarded or resolved it while earlier items were sent.
    const item = memory.find((candidate) => candidate.key === listed.key);
    if (!item || item.status !== 'waiting') continue;
    const outcome = await sendOne(item, transport);
    if (outcome.kind === 'sent') {
      await hooks.onSent?.(item, outcome.answer);
      await settle(item, outcome.answer);
      sent.push(item);
    } else if (outcome.kind === 'later') {
      await patch(item.key, { tries: item.tries + 1 });
      return { sent, stopped: true };
    } else if (outcome.kind === 'conflict') {
      await patch(item.key, { status: 'conflict', server: outcome.server, message: outcome.message });
    } else {
      await patch(item.key, { status: 'failed', message: outcome.message });
      // The end of a live break whose start was refused would end some other break: it fails with it.
      const dependent = memory.find((other) => other.meta?.['after'] === item.key && other.status === 'waiting');
      if (dependent) await patch(dependent.key, { status: 'failed', message: t('offline.errors.startNotSaved') });
    }
  }
  return { sent, stopped: false };
}

type Outcome =
  | { kind: 'sent'; answer: unknown }
  | { kind: 'later' }
  | { kind: 'conflict'; server: RecordFields | null; message: string }
  | { kind: 'failed'; message: string };

// The messages are kept with the item, in the language of the moment it was sent (the server's own are in it too).
const deletedMessage = () => t('offline.errors.deletedMeanwhile');
const changedMessage = () => t('offline.errors.changedMeanwhile');
const notSavedMessage = () => t('offline.errors.notSaved');

async function conflictOf(item: QueuedWrite, transport: SyncTransport): Promise<Outcome | undefined> {
  let server: RecordFields | null;
  try {
    server = await transport.fetchRecord(item);
  } catch (error) {
    if (error instanceof ApiError && retryLater(error.status)) return { kind: 'later' };
    throw error;
  }
  if (server === null) return { kind: 'conflict', server: null, message: deletedMessage() };
  if (changedMeanwhile(item, server) && !alreadyApplied(item, server)) return { kind: 'conflict', server, message: changedMessage() };
  return undefined;
}

async function sendOne(item: QueuedWrite, transport: SyncTransport): Promise<Outcome> {
  const ifMatch = expectedVersion(item);
  try {
    // With a version to name, the server checks it atomically with the write (a 409 below); without one, the check
    // is made here, a read before the write.
    if (item.action === 'edit' && !item.force && ifMatch === undefined) {
      const conflict = await conflictOf(item, transport);
      if (conflict) return conflict;
    }
    return { kind: 'sent', answer: await transport.send(item, ifMatch) };
  } catch (error) {
    if (!(error instanceof ApiError)) return { kind: 'failed', message: sameMessage(error, notSavedMessage()) };
    if (retryLater(error.status)) return { kind: 'later' };
    // A repeat of this key still running on the server (its first attempt): wait for it.
    if (error.status === 409 && /Idempotency-Key/i.test(error.message)) return { kind: 'later' };
    // Deleting what is already gone is done.
    if (item.action === 'delete' && error.status === 404) return { kind: 'sent', answer: undefined };
    if (item.action === 'edit' && (error.status === 409 || error.status === 404)) return refusedEdit(item, error, transport);
    return { kind: 'failed', message: sameMessage(error, notSavedMessage()) };
  }
}

/**
 * An edit the server refused with 409 or 404: the record as the server has it now tells why. Gone, or another
 * version than the one the edit began from, it is a conflict for the person to settle (unless the server already
 * holds exactly these values); the same version, it was refused for another reason (a leave that would overlap
 * another, or was decided meanwhile) and fails with the server's message.
 */
async function refusedEdit(item: QueuedWrite, error: ApiError, transport: SyncTransport): Promise<Outcome> {
  let server: RecordFields | null;
  try {
    server = await transport.fetchRecord(item);
  } catch {
    return { kind: 'later' };
  }
  if (server === null) return { kind: 'conflict', server: null, message: deletedMessage() };
  if (!changedMeanwhile(item, server)) return { kind: 'failed', message: sameMessage(error, notSavedMessage()) };
  if (alreadyApplied(item, server)) return { kind: 'sent', answer: server };
  return { kind: 'conflict', server, message: changedMessage() };
}

/**
 * A write the server took leaves the queue. Later edits of the same record made from the same version were made on
 * top of this one (the list showed it): they now name the version the server answered, so they do not conflict
 * with the person's own change.
 */
async function settle(item: QueuedWrite, answer: unknown): Promise<void> {
  const from = item.base?.['updatedAt'];
  const to = answer && typeof answer === 'object' ? (answer as RecordFields)['updatedAt'] : undefined;
  const follows = (other: QueuedWrite) =>
    item.action === 'edit' &&
    other.action === 'edit' &&
    other.kind === item.kind &&
    other.recordId === item.recordId &&
    typeof from === 'string' &&
    typeof to === 'string' &&
    other.base?.['updatedAt'] === from;
  await change((items) =>
    items.filter((other) => other.key !== item.key).map((other) => (follows(other) ? { ...other, base: { ...other.base, updatedAt: to } } : other)),
  );
}

// ---- tests ----------------------------------------------------------------------------------------------

/** Empties the queue and forgets the in-memory copy (tests). */
export async function resetQueueForTests(): Promise<void> {
  const db = idb();
  if (db) await set(QUEUE_KEY, [], db);
  loaded = undefined;
  running = undefined;
  memory = [];
}

/** Forgets the in-memory copy only, as a new page load would (tests of persistence). */
export function forgetMemoryForTests(): void {
  loaded = undefined;
  memory = [];
}
