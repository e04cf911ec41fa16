import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlert } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { deleteTexts } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { useRequireAuth, useSession } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { formatDate, todayIso } from '@/lib/format';
import { withPending, type Pending } from '@/lib/offline/pending';
import type { QueuedWrite } from '@/lib/offline/queue';
import { useQueuedWrites } from '@/lib/offline/write';
import {
  CHECKLIST_TASK_MAX,
  checklistMessages,
  taskProblem,
  useAddChecklistItem,
  useDeleteChecklistItem,
  useEditChecklistItem,
  useLatestChecklist,
  type ChecklistItem,
  type LatestChecklist,
  type NewChecklistItem,
} from '../api/checklist';
import { ArchivedChecklistDialog } from './archived-checklist-dialog';
import { ChecklistItemRow } from './checklist-item-row';

/** The items of each day, in the order the server gave them (latest day first). */
function byDay(items: Pending<ChecklistItem>[]): [string, Pending<ChecklistItem>[]][] {
  const days = new Map<string, Pending<ChecklistItem>[]>();
  for (const item of items) days.set(item.createdDate, [...(days.get(item.createdDate) ?? []), item]);
  return [...days.entries()];
}

/** An item added offline (to the day's list or the Feature Tasks), as the panel shows it until it is sent. */
const queuedItem =
  (feature: boolean) =>
  (item: QueuedWrite): ChecklistItem | undefined => {
    const fields = item.body as NewChecklistItem;
    if (Boolean(fields.isFeature) !== feature) return undefined;
    return {
      _id: '',
      userId: item.userId,
      task: fields.task,
      status: fields.status ?? false,
      createdDate: fields.createdDate ?? todayIso(new Date(item.queuedAt)),
      isFeature: feature,
      createdAt: item.queuedAt,
      updatedAt: item.queuedAt,
    };
  };

/**
 * The Daily Checklist panel's content: the items of the two latest days, the Feature Tasks, adding, checking,
 * editing in place and deleting, and the archived checklist. Only one save runs at a time (spec §4).
 */
export function DailyChecklist() {
  const { t } = useTranslation();
  const { signedIn } = useSession();
  const toast = useToast();
  const alert = useAlert();
  const { data, error, isLoading, mutate } = useLatestChecklist();
  const add = useAddChecklistItem();
  const edit = useEditChecklistItem();
  const remove = useDeleteChecklistItem();
  const [busy, setBusy] = useState(false);
  const saving = useRef(false);
  const [archiveOpen, setArchiveOpen] = useState(false);
  // Changes not synced yet show in place, marked (adds first in their list).
  const queued = useQueuedWrites('checklist');
  const checkList = withPending(data?.checkList ?? [], queued, queuedItem(false));
  const featureList = withPending(data?.featureList ?? [], queued, queuedItem(true));

  /** Runs one save; a second one asked for meanwhile is ignored. */
  async function oneAtATime<T>(save: () => Promise<T>): Promise<T | undefined> {
    if (saving.current) return undefined;
    saving.current = true;
    setBusy(true);
    try {
      return await save();
    } finally {
      saving.current = false;
      setBusy(false);
    }
  }

  const failedUpdate = () => toast.show({ title: checklistMessages.errorTitle(), message: checklistMessages.updateFailed(), variant: 'error' });

  const replaceItem = (changed: ChecklistItem) => (current: LatestChecklist | undefined) =>
    current && {
      ...current,
      checkList: current.checkList.map((item) => (item._id === changed._id ? changed : item)),
      featureList: current.featureList.map((item) => (item._id === changed._id ? changed : item)),
    };

  const toggle = (item: ChecklistItem) =>
    void oneAtATime(async () => {
      const changed = { ...item, status: !item.status };
      // The box follows the click at once; the list is asked for again after the save either way.
      void mutate(replaceItem(changed), { revalidate: false });
      try {
        const outcome = await edit.trigger({ id: item._id, task: item.task, status: changed.status, base: item });
        // Queued: the queue shows the tick, marked; the kept list goes back to the server's version (for a discard).
        if (outcome.queued) void mutate(replaceItem(item), { revalidate: false });
      } catch (failure) {
        console.error('Updating the checklist item failed', failure);
        failedUpdate();
      }
    });

  const rename = async (item: ChecklistItem, task: string) =>
    (await oneAtATime(async () => {
      try {
        await edit.trigger({ id: item._id, task, status: item.status, base: item });
        return true;
      } catch (failure) {
        console.error('Updating the checklist item failed', failure);
        failedUpdate();
        return false;
      }
    })) ?? false;

  const addTask = async (task: string, isFeature: boolean) =>
    (await oneAtATime(async () => {
      try {
        await add.trigger({ task, status: false, createdDate: todayIso(), isFeature });
        return true;
      } catch (failure) {
        console.error('Adding the checklist item failed', failure);
        toast.show({ title: checklistMessages.errorTitle(), message: checklistMessages.addFailed(), variant: 'error' });
        return false;
      }
    })) ?? false;

  const deleteItem = async (item: ChecklistItem) => {
    const confirmed = await alert({
      icon: 'warning',
      title: deleteTexts.confirmTitle,
      text: checklistMessages.confirmDelete(item.task),
      confirmText: deleteTexts.confirmButton,
      cancelText: deleteTexts.cancelButton,
      danger: true,
    });
    if (!confirmed) return;
    try {
      await remove.trigger(item);
    } catch (failure) {
      console.error('Deleting the checklist item failed', failure);
      toast.show({ title: checklistMessages.errorTitle(), message: checklistMessages.deleteFailed(), variant: 'error' });
    }
  };

  const rowProps = { busy, onToggle: toggle, onRename: rename, onDelete: (item: ChecklistItem) => void deleteItem(item) };
  const today = todayIso();

  return (
    <div className="space-y-4">
      <AddTaskForm
        formLabel={t('checklist.add.formLabel')}
        label={t('checklist.add.label')}
        placeholder={t('checklist.add.placeholder')}
        busy={busy}
        onAdd={(task) => addTask(task, false)}
      />

      {!signedIn ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('checklist.signIn')}</p>
      ) : error ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700 dark:text-red-300">
          {t('checklist.loadError')}
          <Button variant="secondary" size="sm" onClick={() => void mutate()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : isLoading || !data ? (
        <Spinner label={t('checklist.loading')} />
      ) : checkList.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('checklist.empty')}</p>
      ) : (
        byDay(checkList).map(([day, items]) => (
          <section key={day} aria-label={day === today ? t('common.today') : formatDate(day)}>
            <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
              {day === today ? t('common.today') : formatDate(day)}
            </h3>
            <ul>
              {items.map((item) => (
                <ChecklistItemRow key={item._id} item={item} {...rowProps} />
              ))}
            </ul>
          </section>
        ))
      )}

      <section aria-labelledby="feature-tasks-title" className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 dark:bg-slate-800/50 dark:ring-slate-700">
        <div className="mb-2 flex items-center justify-between gap-2">
          <h3 id="feature-tasks-title" className="font-semibold">
            {t('checklist.feature.title')}
          </h3>
          <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800 dark:bg-brand-800 dark:text-brand-50">
            {checklistMessages.featureBadge()}
          </span>
        </div>
        <AddTaskForm
          formLabel={t('checklist.feature.formLabel')}
          label={t('checklist.feature.label')}
          placeholder={t('checklist.feature.placeholder')}
          busy={busy}
          onAdd={(task) => addTask(task, true)}
        />
        {data && featureList.length > 0 && (
          <ul className="mt-2">
            {featureList.map((item) => (
              <ChecklistItemRow key={item._id} item={item} {...rowProps} />
            ))}
          </ul>
        )}
      </section>

      <Button variant="secondary" block onClick={() => setArchiveOpen(true)}>
        {t('checklist.archive.title')}
      </Button>
      {archiveOpen && <ArchivedChecklistDialog onClose={() => setArchiveOpen(false)} />}
    </div>
  );
}

interface AddTaskFormProps {
  /** The form's name; `label` names its text field. */
  formLabel: string;
  label: string;
  placeholder: string;
  busy: boolean;
  /** Resolves true when the task was added. */
  onAdd: (task: string) => Promise<boolean>;
}

function AddTaskForm({ formLabel, label, placeholder, busy, onAdd }: AddTaskFormProps) {
  const { t } = useTranslation();
  const requireAuth = useRequireAuth();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  const inputId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const message = taskProblem(text);
    if (message) {
      setProblem(message);
      return;
    }
    if (!requireAuth()) return;
    if (await onAdd(text)) setText('');
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={formLabel}>
      <div className="flex gap-2">
        <label htmlFor={inputId} className="visually-hidden">
          {label}
        </label>
        <input
          id={inputId}
          value={text}
          maxLength={CHECKLIST_TASK_MAX}
          placeholder={placeholder}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${inputId}-error` : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(undefined);
          }}
          className={cn(
            'min-h-11 min-w-0 flex-1 rounded-lg border bg-white px-3 text-base placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none sm:text-sm dark:bg-slate-900',
            problem ? 'border-red-500' : 'border-slate-300 dark:border-slate-600',
          )}
        />
        <Button type="submit" size="sm" disabled={busy}>
          {t('common.add')}
        </Button>
      </div>
      {problem && (
        <p id={`${inputId}-error`} className="mt-1 text-sm text-red-600 dark:text-red-400">
          {problem}
        </p>
      )}
    </form>
  );
}
