import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { cn } from '@/lib/cn';
import { todayIso } from '@/lib/format';
import { presets, rangeProblem, type DateRange } from '../utils/date-range';

export interface DateRangePickerProps {
  /** The range the report shows now. */
  value: DateRange;
  onApply: (range: DateRange) => void;
}

/**
 * Start and end dates with the presets of spec §5. The start's maximum is the end and the end's minimum is the
 * start; Apply checks 'Select at least one date.' and 'End date cannot be earlier than start date.'.
 */
export function DateRangePicker({ value, onApply }: DateRangePickerProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<DateRange>(value);
  // Whether Apply found the draft wrong; the message is worked out when shown, in the language of that moment.
  const [checked, setChecked] = useState(false);
  const problem = checked ? rangeProblem(draft) : undefined;

  // A range chosen elsewhere (a preset, the browser's back button) shows in the fields too.
  // Unchanged (as on the first render), the draft is kept: no second render.
  useEffect(
    () => setDraft((current) => (current.from === value.from && current.to === value.to ? current : { from: value.from, to: value.to })),
    [value.from, value.to],
  );

  const set = (changes: Partial<DateRange>) => {
    setDraft((current) => ({ ...current, ...changes }));
    setChecked(false);
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const found = rangeProblem(draft);
    setChecked(Boolean(found));
    if (!found) onApply(draft);
  };

  const today = todayIso();
  const activePreset = presets.find((preset) => {
    const range = preset.range(today);
    return range.from === value.from && range.to === value.to;
  })?.id;

  return (
    <div className="space-y-3">
      <div role="group" aria-label={t('archives.range.presets')} className="flex flex-wrap gap-2">
        {presets.map((preset) => (
          <button
            key={preset.id}
            type="button"
            aria-pressed={activePreset === preset.id}
            onClick={() => {
              const range = preset.range(todayIso());
              setChecked(false);
              setDraft(range);
              onApply(range);
            }}
            className={cn(
              'min-h-11 rounded-full border px-3 text-sm font-medium transition-colors',
              activePreset === preset.id
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800',
            )}
          >
            {preset.label}
          </button>
        ))}
      </div>
      <form noValidate onSubmit={apply} aria-label={t('archives.range.label')} className="grid grid-cols-2 items-start gap-3 sm:flex sm:items-start">
        <div className="sm:w-48">
          <DateField
            strict
            label={t('archives.range.start')}
            value={draft.from}
            max={draft.to || undefined}
            error={problem?.field === 'from' ? problem.message : undefined}
            onChange={(value) => set({ from: value })}
          />
        </div>
        <div className="sm:w-48">
          <DateField
            strict
            label={t('archives.range.end')}
            value={draft.to}
            min={draft.from || undefined}
            error={problem?.field === 'to' ? problem.message : undefined}
            onChange={(value) => set({ to: value })}
          />
        </div>
        <Button type="submit" className="col-span-2 sm:mt-6">
          {t('archives.range.apply')}
        </Button>
      </form>
    </div>
  );
}
