import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '@/testing/jwt';
import { api, fail, http, HttpResponse, ok, server } from '@/testing/server';
import { setCookies } from '@/testing/test-utils';
import { ApiError } from '../api-error';
import { apiWrite } from '../api-paths';
import {
  discard,
  enqueue,
  forgetMemoryForTests,
  queueSnapshot,
  reloadQueue,
  resolveConflict,
  syncQueue,
  type NewWrite,
  type QueuedWrite,
  type RecordFields,
  type SyncTransport,
} from './queue';
import { httpRequest } from '../http';
import { reportReachable, serverUnreachable } from './connectivity';
import { apiTransport, sendOrQueue } from './write';

beforeAll(() => import('@/lib/amplify-rest'));

const USER = 'u1';

function write(key: string, changes: Partial<NewWrite> = {}): NewWrite {
  return { key, userId: USER, kind: 'task', action: 'add', method: 'POST', path: '/task/add', body: { title: key }, label: `Add task: ${key}`, ...changes };
}

/** A transport that answers from a script and records what it sent (key and path, in order). */
function transport(answer: (item: QueuedWrite) => unknown = () => ({}), record: (item: QueuedWrite) => RecordFields | null = () => null) {
  const sent: { key: string; path: string; body: unknown }[] = [];
  const fetched: string[] = [];
  const t: SyncTransport = {
    send: async (item) => {
      sent.push({ key: item.key, path: item.path, body: item.body });
      const result = answer(item);
      if (result instanceof Error) throw result;
      return result;
    },
    fetchRecord: async (item) => {
      fetched.push(item.key);
      const result = record(item);
      if (result instanceof Error) throw result;
      return result;
    },
  };
  return { t, sent, fetched };
}

const keys = () => queueSnapshot().map((item) => item.key);

const signIn = () => setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: USER, name: 'Ada', email: 'ada@example.com' });

describe('offline queue', () => {
  it('sends the writes in the order they were made, and removes each once the server took it', async () => {
    await enqueue(write('a'));
    await enqueue(write('b', { kind: 'live-break', action: 'start', path: '/break/start', body: { at: '2025-06-02T09:00:00Z' } }));
    await enqueue(write('c', { kind: 'live-break', action: 'end', path: '/break/end', body: { at: '2025-06-02T09:10:00Z' } }));
    const { t, sent } = transport();
    const onSent = vi.fn();

    const result = await syncQueue(USER, t, { onSent });

    expect(sent.map((item) => item.key)).toEqual(['a', 'b', 'c']);
    expect(sent[1]?.body).toEqual({ at: '2025-06-02T09:00:00Z' });
    expect(result).toMatchObject({ stopped: false });
    expect(onSent).toHaveBeenCalledTimes(3);
    expect(keys()).toEqual([]);
  });

  it('runs once for callers that ask while a run goes on, and tells of that run once', async () => {
    await enqueue(write('a'));
    await enqueue(write('b'));
    const { t, sent } = transport();
    const onFinished = vi.fn();

    // The connection coming back: the `online` event and the reachability watch both start a sync.
    const [first, second] = await Promise.all([syncQueue(USER, t, { onFinished }), syncQueue(USER, t, { onFinished })]);

    expect(sent.map((item) => item.key)).toEqual(['a', 'b']);
    expect(first).toBe(second);
    expect(onFinished).toHaveBeenCalledTimes(1);
    expect(onFinished.mock.calls[0]?.[0].sent.map((item: QueuedWrite) => item.key)).toEqual(['a', 'b']);
  });

  it('stops at the first write that does not reach the server and sends it again, with the same key, next time', async () => {
    await enqueue(write('a'));
    await enqueue(write('b'));
    let offline = true;
    const { t, sent } = transport(() => (offline ? new ApiError(0, 'Failed to fetch') : { _id: 'x' }));

    const first = await syncQueue(USER, t);
    expect(first.stopped).toBe(true);
    expect(sent.map((item) => item.key)).toEqual(['a']);
    expect(keys()).toEqual(['a', 'b']);
    expect(queueSnapshot()[0]).toMatchObject({ status: 'waiting', tries: 1 });

    offline = false;
    await syncQueue(USER, t);
    // The retry of `a` carries the key of its first attempt: had the first arrived, the server replays it.
    expect(sent.map((item) => item.key)).toEqual(['a', 'a', 'b']);
    expect(keys()).toEqual([]);
  });

  it('tries again later on answers a retry may change (5xx, 429, a repeat still in progress)', async () => {
    await enqueue(write('a'));
    const answers = [
      new ApiError(503, 'Service unavailable'),
      new ApiError(409, 'A request with this Idempotency-Key is still in progress. Try again in a moment.'),
      {},
    ];
    const { t, sent } = transport(() => answers.shift());
    expect((await syncQueue(USER, t)).stopped).toBe(true);
    expect((await syncQueue(USER, t)).stopped).toBe(true);
    expect((await syncQueue(USER, t)).stopped).toBe(false);
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((item) => item.key))).toEqual(new Set(['a']));
    expect(keys()).toEqual([]);
  });

  it('marks a refused write failed with the server’s message, and the live break end that depended on it', async () => {
    await enqueue(write('start', { kind: 'live-break', action: 'start', path: '/break/start' }));
    await enqueue(write('end', { kind: 'live-break', action: 'end', path: '/break/end', meta: { after: 'start' } }));
    await enqueue(write('task'));
    const { t, sent } = transport((item) => (item.key === 'start' ? new ApiError(422, 'The time must be within the last 24 hours.') : {}));

    await syncQueue(USER, t);

    expect(sent.map((item) => item.key)).toEqual(['start', 'task']);
    expect(queueSnapshot()).toEqual([
      expect.objectContaining({ key: 'start', status: 'failed', message: 'The time must be within the last 24 hours.' }),
      expect.objectContaining({ key: 'end', status: 'failed', message: 'Its start could not be saved.' }),
    ]);
  });

  it('discards an item; discarding a live break’s start discards its end too', async () => {
    await enqueue(write('a'));
    await enqueue(write('start', { kind: 'live-break', action: 'start' }));
    await enqueue(write('end', { kind: 'live-break', action: 'end', meta: { after: 'start' } }));
    await discard('a');
    expect(keys()).toEqual(['start', 'end']);
    await discard('start');
    expect(keys()).toEqual([]);
  });

  it('sends only the signed-in person’s writes', async () => {
    await enqueue(write('mine'));
    await enqueue(write('theirs', { userId: 'u2' }));
    const { t, sent } = transport();
    await syncQueue(USER, t);
    expect(sent.map((item) => item.key)).toEqual(['mine']);
    expect(keys()).toEqual(['theirs']);
  });

  it('keeps the queue in IndexedDB: a new page load finds it, in order', async () => {
    await enqueue(write('a'));
    await enqueue(write('b'));
    await discard('a');
    await enqueue(write('c'));
    forgetMemoryForTests();
    expect(keys()).toEqual([]);

    await reloadQueue();

    expect(queueSnapshot().map((item) => [item.key, item.status])).toEqual([
      ['b', 'waiting'],
      ['c', 'waiting'],
    ]);
  });
});

describe('a queued edit of a record changed meanwhile', () => {
  const base = { _id: 'T1', title: 'Old', status: 'To Do', updatedAt: '2025-06-01T08:00:00.000Z' };
  const theirs = { ...base, title: 'Theirs', updatedAt: '2025-06-02T08:00:00.000Z' };
  const edit = (changes: Partial<NewWrite> = {}) =>
    write('edit', { action: 'edit', method: 'PUT', path: '/task/edit/T1', recordId: 'T1', base, body: { title: 'Mine', status: 'To Do' }, ...changes });

  /**
   * The server's side of the edit at the network edge: it keeps one task and writes an edit only over the version
   * `If-Match` names (none: over any), as the API does. Records each edit's `If-Match` and each read.
   */
  function taskServer(start: RecordFields | null) {
    let stored = start;
    const ifMatch: (string | null)[] = [];
    let reads = 0;
    let stamp = 0;
    server.use(
      http.get(api('/task/get/:id'), () => {
        reads += 1;
        return stored ? ok(stored) : fail(404, 'Not found.');
      }),
      http.put(api('/task/edit/:id'), async ({ request }) => {
        const tag = request.headers.get('If-Match');
        ifMatch.push(tag);
        if (!stored) return fail(404, 'Not found.');
        if (tag !== null && tag !== `"${String(stored['updatedAt'])}"`) return fail(409, 'This record was changed meanwhile.');
        stamp += 1;
        stored = { ...stored, ...((await request.json()) as RecordFields), updatedAt: `2025-06-03T08:00:0${stamp}.000Z` };
        return ok(stored);
      }),
    );
    return { ifMatch, reads: () => reads, stored: () => stored };
  }

  it('is sent with If-Match naming the version it began from, and written when the server still has it', async () => {
    signIn();
    const remote = taskServer(base);
    await enqueue(edit());

    await syncQueue(USER, apiTransport);

    expect(remote.ifMatch).toEqual(['"2025-06-01T08:00:00.000Z"']);
    // The server checks the version with the write: no read before it.
    expect(remote.reads()).toBe(0);
    expect(remote.stored()).toMatchObject({ title: 'Mine' });
    expect(keys()).toEqual([]);
  });

  it('a 409 is the conflict: held with both versions, nothing overwritten', async () => {
    signIn();
    const remote = taskServer(theirs);
    await enqueue(edit());

    await syncQueue(USER, apiTransport);

    expect(remote.ifMatch).toEqual(['"2025-06-01T08:00:00.000Z"']);
    expect(remote.stored()).toEqual(theirs);
    expect(queueSnapshot()[0]).toMatchObject({ status: 'conflict', server: theirs, body: { title: 'Mine' }, message: 'This record was changed meanwhile.' });
  });

  it('"keep mine" sends it again with its key and without If-Match', async () => {
    signIn();
    const remote = taskServer(theirs);
    const sentKeys: (string | null)[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'PUT') sentKeys.push(request.headers.get('Idempotency-Key'));
    });
    await enqueue(edit());
    await syncQueue(USER, apiTransport);

    await resolveConflict('edit', 'mine');
    await syncQueue(USER, apiTransport);
    server.events.removeAllListeners();

    expect(remote.ifMatch).toEqual(['"2025-06-01T08:00:00.000Z"', null]);
    expect(sentKeys).toEqual(['edit', 'edit']);
    expect(remote.stored()).toMatchObject({ title: 'Mine' });
    expect(keys()).toEqual([]);
  });

  it('"keep the server’s" drops mine', async () => {
    signIn();
    const remote = taskServer(theirs);
    await enqueue(edit());
    await syncQueue(USER, apiTransport);
    await resolveConflict('edit', 'server');
    await syncQueue(USER, apiTransport);
    expect(remote.ifMatch).toHaveLength(1);
    expect(remote.stored()).toEqual(theirs);
    expect(keys()).toEqual([]);
  });

  it('a record deleted meanwhile is a conflict with no server version', async () => {
    signIn();
    taskServer(null);
    await enqueue(edit());
    await syncQueue(USER, apiTransport);
    expect(queueSnapshot()[0]).toMatchObject({ status: 'conflict', server: null, message: 'This record was deleted meanwhile.' });
  });

  it('is taken as sent when the server already has exactly these values (an earlier attempt whose answer was lost)', async () => {
    signIn();
    taskServer({ ...theirs, title: 'Mine' });
    await enqueue(edit());
    await syncQueue(USER, apiTransport);
    expect(keys()).toEqual([]);
  });

  it('a refusal of the version it began from is not a conflict: it fails with the server’s message', async () => {
    signIn();
    taskServer(base);
    server.use(http.put(api('/task/edit/:id'), () => fail(409, 'This leave has been decided and can no longer be edited. Cancel it instead.')));
    await enqueue(edit());
    await syncQueue(USER, apiTransport);
    expect(queueSnapshot()[0]).toMatchObject({ status: 'failed', message: 'This leave has been decided and can no longer be edited. Cancel it instead.' });
  });

  it('edits queued one after another on the same record follow each other, not conflict', async () => {
    signIn();
    const remote = taskServer(base);
    await enqueue(edit({ key: 'first', body: { title: 'First' } }));
    // Made on top of the first, from the same server version (the list showed the first change).
    await enqueue(edit({ key: 'second', body: { title: 'Second' } }));

    await syncQueue(USER, apiTransport);

    expect(remote.ifMatch).toEqual(['"2025-06-01T08:00:00.000Z"', '"2025-06-03T08:00:01.000Z"']);
    expect(remote.stored()).toMatchObject({ title: 'Second' });
    expect(keys()).toEqual([]);
  });

  it('without an updatedAt to name, the record is read first and a changed one is held', async () => {
    const { updatedAt: _left, ...unversioned } = base;
    await enqueue(edit({ base: unversioned }));
    const { t, sent, fetched } = transport(undefined, () => ({ ...unversioned, title: 'Theirs' }));

    await syncQueue(USER, t);

    expect(fetched).toEqual(['edit']);
    expect(sent).toEqual([]);
    expect(queueSnapshot()[0]).toMatchObject({ status: 'conflict', message: 'This record was changed meanwhile.' });
  });
});

describe('sendOrQueue', () => {
  // Each test starts with the server reachable (a call of an earlier test may have found it out of reach).
  beforeEach(() => reportReachable(true));

  const addTask = {
    kind: 'task',
    action: 'add',
    request: apiWrite.post('/task/add', { body: { title: 'Renew', description: 'x', scheduled: '2031-03-03' } }),
    label: 'Add task: Renew',
  } as const;

  it('sends online with an Idempotency-Key and answers the record', async () => {
    signIn();
    const seen: (string | null)[] = [];
    server.use(
      http.post(api('/task/add'), ({ request }) => {
        seen.push(request.headers.get('Idempotency-Key'));
        return ok({ _id: 'T1', title: 'Renew' }, 201);
      }),
    );
    const outcome = await sendOrQueue(addTask);
    expect(outcome).toEqual({ queued: false, data: { _id: 'T1', title: 'Renew' } });
    expect(seen[0]).toMatch(/^[\x21-\x7e]{1,64}$/);
    expect(keys()).toEqual([]);
  });

  it('queues a write whose answer was lost, with the key it was sent with, and the retry sends that key', async () => {
    signIn();
    const seen: (string | null)[] = [];
    server.use(
      http.post(api('/task/add'), ({ request }) => {
        seen.push(request.headers.get('Idempotency-Key'));
        return seen.length === 1 ? HttpResponse.error() : ok({ _id: 'T1', title: 'Renew' }, 201);
      }),
    );

    const outcome = await sendOrQueue(addTask);

    expect(outcome.queued).toBe(true);
    // It is tried again at once (the connection looks up): same key, then it leaves the queue.
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1]).toBe(seen[0]);
    expect(outcome.queued && outcome.item.key).toBe(seen[0]);
    await vi.waitFor(() => expect(keys()).toEqual([]));
  });

  it('queues without trying while the browser is offline, and rejects a refused write as before', async () => {
    signIn();
    server.use(http.post(api('/task/add'), () => fail(422, 'Title is required.', { title: 'Title is required.' })));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const queued = await sendOrQueue(addTask);
    expect(queued).toMatchObject({
      queued: true,
      item: { method: 'POST', path: '/task/add', body: { title: 'Renew', description: 'x', scheduled: '2031-03-03' }, userId: USER, status: 'waiting' },
    });
    onLine.mockRestore();
    await discard(keys()[0]!);

    await expect(sendOrQueue(addTask)).rejects.toMatchObject({ status: 422, message: 'Title is required.' });
    expect(keys()).toEqual([]);
  });
});

describe('reachability', () => {
  beforeEach(() => reportReachable(true));

  it('a call that gets no answer makes the app offline until a call gets any answer, an error status included', async () => {
    server.use(
      http.post(api('/task/add'), () => HttpResponse.error()),
      http.get(api('/task/list'), () => fail(401, 'Unauthorized')),
    );
    await expect(httpRequest('POST', '/task/add', { body: { title: 'Lost' } })).rejects.toMatchObject({ status: 0 });
    expect(serverUnreachable()).toBe(true);
    await expect(httpRequest('GET', '/task/list')).rejects.toMatchObject({ status: 401 });
    expect(serverUnreachable()).toBe(false);
  });
});
