import { z } from 'zod';
import { msg } from '@/lib/i18n';

// Messages are read when a check runs, in the language of that moment (msg), never when this module loads.

/** A simple email shape: something@something.tld, no spaces. */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const email = z
  .string()
  .trim()
  .min(1, { error: msg('auth.validation.emailRequired') })
  .regex(EMAIL_SHAPE, { error: msg('auth.validation.emailInvalid') });

export const newPassword = z
  .string()
  .min(1, { error: msg('auth.validation.passwordRequired') })
  .min(6, { error: msg('auth.validation.passwordMin') })
  .max(20, { error: msg('auth.validation.passwordMax') });

export const signInSchema = z.object({
  email,
  password: z
    .string()
    .min(1, { error: msg('auth.validation.passwordRequired') })
    .min(5, { error: msg('auth.validation.signInPasswordMin') }),
  rememberMe: z.boolean(),
});
export type SignInValues = z.infer<typeof signInSchema>;

export const signUpSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: msg('auth.validation.nameRequired') })
    .min(3, { error: msg('auth.validation.nameMin') })
    .max(60, { error: msg('auth.validation.nameMax') }),
  email,
  password: newPassword,
});
export type SignUpValues = z.infer<typeof signUpSchema>;

export const resetPasswordSchema = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, { error: msg('auth.validation.passwordsDiffer'), path: ['confirmPassword'] });
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;
