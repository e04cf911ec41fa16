import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { DateField } from '@/components/ui/date-field';
import { Select } from '@/components/ui/select';
import { emptyTaskFilters, TASK_PRIORITIES, TASK_STATUSES, type TaskFilters as Filters } from '../api/tasks';

export const RANGE_MESSAGE = 'End date cannot be earlier than start date.';
const SEARCH_DELAY_MS = 300;

const reversed = (from: string, to: string) => !!from && !!to && to < from;

export interface TaskFiltersProps {
  onChange: (filters: Filters) => void;
}

/**
 * Status, priority, a title search and the scheduled and created ranges. The list follows the filters as they
 * change (the search after a short pause); a reversed range is explained and not sent.
 */
export function TaskFilters({ onChange }: TaskFiltersProps) {
  const panelId = useId();
  const [draft, setDraft] = useState<Filters>(emptyTaskFilters);
  // Wide screens have room to show every filter; phones open them on demand.
  const [expanded, setExpanded] = useState(() => window.matchMedia('(min-width: 1024px)').matches);
  const set = (name: keyof Filters) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [name]: event.target.value }));
  const setValue = (name: keyof Filters) => (value: string) => set(name)({ target: { value } });

  const scheduledReversed = reversed(draft.scheduledFrom, draft.scheduledTo);
  const createdReversed = reversed(draft.createdDateFrom, draft.createdDateTo);
  const valid = !scheduledReversed && !createdReversed;
  const active = Object.entries(draft).filter(([name, value]) => name !== 'title' && value).length;

  useEffect(() => {
    if (!valid) return;
    const timer = setTimeout(() => onChange(draft), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, valid, onChange]);

  return (
    <div className="space-y-3" role="search" aria-label="Filter tasks">
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <Input label="Search by title" type="search" value={draft.title} onChange={set('title')} placeholder="Part of a title" />
        </div>
        <Button variant="secondary" aria-expanded={expanded} aria-controls={panelId} onClick={() => setExpanded((value) => !value)}>
          Filters{active > 0 ? ` (${active})` : ''}
        </Button>
      </div>
      <div id={panelId} hidden={!expanded} className="space-y-3 rounded-xl bg-slate-50 p-3 dark:bg-slate-800/50">
        <div className="grid gap-3 sm:grid-cols-2">
          <Select label="Status" placeholder="All statuses" options={TASK_STATUSES} value={draft.status} onChange={set('status')} />
          <Select label="Priority" placeholder="All priorities" options={TASK_PRIORITIES} value={draft.priority} onChange={set('priority')} />
        </div>
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-semibold">Scheduled</legend>
          <DateField strict label="Scheduled from" max={draft.scheduledTo || undefined} value={draft.scheduledFrom} onChange={setValue('scheduledFrom')} />
          <DateField
            strict
            label="Scheduled to"
            min={draft.scheduledFrom || undefined}
            value={draft.scheduledTo}
            onChange={setValue('scheduledTo')}
            error={scheduledReversed ? RANGE_MESSAGE : undefined}
          />
        </fieldset>
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-semibold">Created</legend>
          <DateField strict label="Created from" max={draft.createdDateTo || undefined} value={draft.createdDateFrom} onChange={setValue('createdDateFrom')} />
          <DateField
            strict
            label="Created to"
            min={draft.createdDateFrom || undefined}
            value={draft.createdDateTo}
            onChange={setValue('createdDateTo')}
            error={createdReversed ? RANGE_MESSAGE : undefined}
          />
        </fieldset>
        <div className="flex justify-end">
          <Button variant="ghost" size="sm" onClick={() => setDraft(emptyTaskFilters)}>
            Clear filters
          </Button>
        </div>
      </div>
    </div>
  );
}
