import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useFieldArray, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { FormDialog } from '@/components/forms/form-dialog';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/field';
import { FormDateField, FormTimeField } from '@/components/ui/form-date-time';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { SHORT_TOAST_MS } from '@/config/constants';
import { apiKey, keyIn, keyUnder } from '@/lib/api-paths';
import { ApiError, errorMessage } from '@/lib/api-error';
import { todayIso } from '@/lib/format';
import { useApi } from '@/lib/swr';
import { breakTypeOptions } from '@/lib/type-names';
import { isWorkKey } from '../api/work';
import { MAX_WORK_NOTE, saveWorkDay, WorkDayStepError, workDaySchema, type WorkDayFormValues, type WorkDayProgress } from '../api/work-day-schema';

const PERIOD_FIELDS = ['date', 'start', 'end', 'note'] as const;
const BREAK_FIELDS = ['type', 'startTime', 'endTime'] as const;

export interface WorkDayFormDialogProps {
  /** The day as proposed (Break Buddy's `logWork`): the period, its note and the breaks inside it. */
  prefill: WorkDayFormValues;
  onSaved: () => void;
  onClose: () => void;
}

/** The team's break types, with the ones the proposal named (a type the team renamed since stays choosable). */
function useTypeOptions(named: string[]): string[] {
  const { data } = useApi(apiKey('/type/get'));
  const team = (data?.[0]?.type ?? []).filter((name): name is string => typeof name === 'string');
  return [...new Set([...team, ...named.filter(Boolean)])];
}

/**
 * A day's work to save in one go: the period (date, start, end, the note a manual period needs) and each break
 * inside it, all editable. Saved as the period, then each break; a refusal shows under its field (a locked month's
 * 409 as the form's error), and saving again sends only what is not saved yet.
 */
export function WorkDayFormDialog({ prefill, onSaved, onClose }: WorkDayFormDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const progress = useRef<WorkDayProgress>({ breaks: new Set() });
  const [formError, setFormError] = useState<string>();
  const [periodSaved, setPeriodSaved] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<WorkDayFormValues>({
    resolver: zodResolver(workDaySchema),
    mode: 'onBlur',
    defaultValues: { date: prefill.date || todayIso(), start: prefill.start, end: prefill.end, note: prefill.note, breaks: prefill.breaks },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'breaks' });
  const types = useTypeOptions([...prefill.breaks.map((item) => item.type)]);

  const onSubmit = async (values: WorkDayFormValues) => {
    setFormError(undefined);
    try {
      await saveWorkDay(values, progress.current);
    } catch (failure) {
      setPeriodSaved(progress.current.periodId !== undefined);
      const step = failure instanceof WorkDayStepError ? failure : new WorkDayStepError(undefined, failure);
      console.error('Saving the work day failed', step.cause);
      const fieldErrors = step.cause instanceof ApiError ? step.cause.fieldErrors : {};
      const names: readonly string[] = step.breakIndex === undefined ? PERIOD_FIELDS : BREAK_FIELDS;
      const placed = names.filter((name) => fieldErrors[name]);
      for (const name of placed) {
        const path = (step.breakIndex === undefined ? name : `breaks.${step.breakIndex}.${name}`) as FieldPath<WorkDayFormValues>;
        setError(path, { message: fieldErrors[name] });
      }
      if (placed.length === 0) setFormError(errorMessage(step.cause, t('work.logDay.saveFailed')));
      return;
    } finally {
      // Whatever was written shows on the pages that read it.
      if (progress.current.periodId) void mutate((key) => isWorkKey(key) || keyUnder(key, '/break/') || keyIn(key, ['/admin/get', '/admin/onBreak']));
    }
    toast.show({ message: t('work.logDay.saved'), variant: 'success', duration: SHORT_TOAST_MS });
    onSaved();
    onClose();
  };

  const title = t('work.logDay.title');
  return (
    <FormDialog
      title={title}
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
      error={formError}
      saving={isSubmitting}
      saveLabel={t('work.logDay.save')}
      savingLabel={t('work.period.saving')}
    >
      <fieldset disabled={periodSaved} className="space-y-4">
        <legend className="visually-hidden">{t('work.logDay.period')}</legend>
        <FormDateField control={control} name="date" label={t('work.fields.date')} max={todayIso()} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormTimeField control={control} name="start" label={t('work.fields.start')} />
          <FormTimeField control={control} name="end" label={t('work.fields.end')} hint={t('work.period.nextDayHint')} />
        </div>
        <Textarea
          label={t('work.fields.note')}
          rows={2}
          maxLength={MAX_WORK_NOTE}
          error={errors.note?.message}
          required
          className="min-h-20"
          {...register('note')}
        />
      </fieldset>
      {periodSaved && <p className="text-sm text-slate-700 dark:text-slate-200">{t('work.logDay.periodSaved')}</p>}
      <fieldset className="space-y-3">
        <legend className="mb-1 text-sm font-semibold">{t('work.day.breaks')}</legend>
        {fields.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-300">{t('work.logDay.noBreaks')}</p>}
        {fields.map((field, index) => (
          <fieldset
            key={field.id}
            disabled={progress.current.breaks.has(index)}
            // The type on a row of its own: beside the two times and Remove it was left about 40 px, its value unseen.
            className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end dark:border-slate-700"
          >
            <legend className="visually-hidden">{t('work.logDay.breakLabel', { number: index + 1 })}</legend>
            <div className="sm:col-span-3">
              <Select
                label={t('work.logDay.breakType')}
                options={breakTypeOptions(types)}
                placeholder={t('work.logDay.chooseType')}
                error={errors.breaks?.[index]?.type?.message}
                {...register(`breaks.${index}.type`)}
              />
            </div>
            <FormTimeField control={control} name={`breaks.${index}.startTime`} label={t('work.fields.start')} />
            <FormTimeField control={control} name={`breaks.${index}.endTime`} label={t('work.fields.end')} />
            <Button variant="secondary" size="sm" onClick={() => remove(index)} aria-label={t('work.logDay.removeBreak', { number: index + 1 })}>
              {t('work.logDay.remove')}
            </Button>
          </fieldset>
        ))}
        <Button variant="secondary" size="sm" onClick={() => append({ type: types[0] ?? '', startTime: '', endTime: '' })}>
          {t('work.logDay.addBreak')}
        </Button>
      </fieldset>
    </FormDialog>
  );
}
