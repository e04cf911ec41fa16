import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormError, Input } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { SHORT_TOAST_MS } from '@/config/constants';
import { ApiError, errorMessage } from '@/lib/api-error';
import { useRequireAuth } from '@/lib/auth';
import { roleLabels, roles, useInviteMember, type Role } from '../api/members';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const inviteSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Email is required.')
    .max(70, 'Email must not exceed 70 characters.')
    .regex(EMAIL_SHAPE, 'Please enter a valid email address.'),
  role: z.enum(['admin', 'hr', 'member'], { message: 'Please choose a role.' }),
});

type InviteValues = z.infer<typeof inviteSchema>;

const roleOptions = roles.map((role) => ({ value: role, label: roleLabels[role] }));

/** Admins invite someone by email with a role; the invitation link is valid for 7 days. */
export function InviteMemberForm() {
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
      toast.show({ title: 'Invitation sent', message: answer?.message || `Invitation sent to ${email.trim()}.`, variant: 'success', duration: SHORT_TOAST_MS });
      reset({ email: '', role });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      if (fields.email) setError('email', { message: fields.email });
      if (fields.role) setError('role', { message: fields.role });
      if (!fields.email && !fields.role) setFormError(errorMessage(error, 'The invitation could not be sent. Please try again later.'));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Invite a member" className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-start">
        <Input
          label="Email"
          type="email"
          autoComplete="off"
          maxLength={70}
          placeholder="name@example.com"
          error={errors.email?.message}
          {...register('email')}
        />
        <Select label="Role" options={roleOptions} error={errors.role?.message} {...register('role')} />
        <div className="sm:pt-6">
          <Button type="submit" block disabled={isMutating}>
            {isMutating ? 'Sending...' : 'Send invitation'}
          </Button>
        </div>
      </div>
      <FormError>{formError}</FormError>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        We email them a link valid for 7 days. They sign in (or sign up) with that address and join your team with the role you chose.
      </p>
    </form>
  );
}
