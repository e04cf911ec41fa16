import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { DateField } from '@/components/ui/date-field';
import { Select } from '@/components/ui/select';
import { emptyTaskFilters, type TaskFilters as Filters } from '../api/tasks';
import { taskPriorityOptions, taskStatusOptions } from '../utils/task-labels';

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
  const { t } = useTranslation();
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
    <div className="space-y-3" role="search" aria-label={t('tasks.filters.label')}>
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <Input
            label={t('tasks.filters.search')}
            type="search"
            value={draft.title}
            onChange={set('title')}
            placeholder={t('tasks.filters.searchPlaceholder')}
          />
        </div>
        <Button variant="secondary" aria-expanded={expanded} aria-controls={panelId} onClick={() => setExpanded((value) => !value)}>
          {active > 0 ? t('tasks.filters.toggleActive', { active }) : t('tasks.filters.toggle')}
        </Button>
      </div>
      <div id={panelId} hidden={!expanded} className="space-y-3 rounded-xl bg-slate-50 p-3 dark:bg-slate-800/50">
        <div className="grid gap-3 sm:grid-cols-2">
          <Select
            label={t('tasks.fields.status')}
            placeholder={t('tasks.filters.allStatuses')}
            options={taskStatusOptions()}
            value={draft.status}
            onChange={set('status')}
          />
          <Select
            label={t('tasks.fields.priority')}
            placeholder={t('tasks.filters.allPriorities')}
            options={taskPriorityOptions()}
            value={draft.priority}
            onChange={set('priority')}
          />
        </div>
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-semibold">{t('tasks.fields.scheduled')}</legend>
          <DateField
            strict
            label={t('tasks.filters.scheduledFrom')}
            max={draft.scheduledTo || undefined}
            value={draft.scheduledFrom}
            onChange={setValue('scheduledFrom')}
          />
          <DateField
            strict
            label={t('tasks.filters.scheduledTo')}
            min={draft.scheduledFrom || undefined}
            value={draft.scheduledTo}
            onChange={setValue('scheduledTo')}
            error={scheduledReversed ? t('tasks.filters.reversed') : undefined}
          />
        </fieldset>
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-semibold">{t('tasks.fields.created')}</legend>
          <DateField
            strict
            label={t('tasks.filters.createdFrom')}
            max={draft.createdDateTo || undefined}
            value={draft.createdDateFrom}
            onChange={setValue('createdDateFrom')}
          />
          <DateField
            strict
            label={t('tasks.filters.createdTo')}
            min={draft.createdDateFrom || undefined}
            value={draft.createdDateTo}
            onChange={setValue('createdDateTo')}
            error={createdReversed ? t('tasks.filters.reversed') : undefined}
          />
        </fieldset>
        <div className="flex justify-end">
          <Button variant="ghost" size="sm" onClick={() => setDraft(emptyTaskFilters)}>
            {t('tasks.filters.clear')}
          </Button>
        </div>
      </div>
    </div>
  );
}
