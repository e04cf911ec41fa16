import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormError, Input } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { SHORT_TOAST_MS } from '@/config/constants';
import { ApiError, errorMessage } from '@/lib/api-error';
import { BreakCreate, BreakTypesInput } from '@/lib/api-rules';
import { useRequireAuth } from '@/lib/auth';
import { t as translate } from '@/lib/i18n';
import { useBreakTypes, useSaveBreakTypes } from '../api/settings';
import { breakTypeName as breakTypeLabel } from '@/lib/type-names';

/** The server's limits (src/lib/api-rules.ts, generated from the API document): the list's length, a name's. */
export const MAX_BREAK_TYPES = BreakTypesInput.properties.type.maxItems;
export const MAX_BREAK_TYPE_LENGTH = BreakCreate.properties.type.maxLength;

/** Why a new name cannot join the list, or undefined when it can. */
export function breakTypeProblem(name: string, list: readonly string[]): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return translate('settings.breakTypes.problems.required');
  if (trimmed.length > MAX_BREAK_TYPE_LENGTH) return translate('settings.breakTypes.problems.tooLong', { count: MAX_BREAK_TYPE_LENGTH });
  if (list.some((type) => type.toLowerCase() === trimmed.toLowerCase())) return translate('settings.breakTypes.problems.duplicate');
  if (list.length >= MAX_BREAK_TYPES) return translate('settings.breakTypes.problems.tooMany', { count: MAX_BREAK_TYPES });
  return undefined;
}

/** The team's break types: admins edit the list, everyone else sees it. */
export function BreakTypesForm({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const requireAuth = useRequireAuth();
  const toast = useToast();
  const { types, isLoading, error } = useBreakTypes();
  const { trigger, isMutating } = useSaveBreakTypes();
  const [draft, setDraft] = useState<string[]>([]);
  const [dirty, setDirty] = useState(false);
  const [newType, setNewType] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string>();

  const typesKey = types.join('\n');
  useEffect(() => {
    if (!dirty) setDraft(typesKey ? typesKey.split('\n') : []);
  }, [typesKey, dirty]);

  if (isLoading) return <Spinner label={t('settings.breakTypes.loading')} />;
  if (error && types.length === 0) return <FormError>{errorMessage(error, t('settings.breakTypes.loadFailed'))}</FormError>;

  if (!isAdmin) {
    return (
      <div className="space-y-3">
        <ul className="flex flex-wrap gap-2" aria-label={t('settings.breakTypes.listLabel')}>
          {types.map((type) => (
            <li key={type} className="rounded-full bg-slate-100 px-3 py-1 text-sm dark:bg-slate-800">
              {breakTypeLabel(type)}
            </li>
          ))}
        </ul>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('settings.breakTypes.adminsOnly')}</p>
      </div>
    );
  }

  const add = (event: FormEvent) => {
    event.preventDefault();
    const problem = breakTypeProblem(newType, draft);
    setFieldError(problem);
    if (problem) return;
    setDraft([...draft, newType.trim()]);
    setDirty(true);
    setNewType('');
  };

  const remove = (type: string) => {
    setDraft(draft.filter((item) => item !== type));
    setDirty(true);
  };

  const save = async () => {
    if (isMutating || !requireAuth()) return;
    setFormError(undefined);
    if (draft.length === 0) {
      setFormError(t('settings.breakTypes.keepOne'));
      return;
    }
    try {
      await trigger(draft);
      setDirty(false);
      toast.show({ title: t('settings.savedTitle'), message: t('settings.breakTypes.saved'), variant: 'success', duration: SHORT_TOAST_MS });
    } catch (failure) {
      const fieldMessage = failure instanceof ApiError ? failure.fieldErrors.type : undefined;
      setFormError(fieldMessage ?? errorMessage(failure, t('settings.breakTypes.saveFailed')));
    }
  };

  return (
    <div className="space-y-4">
      <ul className="flex flex-wrap gap-2" aria-label={t('settings.breakTypes.listLabel')}>
        {draft.map((type) => (
          <li key={type} className="inline-flex items-center rounded-full bg-slate-100 pl-3 text-sm dark:bg-slate-800">
            <span className="break-all">{breakTypeLabel(type)}</span>
            <button
              type="button"
              onClick={() => remove(type)}
              aria-label={t('settings.breakTypes.removeLabel', { type })}
              className="inline-flex size-11 items-center justify-center rounded-full text-slate-600 hover:bg-slate-200 hover:text-red-700 dark:text-slate-300 dark:hover:bg-slate-700 dark:hover:text-red-400"
            >
              <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
              </svg>
            </button>
          </li>
        ))}
      </ul>
      <form noValidate onSubmit={add} aria-label={t('settings.breakTypes.addFormLabel')} className="flex items-start gap-2">
        <div className="flex-1">
          <Input
            label={t('settings.breakTypes.newType')}
            value={newType}
            maxLength={MAX_BREAK_TYPE_LENGTH}
            onChange={(event) => {
              setNewType(event.target.value);
              setFieldError(undefined);
            }}
            error={fieldError}
          />
        </div>
        <div className="pt-6">
          <Button type="submit" variant="secondary">
            {t('common.add')}
          </Button>
        </div>
      </form>
      <FormError>{formError}</FormError>
      <div className="flex flex-wrap justify-end gap-2">
        {dirty && (
          <Button
            variant="ghost"
            onClick={() => {
              setDirty(false);
              setFormError(undefined);
            }}
          >
            {t('settings.breakTypes.undo')}
          </Button>
        )}
        <Button onClick={() => void save()} disabled={isMutating || !dirty}>
          {isMutating ? t('settings.saving') : t('settings.breakTypes.save')}
        </Button>
      </div>
    </div>
  );
}
