import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingActions, PendingBadge, PendingMessage } from '@/components/offline/pending-mark';
import { cn } from '@/lib/cn';
import type { Pending } from '@/lib/offline/pending';
import { CHECKLIST_TASK_MAX, taskProblem, type ChecklistItem } from '../api/checklist';

export interface ChecklistItemRowProps {
  /** An item with a change not synced yet shows it, marked, with Discard instead of its box and buttons. */
  item: Pending<ChecklistItem>;
  /** A save is running somewhere in the checklist: only one runs at a time (spec §4). */
  busy: boolean;
  onToggle: (item: ChecklistItem) => void;
  /** Resolves true when the new text was saved. */
  onRename: (item: ChecklistItem, task: string) => Promise<boolean>;
  onDelete: (item: ChecklistItem) => void;
}

const iconButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800 disabled:opacity-40 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100';

function PencilIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4" />
    </svg>
  );
}

function TrashIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M5 7h14M10 7V4h4v3M7 7l1 13h8l1-13" />
    </svg>
  );
}

/** One checklist item: its box, its text (editable in place), edit and delete. */
export function ChecklistItemRow({ item, busy, onToggle, onRename, onDelete }: ChecklistItemRowProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(item.task);
  const [problem, setProblem] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (editing) inputRef.current?.focus();
  }, [editing]);

  const startEditing = () => {
    setText(item.task);
    setProblem(undefined);
    setEditing(true);
  };

  const cancel = () => {
    setEditing(false);
    setProblem(undefined);
  };

  // Saves only a non-empty, changed text; an unchanged one just leaves the edit.
  const save = async () => {
    if (busy) return;
    const message = taskProblem(text);
    if (message) {
      setProblem(message);
      return;
    }
    if (text.trim() === item.task) {
      cancel();
      return;
    }
    if (await onRename(item, text)) cancel();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape') {
      // Escape ends the edit only, not the whole checklist panel.
      event.stopPropagation();
      cancel();
    }
  };

  if (editing) {
    return (
      <li className="py-1">
        <div className="flex items-center gap-1">
          <input
            ref={inputRef}
            value={text}
            maxLength={CHECKLIST_TASK_MAX}
            aria-label={t('checklist.row.editTask')}
            aria-invalid={problem ? true : undefined}
            onChange={(event) => {
              setText(event.target.value);
              setProblem(undefined);
            }}
            onKeyDown={onKeyDown}
            className={cn(
              'min-h-11 min-w-0 flex-1 rounded-lg border bg-white px-3 text-base focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none sm:text-sm dark:bg-slate-900',
              problem ? 'border-red-500' : 'border-slate-300 dark:border-slate-600',
            )}
          />
          <button
            type="button"
            className={cn(iconButton, 'w-auto px-2 text-sm font-semibold text-brand-700 dark:text-brand-500')}
            disabled={busy}
            onClick={() => void save()}
          >
            {t('common.save')}
          </button>
          <button type="button" className={cn(iconButton, 'w-auto px-2 text-sm font-semibold')} onClick={cancel}>
            {t('common.cancel')}
          </button>
        </div>
        {problem && <p className="mt-1 text-sm text-red-600 dark:text-red-400">{problem}</p>}
      </li>
    );
  }

  const pending = item.pending;
  if (pending) {
    return (
      <li className="flex items-center gap-1 py-1">
        <div className="min-w-0 flex-1">
          <label className="flex min-h-11 min-w-0 items-center gap-3 text-sm">
            <input type="checkbox" className="size-5 shrink-0 accent-brand-600" checked={item.status} disabled readOnly />
            <span className={cn('min-w-0 break-words', item.status && 'text-slate-500 line-through dark:text-slate-400')}>{item.task}</span>
          </label>
          <PendingBadge item={pending} className="ml-8" />
          <div className="ml-8">
            <PendingMessage item={pending} />
          </div>
        </div>
        <PendingActions item={pending} name={item.task} />
      </li>
    );
  }

  return (
    <li className="flex items-center gap-1">
      <label className="flex min-h-11 min-w-0 flex-1 cursor-pointer items-center gap-3 py-1 text-sm">
        <input type="checkbox" className="size-5 shrink-0 accent-brand-600" checked={item.status} onChange={() => onToggle(item)} />
        <span className={cn('min-w-0 break-words', item.status && 'text-slate-500 line-through dark:text-slate-400')}>{item.task}</span>
      </label>
      <button type="button" className={iconButton} aria-label={t('checklist.row.edit', { task: item.task })} onClick={startEditing}>
        <PencilIcon />
      </button>
      <button type="button" className={iconButton} aria-label={t('checklist.row.delete', { task: item.task })} onClick={() => onDelete(item)}>
        <TrashIcon />
      </button>
    </li>
  );
}
