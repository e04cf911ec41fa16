import type { QueuedWrite } from './queue';

/** A record as a list shows it, with the queued change it carries, if any. */
export type Pending<T> = T & { pending?: QueuedWrite };

/** The id a queued add shows under until the server gives it one. */
export const queuedId = (item: QueuedWrite) => `queued-${item.key}`;

/**
 * A list with the person's queued changes on it: edits show the person's values, deletes stay (marked) until sent,
 * and queued adds that belong in this list (`created` answers the record to show, or undefined) come first.
 */
export function withPending<T extends { _id: string }>(
  records: readonly T[],
  items: readonly QueuedWrite[],
  created?: (item: QueuedWrite) => T | undefined,
): Pending<T>[] {
  const shown: Pending<T>[] = records.map((record) => {
    let result: Pending<T> = record;
    for (const item of items) {
      if (item.recordId !== record._id) continue;
      if (item.action === 'edit') result = { ...result, ...(item.body as Partial<T>), pending: item };
      else if (item.action === 'delete') result = { ...result, pending: item };
    }
    return result;
  });
  const added: Pending<T>[] = [];
  if (created) {
    for (const item of items) {
      if (item.action !== 'add') continue;
      const record = created(item);
      if (record) added.push({ ...record, _id: queuedId(item), pending: item });
    }
  }
  return [...added.reverse(), ...shown];
}
