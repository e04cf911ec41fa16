import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { PAGE_SIZE } from '@/config/constants';
import { apiKey, apiWrite, keyUnder } from '@/lib/api-paths';
import { ChecklistCreate } from '@/lib/api-rules';
import { useSession } from '@/lib/auth';
import { msg, t } from '@/lib/i18n';
import { sendOrQueue, type WriteOutcome } from '@/lib/offline/write';
import type { Schemas } from '@/lib/api-schema';
import { useApi } from '@/lib/swr';

export type ChecklistItem = Schemas['ChecklistItem'];

/**
 * `GET /daily-checklist/getCheckListWithTwoLatestDates`: `checkList` holds the items of the two latest days that
 * have any, latest day first; `featureList` every feature task; `totalCount` counts all the caller's items.
 */
export type LatestChecklist = Schemas['LatestChecklist'];

export type ChecklistPage = Schemas['ChecklistPage'];

/** The server's limit (src/lib/api-rules.ts, generated from the API document). */
export const CHECKLIST_TASK_MAX = ChecklistCreate.properties.task.maxLength;

/** The checklist's messages, each read in the language of the moment it is called. */
export const checklistMessages = {
  taskRequired: msg('checklist.validation.taskRequired'),
  taskMax: msg('checklist.validation.taskMax', { max: CHECKLIST_TASK_MAX }),
  errorTitle: msg('checklist.errors.title'),
  updateFailed: msg('checklist.errors.updateFailed'),
  addFailed: msg('checklist.errors.addFailed'),
  deleteFailed: msg('checklist.errors.deleteFailed'),
  confirmDelete: (task: string) => t('checklist.confirmDelete', { task }),
  featureBadge: msg('checklist.featureBadge'),
} as const;

/** The message for a task text, or undefined when it may be saved (spec §5: non-empty, at most 200). */
export function taskProblem(text: string): string | undefined {
  const task = text.trim();
  if (!task) return checklistMessages.taskRequired();
  if (task.length > CHECKLIST_TASK_MAX) return checklistMessages.taskMax();
  return undefined;
}

export const LATEST_CHECKLIST_KEY = apiKey('/daily-checklist/getCheckListWithTwoLatestDates');

export function useLatestChecklist() {
  const { signedIn } = useSession();
  return useApi(signedIn && LATEST_CHECKLIST_KEY);
}

export interface ArchiveFilters {
  task: string;
  /** '' for any status. */
  status: '' | 'true' | 'false';
  createdDateFrom: string;
  createdDateTo: string;
}

export const noArchiveFilters: ArchiveFilters = { task: '', status: '', createdDateFrom: '', createdDateTo: '' };

export function archiveKey(filters: ArchiveFilters, page: number) {
  return apiKey('/daily-checklist/get', {
    query: {
      task: filters.task.trim() || undefined,
      status: filters.status ? filters.status === 'true' : undefined,
      createdDateFrom: filters.createdDateFrom || undefined,
      createdDateTo: filters.createdDateTo || undefined,
      skip: (page - 1) * PAGE_SIZE,
      limit: PAGE_SIZE,
    },
  });
}

/** The archived checklist: every item matching the filters, 20 per page. */
export function useArchivedChecklist(filters: ArchiveFilters, page: number) {
  const { signedIn } = useSession();
  return useApi(signedIn && archiveKey(filters, page), { keepPreviousData: true });
}

export const isChecklistKey = (key: unknown) => keyUnder(key, '/daily-checklist/');

function useRevalidateChecklist() {
  const { mutate } = useSWRConfig();
  return () => mutate(isChecklistKey);
}

export type NewChecklistItem = Schemas['ChecklistCreate'];

/**
 * Adds an item; without a connection it is queued and sent later. The lists are asked for again once it is saved or
 * refused (a queued one shows from the queue).
 */
export function useAddChecklistItem() {
  const revalidate = useRevalidateChecklist();
  return useSWRMutation<WriteOutcome<ChecklistItem>, Error, string, NewChecklistItem>('checklist:add', async (_key, { arg }) => {
    const task = arg.task.trim();
    return afterSave(revalidate, () =>
      sendOrQueue({
        kind: 'checklist',
        action: 'add',
        request: apiWrite.post('/daily-checklist/add', { body: { ...arg, task } }),
        label: t('checklist.queue.add', { task }),
      }),
    );
  });
}

export type ChecklistEdit = { id: string } & Required<Pick<Schemas['ChecklistInput'], 'task' | 'status'>> & {
    /** The item as shown when the change began: a queued edit is written only over that version. */
    base?: ChecklistItem;
  };

/** `PUT /daily-checklist/edit/{id}` with `{task, status}`, queued without a connection. */
export function useEditChecklistItem() {
  const revalidate = useRevalidateChecklist();
  return useSWRMutation<WriteOutcome<ChecklistItem>, Error, string, ChecklistEdit>('checklist:edit', async (_key, { arg: { id, task, status, base } }) => {
    const text = (task ?? '').trim();
    const label =
      base && base.task === text ? t(status ? 'checklist.queue.tick' : 'checklist.queue.untick', { task: text }) : t('checklist.queue.edit', { task: text });
    return afterSave(revalidate, () =>
      sendOrQueue({
        kind: 'checklist',
        action: 'edit',
        request: apiWrite.put('/daily-checklist/edit/{id}', { params: { id }, body: { task: text, status } }),
        recordId: id,
        base,
        label,
      }),
    );
  });
}

/** Deletes an item (queued without a connection). */
export function useDeleteChecklistItem() {
  const revalidate = useRevalidateChecklist();
  return useSWRMutation<WriteOutcome<Schemas['Deleted']>, Error, string, ChecklistItem>('checklist:delete', async (_key, { arg: item }) =>
    afterSave(revalidate, () =>
      sendOrQueue({
        kind: 'checklist',
        action: 'delete',
        request: apiWrite.del('/daily-checklist/delete/{id}', { params: { id: item._id } }),
        recordId: item._id,
        label: t('checklist.queue.delete', { task: item.task }),
      }),
    ),
  );
}

/** Runs a save, then asks for the lists again unless it was queued (the queue reloads them once it is sent). */
async function afterSave<T>(revalidate: () => Promise<unknown>, save: () => Promise<WriteOutcome<T>>): Promise<WriteOutcome<T>> {
  let outcome: WriteOutcome<T> | undefined;
  try {
    outcome = await save();
    return outcome;
  } finally {
    if (!outcome?.queued) void revalidate();
  }
}
