import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError, Input } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { SHORT_TOAST_MS } from '@/config/constants';
import { ApiError, errorMessage } from '@/lib/api-error';
import { useRequireAuth } from '@/lib/auth';
import { timeZoneChoices, zoneName } from '@/lib/time-zone-choices';
import { useTeam, type TeamSettings } from '../api/team';
import { useUpdateTeam } from '../api/team-settings';
import { teamNameSchema } from './team-name-fields';

const schema = z.object({ name: teamNameSchema, timeZone: z.string() });
type Values = z.infer<typeof schema>;

/** The Admin Panel's team card (admins): the team's name and the time zone its new members start in. */
export function TeamSettingsCard() {
  const { data: team } = useTeam();
  if (!team) return null;
  return <TeamSettingsForm key={`${team.name}|${team.timeZone ?? ''}`} team={team} />;
}

function TeamSettingsForm({ team }: { team: TeamSettings }) {
  const { t } = useTranslation();
  const toast = useToast();
  const requireAuth = useRequireAuth();
  const headingId = useId();
  const { trigger, isMutating } = useUpdateTeam();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<Values>({ resolver: zodResolver(schema), mode: 'onBlur', defaultValues: { name: team.name, timeZone: team.timeZone ?? '' } });
  const zones = useMemo(
    () => [{ value: '', label: t('team.settings.deviceZone') }, ...timeZoneChoices(team.timeZone).map((zone) => ({ value: zone, label: zoneName(zone) }))],
    [team.timeZone, t],
  );

  const onSubmit = async (values: Values) => {
    if (isMutating || !requireAuth()) return;
    setFormError(undefined);
    try {
      await trigger({ name: values.name.trim(), timeZone: values.timeZone });
      toast.show({ title: t('settings.savedTitle'), message: t('team.settings.saved'), variant: 'success', duration: SHORT_TOAST_MS });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      if (fields.name) setError('name', { message: fields.name });
      if (fields.timeZone) setError('timeZone', { message: fields.timeZone });
      if (!fields.name && !fields.timeZone) setFormError(errorMessage(error, t('team.name.failed')));
    }
  };

  return (
    <Card labelledBy={headingId}>
      <h2 id={headingId} className="mb-3 text-lg font-semibold">
        {t('team.settings.title')}
      </h2>
      <form noValidate onSubmit={handleSubmit(onSubmit)} aria-labelledby={headingId} className="space-y-3">
        <div className="grid gap-3 sm:grid-cols-2 sm:items-start">
          <Input label={t('team.name.label')} maxLength={60} autoComplete="organization" error={errors.name?.message} {...register('name')} />
          <Select
            label={t('team.settings.defaultZone')}
            options={zones}
            error={errors.timeZone?.message}
            hint={t('team.settings.defaultZoneHint')}
            {...register('timeZone')}
          />
        </div>
        <FormError>{formError}</FormError>
        <div className="flex justify-end">
          <Button type="submit" disabled={isMutating || !isDirty}>
            {t('team.settings.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
