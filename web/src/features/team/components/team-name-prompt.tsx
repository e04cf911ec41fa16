import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormError, Input } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { SHORT_TOAST_MS } from '@/config/constants';
import { ApiError, errorMessage } from '@/lib/api-error';
import { useTeam } from '../api/team';
import { useUpdateTeam } from '../api/team-settings';
import { teamNameSchema } from './team-name-fields';

const schema = z.object({ name: teamNameSchema });
type Values = z.infer<typeof schema>;

/**
 * Asked once, of the admin of a new team: its name (invitations, the timesheet PDF and the header use it). Saving or
 * "Not now" both end the question, on the server, so it is not asked again on another device.
 */
export function TeamNamePrompt() {
  const { data: team } = useTeam();
  if (!team?.askName) return null;
  return <TeamNameCard current={team.name} />;
}

function TeamNameCard({ current }: { current: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const headingId = useId();
  const { trigger, isMutating } = useUpdateTeam();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(schema), mode: 'onBlur', defaultValues: { name: '' } });

  const send = async (name?: string) => {
    if (isMutating) return;
    setFormError(undefined);
    try {
      const saved = await trigger(name === undefined ? {} : { name });
      if (name !== undefined) {
        toast.show({
          title: t('settings.savedTitle'),
          message: t('team.name.saved', { name: saved?.name ?? name }),
          variant: 'success',
          duration: SHORT_TOAST_MS,
        });
      }
    } catch (error) {
      const field = error instanceof ApiError ? error.fieldErrors.name : undefined;
      if (field) setError('name', { message: field });
      else setFormError(errorMessage(error, t('team.name.failed')));
    }
  };

  return (
    <section
      aria-labelledby={headingId}
      className="mt-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-brand-600/40 sm:p-5 dark:bg-slate-900 dark:ring-brand-400/40"
    >
      <h2 id={headingId} className="text-base font-semibold">
        {t('team.name.promptTitle')}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('team.name.promptText')}</p>
      <form noValidate onSubmit={handleSubmit(({ name }) => send(name.trim()))} className="mt-3 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start">
        <Input
          label={t('team.name.label')}
          placeholder={current}
          maxLength={60}
          autoComplete="organization"
          error={errors.name?.message}
          {...register('name')}
        />
        <div className="flex gap-2 sm:pt-6">
          <Button type="submit" disabled={isMutating} className="flex-1 sm:flex-none">
            {t('team.name.save')}
          </Button>
          <Button variant="secondary" disabled={isMutating} onClick={() => void send()} className="flex-1 sm:flex-none">
            {t('team.name.notNow')}
          </Button>
        </div>
      </form>
      <FormError>{formError}</FormError>
    </section>
  );
}
