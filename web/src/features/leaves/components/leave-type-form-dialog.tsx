import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { sentNow, useRecordForm } from '@/components/forms/record-form';
import { FormDialog } from '@/components/forms/form-dialog';
import { Checkbox, Input } from '@/components/ui/field';
import {
  DEFAULT_LEAVE_TYPE_COLOR,
  leaveTypeFormValues,
  leaveTypeSchema,
  MAX_LEAVE_TYPE_NAME,
  toLeaveTypeBody,
  type LeaveTypeFormValues,
} from '../api/leave-type-schema';
import { useLeaveTypeActions, useLeaveTypes } from '../api/leave-types';
import type { LeaveType } from '../api/types';
import { safeColor } from '../utils/status';
import { ColorDot } from './leave-badges';

export interface LeaveTypeFormDialogProps {
  /** The type being edited; without it the dialog adds one. */
  editing?: LeaveType;
  onClose: () => void;
}

const FIELDS = ['name', 'color'] as const;

/** An admin adds or edits a leave type: name, colour, and whether it is paid, counted and needs approval. */
export function LeaveTypeFormDialog({ editing, onClose }: LeaveTypeFormDialogProps) {
  const { t } = useTranslation();
  const { types } = useLeaveTypes();
  const actions = useLeaveTypeActions();
  const otherNames = types.filter((type) => type._id !== editing?._id).map((type) => type.name);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LeaveTypeFormValues>({
    resolver: zodResolver(leaveTypeSchema(otherNames)),
    mode: 'onBlur',
    defaultValues: leaveTypeFormValues(editing),
  });
  const color = watch('color');

  const { submit, formError } = useRecordForm({
    fields: FIELDS,
    setFieldError: (field, message) => setError(field, { message }),
    savedMessage: (name: string) => (editing ? t('leaves.types.updated', { name }) : t('leaves.types.added', { name })),
    failure: { show: 'inline', fallback: t('leaves.types.saveFailed') },
    onClose,
  });
  const onSubmit = async (values: LeaveTypeFormValues) => {
    const body = toLeaveTypeBody(values);
    // The toast names the type as saved (or as typed, should the answer not say).
    await submit(() => sentNow((editing ? actions.update(editing._id, body) : actions.create(body)).then((saved) => saved?.name ?? body.name)));
  };

  return (
    <FormDialog
      title={editing ? t('leaves.types.editTitle') : t('leaves.types.addTitle')}
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
      error={formError}
      saving={isSubmitting}
      saveLabel={editing ? t('leaves.form.saveChanges') : t('leaves.types.addType')}
      savingLabel={t('leaves.form.saving')}
    >
      <Input label={t('leaves.types.name')} maxLength={MAX_LEAVE_TYPE_NAME} autoComplete="off" error={errors.name?.message} {...register('name')} />
      <div className="flex items-start gap-3">
        <div className="flex-1">
          <Input
            label={t('leaves.types.colour')}
            placeholder={DEFAULT_LEAVE_TYPE_COLOR}
            autoComplete="off"
            spellCheck={false}
            maxLength={7}
            error={errors.color?.message}
            hint={
              <span className="inline-flex items-center gap-1.5">
                <ColorDot color={color} /> {t('leaves.types.colourHint')}
              </span>
            }
            {...register('color')}
          />
        </div>
        <label className="mt-6 inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-lg border border-slate-300 dark:border-slate-600">
          <span className="visually-hidden">{t('leaves.types.pickColour')}</span>
          <input
            type="color"
            className="size-8 cursor-pointer rounded border-0 bg-transparent p-0"
            value={safeColor(color)?.toLowerCase() ?? '#000000'}
            onChange={(event) => setValue('color', event.target.value, { shouldValidate: true, shouldDirty: true })}
          />
        </label>
      </div>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('leaves.types.rules')}</legend>
        <p className="text-xs text-slate-600 dark:text-slate-400">{t('leaves.types.rulesHint')}</p>
        <div className="flex flex-col">
          <Checkbox label={t('leaves.types.paid')} {...register('paid')} />
          <Checkbox label={t('leaves.types.counts')} {...register('countsAgainstAllowance')} />
          <Checkbox label={t('leaves.types.needsApproval')} {...register('needsApproval')} />
        </div>
      </fieldset>
    </FormDialog>
  );
}
