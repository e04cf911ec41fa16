import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm, type FieldPath, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Checkbox, FormError, Input } from '@/components/ui/field';
import { FormTimeField } from '@/components/ui/form-date-time';
import { useToast } from '@/components/ui/toast';
import { SHORT_TOAST_MS } from '@/config/constants';
import { ApiError, errorMessage } from '@/lib/api-error';
import { useRequireAuth } from '@/lib/auth';
import { msg } from '@/lib/i18n';
import { useSaveNotificationSettings, type NotificationSettings } from '../api/notifications';

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: msg('notifications.form.validation.time') });
const minutes = (min: number, max: number) =>
  z
    .number({ error: msg('notifications.form.validation.number') })
    .int({ error: msg('notifications.form.validation.whole') })
    .min(min, { error: msg('notifications.form.validation.range', { min, max }) })
    .max(max, { error: msg('notifications.form.validation.range', { min, max }) });
const channels = { push: z.boolean(), email: z.boolean() };

/** The server's rules (docs/api-reference.md, NotificationSettings); it checks them again and answers 422 by field. */
export const notificationSettingsSchema = z.object({
  breakReminder: z.object({ enabled: z.boolean(), minutes: minutes(5, 480), ...channels }),
  meetingReminder: z.object({ enabled: z.boolean(), minutes: minutes(1, 240), ...channels }),
  dailyAgenda: z.object({ enabled: z.boolean(), time, ...channels }),
  leaveRequested: z.object({ enabled: z.boolean(), ...channels }),
  leaveDecided: z.object({ enabled: z.boolean(), ...channels }),
  breakGuard: z.object({ enabled: z.boolean(), ...channels }),
  meetingInvitation: z.object({ enabled: z.boolean(), ...channels }),
  quietHours: z.object({ enabled: z.boolean(), from: time, to: time }),
}) satisfies z.ZodType<NotificationSettings>;

type Values = z.infer<typeof notificationSettingsSchema>;
type Channelled = 'breakReminder' | 'meetingReminder' | 'dailyAgenda' | 'leaveRequested' | 'leaveDecided' | 'breakGuard' | 'meetingInvitation';

/** The fields a 422 can name, in the form's order. */
const fieldPaths = new Set<string>([
  'breakReminder.enabled',
  'breakReminder.minutes',
  'meetingReminder.enabled',
  'meetingReminder.minutes',
  'dailyAgenda.enabled',
  'dailyAgenda.time',
  'leaveRequested.enabled',
  'leaveDecided.enabled',
  'breakGuard.enabled',
  'breakGuard.push',
  'breakGuard.email',
  'meetingInvitation.enabled',
  'meetingInvitation.push',
  'meetingInvitation.email',
  'quietHours.enabled',
  'quietHours.from',
  'quietHours.to',
]);

/**
 * Calls `also` when the box gets checked, before the form's own handler: still inside the tap, which browsers
 * (Safari most strictly) require for the permission prompt.
 */
function onCheck(field: UseFormRegisterReturn, also: () => void): UseFormRegisterReturn {
  return {
    ...field,
    onChange: (event: { target: { checked?: boolean } }) => {
      if (event.target.checked) also();
      return field.onChange(event);
    },
  };
}

function Reminder({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 space-y-2 rounded-xl border border-slate-200 p-3 sm:p-4 dark:border-slate-700">
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      <p className="text-sm text-slate-600 dark:text-slate-400">{description}</p>
      <div className="flex flex-wrap items-start gap-x-6 gap-y-2">{children}</div>
    </fieldset>
  );
}

/**
 * Each reminder and notice (on/off, minutes or time, Push and Email) and the quiet hours. `onPushWanted` runs when
 * a tap turns on a reminder that goes by push (its switch with Push ticked, or its Push box): the only moments the
 * browser's permission is asked for.
 */
export function NotificationsForm({ settings, onPushWanted }: { settings: NotificationSettings; onPushWanted: () => void }) {
  const { t } = useTranslation();
  const requireAuth = useRequireAuth();
  const toast = useToast();
  const { trigger, isMutating } = useSaveNotificationSettings();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    getValues,
    setFocus,
    formState: { errors, isDirty },
  } = useForm<Values>({ resolver: zodResolver(notificationSettingsSchema), mode: 'onBlur', defaultValues: settings });

  const switchOf = (kind: Channelled) => onCheck(register(`${kind}.enabled`), () => getValues(`${kind}.push`) && onPushWanted());
  const pushOf = (kind: Channelled) => onCheck(register(`${kind}.push`), () => getValues(`${kind}.enabled`) && onPushWanted());
  const channelBoxes = (kind: Channelled) => (
    <div role="group" aria-label={t('notifications.form.sendBy')} className="flex gap-4">
      <Checkbox label={t('notifications.form.push')} {...pushOf(kind)} />
      <Checkbox label={t('notifications.form.email')} {...register(`${kind}.email`)} />
    </div>
  );
  const onSwitch = (kind: Channelled) => <Checkbox role="switch" label={t('notifications.form.on')} {...switchOf(kind)} />;

  const onSubmit = async (values: Values) => {
    if (isMutating || !requireAuth()) return;
    setFormError(undefined);
    try {
      const saved = await trigger(values);
      reset(saved ?? values);
      toast.show({ title: t('notifications.form.savedTitle'), message: t('notifications.form.saved'), variant: 'success', duration: SHORT_TOAST_MS });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      const known = Object.entries(fields).filter(([path]) => fieldPaths.has(path));
      // Focus only one: focusing each in turn would blur the others, and a blur validates (and clears) a field.
      for (const [path, message] of known) setError(path as FieldPath<Values>, { message });
      const first = [...fieldPaths].find((path) => fields[path]);
      if (first) setFocus(first as FieldPath<Values>);
      const others = Object.entries(fields).filter(([path]) => !fieldPaths.has(path));
      if (known.length === 0 || others.length > 0) setFormError(others[0]?.[1] ?? errorMessage(error, t('notifications.form.failed')));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('notifications.form.formLabel')} className="space-y-4">
      <div className="grid gap-4 lg:grid-cols-2">
        <Reminder title={t('notifications.form.breakReminder.title')} description={t('notifications.form.breakReminder.description')}>
          {onSwitch('breakReminder')}
          <div className="w-40">
            <Input
              label={t('notifications.form.breakReminder.minutes')}
              type="number"
              inputMode="numeric"
              min={5}
              max={480}
              error={errors.breakReminder?.minutes?.message}
              {...register('breakReminder.minutes', { valueAsNumber: true })}
            />
          </div>
          {channelBoxes('breakReminder')}
        </Reminder>
        <Reminder title={t('notifications.form.meetingReminder.title')} description={t('notifications.form.meetingReminder.description')}>
          {onSwitch('meetingReminder')}
          <div className="w-40">
            <Input
              label={t('notifications.form.meetingReminder.minutes')}
              type="number"
              inputMode="numeric"
              min={1}
              max={240}
              error={errors.meetingReminder?.minutes?.message}
              {...register('meetingReminder.minutes', { valueAsNumber: true })}
            />
          </div>
          {channelBoxes('meetingReminder')}
        </Reminder>
        <Reminder title={t('notifications.form.meetingInvitation.title')} description={t('notifications.form.meetingInvitation.description')}>
          {onSwitch('meetingInvitation')}
          {channelBoxes('meetingInvitation')}
        </Reminder>
        <Reminder title={t('notifications.form.dailyAgenda.title')} description={t('notifications.form.dailyAgenda.description')}>
          {onSwitch('dailyAgenda')}
          <div className="w-40">
            <FormTimeField control={control} name="dailyAgenda.time" label={t('notifications.form.dailyAgenda.time')} />
          </div>
          {channelBoxes('dailyAgenda')}
        </Reminder>
        <Reminder title={t('notifications.form.leaveRequested.title')} description={t('notifications.form.leaveRequested.description')}>
          {onSwitch('leaveRequested')}
          {channelBoxes('leaveRequested')}
        </Reminder>
        <Reminder title={t('notifications.form.leaveDecided.title')} description={t('notifications.form.leaveDecided.description')}>
          {onSwitch('leaveDecided')}
          {channelBoxes('leaveDecided')}
        </Reminder>
        <Reminder title={t('notifications.form.breakGuard.title')} description={t('notifications.form.breakGuard.description')}>
          {onSwitch('breakGuard')}
          {channelBoxes('breakGuard')}
        </Reminder>
        <Reminder title={t('notifications.form.quietHours.title')} description={t('notifications.form.quietHours.description')}>
          <Checkbox role="switch" label={t('notifications.form.on')} {...register('quietHours.enabled')} />
          <div className="w-32">
            <FormTimeField control={control} name="quietHours.from" label={t('notifications.form.quietHours.from')} />
          </div>
          <div className="w-32">
            <FormTimeField control={control} name="quietHours.to" label={t('notifications.form.quietHours.to')} />
          </div>
        </Reminder>
      </div>
      <FormError>{formError}</FormError>
      <div className="flex justify-end">
        <Button type="submit" disabled={isMutating || !isDirty}>
          {isMutating ? t('notifications.form.saving') : t('notifications.form.save')}
        </Button>
      </div>
    </form>
  );
}
