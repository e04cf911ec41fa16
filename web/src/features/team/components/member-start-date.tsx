import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { FormError } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { useSaveStartDate, useStartDates } from '../api/start-dates';

/**
 * A member's first day with a target, on their row of the Admin Panel: the day they joined (in their zone) unless
 * an admin set another; the days before it have no target in any figure. Admins change it; an approved month keeps
 * its figures (the server refuses a date that would move one, naming the month).
 */
export function MemberStartDate({ userId, name }: { userId: string; name: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { data } = useStartDates(true);
  const save = useSaveStartDate();
  const start = data?.find((row) => row.userId === userId);
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);

  if (!start) return null;

  const submit = async () => {
    setFieldError(value ? undefined : t('team.startDate.required'));
    setFormError(undefined);
    if (!value) return;
    setSaving(true);
    try {
      await save(userId, value);
      setEditing(false);
      toast.show({ message: t('team.startDate.saved', { name }), variant: 'success' });
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.fieldErrors['startDate'] : undefined;
      setFieldError(field);
      setFormError(field ? undefined : errorMessage(failure, t('team.startDate.failed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="mt-1 space-y-2">
      <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-600 dark:text-slate-300">
        <span>{start.startDate ? t('team.startDate.shown', { date: formatDate(start.startDate) }) : t('team.startDate.always')}</span>
        {!editing && (
          <Button
            variant="secondary"
            aria-label={t('team.startDate.changeLabel', { name })}
            onClick={() => {
              setValue(start.startDate ?? '');
              setEditing(true);
            }}
          >
            {t('team.startDate.change')}
          </Button>
        )}
      </p>
      {editing && (
        <form
          noValidate
          className="max-w-sm space-y-2"
          aria-label={t('team.startDate.label', { name })}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <DateField label={t('team.startDate.label', { name })} value={value} onChange={setValue} error={fieldError} hint={t('team.startDate.hint')} />
          <FormError>{formError}</FormError>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={saving}>
              {t('team.startDate.save')}
            </Button>
            <Button variant="secondary" disabled={saving} onClick={() => setEditing(false)}>
              {t('team.startDate.cancel')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
