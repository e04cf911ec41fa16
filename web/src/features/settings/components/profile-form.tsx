import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormError, Input } from '@/components/ui/field';
import { LanguageSelect } from '@/components/ui/language-select';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { SHORT_TOAST_MS } from '@/config/constants';
import { ApiError, errorMessage } from '@/lib/api-error';
import { useRequireAuth } from '@/lib/auth';
import { formatLocale, msg, type Language } from '@/lib/i18n';
import { updateSessionName } from '@/lib/session';
import { useUpdateProfile, type Profile } from '../api/settings';
import { browserTimeZone, timeZoneOptions, zoneLabel } from '../utils/time-zones';

/** The sign-up rules for a name (spec §5). */
export const profileSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: msg('settings.profile.validation.nameRequired') })
    .min(3, { error: msg('settings.profile.validation.nameTooShort') })
    .max(60, { error: msg('settings.profile.validation.nameTooLong') }),
  timeZone: z.string().min(1, { error: msg('settings.profile.validation.timeZoneRequired') }),
});

type ProfileValues = z.infer<typeof profileSchema>;

/** Language, name and time zone ("today" for every record is the day in this zone). */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const requireAuth = useRequireAuth();
  const toast = useToast();
  const { trigger, isMutating } = useUpdateProfile();
  const [formError, setFormError] = useState<string>();
  const browserZone = useMemo(browserTimeZone, []);
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<ProfileValues>({
    resolver: zodResolver(profileSchema),
    mode: 'onBlur',
    defaultValues: { name: profile.name, timeZone: profile.timeZone },
  });
  const timeZone = watch('timeZone');
  // The offsets are written in the language of the moment ('GMT+1', 'UTC+1').
  const locale = formatLocale();
  const zones = useMemo(
    () => timeZoneOptions(profile.timeZone, browserZone).map((zone) => ({ value: zone, label: zoneLabel(zone, undefined, locale) })),
    [profile.timeZone, browserZone, locale],
  );

  const onSubmit = async (values: ProfileValues) => {
    if (isMutating || !requireAuth()) return;
    setFormError(undefined);
    try {
      const saved = await trigger({ name: values.name.trim(), timeZone: values.timeZone });
      if (saved?.name) updateSessionName(saved.name);
      reset({ name: saved?.name ?? values.name.trim(), timeZone: saved?.timeZone ?? values.timeZone });
      toast.show({ title: t('settings.savedTitle'), message: t('settings.profile.saved'), variant: 'success', duration: SHORT_TOAST_MS });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      if (fields.name) setError('name', { message: fields.name });
      if (fields.timeZone) setError('timeZone', { message: fields.timeZone });
      if (!fields.name && !fields.timeZone) setFormError(errorMessage(error, t('settings.profile.failed')));
    }
  };

  // The language applies at once (the whole app switches) and is saved on the account on its own, so every device
  // and the server's mails follow it.
  const saveLanguage = async (language: Language) => {
    if (!requireAuth()) return;
    try {
      await trigger({ language });
      toast.show({ title: t('settings.savedTitle'), message: t('settings.profile.languageSaved'), variant: 'success', duration: SHORT_TOAST_MS });
    } catch (error) {
      setFormError(errorMessage(error, t('settings.profile.failed')));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('settings.profile.formLabel')} className="space-y-4">
      <LanguageSelect showLabel id="profile-language" onChange={(language) => void saveLanguage(language)} />
      <Input label={t('settings.profile.name')} autoComplete="name" maxLength={60} error={errors.name?.message} {...register('name')} />
      <Select
        label={t('settings.profile.timeZone')}
        options={zones}
        error={errors.timeZone?.message}
        hint={t('settings.profile.timeZoneHint')}
        {...register('timeZone')}
      />
      {timeZone !== browserZone && (
        <div className="flex flex-col gap-2 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900 sm:flex-row sm:items-center sm:justify-between dark:bg-sky-950/60 dark:text-sky-100">
          <p>
            <Trans i18nKey="settings.profile.deviceZone" values={{ zone: zoneLabel(browserZone) }} components={{ strong: <strong /> }} />
          </p>
          <Button variant="secondary" size="sm" onClick={() => setValue('timeZone', browserZone, { shouldDirty: true })}>
            {t('settings.profile.useDeviceZone')}
          </Button>
        </div>
      )}
      <FormError>{formError}</FormError>
      <div className="flex justify-end">
        <Button type="submit" disabled={isMutating || !isDirty}>
          {isMutating ? t('settings.saving') : t('settings.profile.save')}
        </Button>
      </div>
    </form>
  );
}
