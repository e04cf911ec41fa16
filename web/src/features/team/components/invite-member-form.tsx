import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormError, Input } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { SHORT_TOAST_MS } from '@/config/constants';
import { ApiError, errorMessage } from '@/lib/api-error';
import { useRequireAuth } from '@/lib/auth';
import { msg } from '@/lib/i18n';
import { roleOptions, useInviteMember, type Role } from '../api/members';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const inviteSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: msg('team.invite.validation.emailRequired') })
    .max(70, { error: msg('team.invite.validation.emailTooLong') })
    .regex(EMAIL_SHAPE, { error: msg('team.invite.validation.emailInvalid') }),
  role: z.enum(['admin', 'hr', 'member'], { error: msg('team.invite.validation.roleRequired') }),
});

type InviteValues = z.infer<typeof inviteSchema>;

/** Admins invite someone by email with a role; the invitation link is valid for 7 days. */
export function InviteMemberForm() {
  const { t } = useTranslation();
  const requireAuth = useRequireAuth();
  const toast = useToast();
  const { trigger, isMutating } = useInviteMember();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<InviteValues>({ resolver: zodResolver(inviteSchema), mode: 'onBlur', defaultValues: { email: '', role: 'member' } });

  const onSubmit = async ({ email, role }: InviteValues) => {
    if (isMutating || !requireAuth()) return;
    setFormError(undefined);
    try {
      const answer = await trigger({ email: email.trim(), role: role as Role });
      toast.show({
        title: t('team.invite.sentTitle'),
        message: answer?.message || t('team.invite.sentTo', { email: email.trim() }),
        variant: 'success',
        duration: SHORT_TOAST_MS,
      });
      reset({ email: '', role });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      if (fields.email) setError('email', { message: fields.email });
      if (fields.role) setError('role', { message: fields.role });
      if (!fields.email && !fields.role) setFormError(errorMessage(error, t('team.invite.failed')));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('team.invite.title')} className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-start">
        <Input
          label={t('team.invite.email')}
          type="email"
          autoComplete="off"
          maxLength={70}
          placeholder={t('team.invite.emailPlaceholder')}
          error={errors.email?.message}
          {...register('email')}
        />
        <Select label={t('team.invite.role')} options={roleOptions()} error={errors.role?.message} {...register('role')} />
        <div className="sm:pt-6">
          <Button type="submit" block disabled={isMutating}>
            {isMutating ? t('team.invite.sending') : t('team.invite.send')}
          </Button>
        </div>
      </div>
      <FormError>{formError}</FormError>
      <p className="text-xs text-slate-600 dark:text-slate-400">{t('team.invite.note')}</p>
    </form>
  );
}
