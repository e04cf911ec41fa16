import { z } from 'zod';

/** A simple email shape: something@something.tld, no spaces. */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const messages = {
  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter a valid email address.',
  passwordRequired: 'Password is required.',
  signInPasswordMin: 'Password must be at least 5 characters long.',
  nameRequired: 'Name is required',
  nameMin: 'Name must be at least 3 characters long.',
  nameMax: 'Name must not exceed 60 characters.',
  passwordMin: 'Password must be at least 6 characters long.',
  passwordMax: 'Password must not exceed 20 characters.',
  passwordsDiffer: 'Passwords do not match.',
} as const;

const email = z.string().trim().min(1, messages.emailRequired).regex(EMAIL_SHAPE, messages.emailInvalid);

export const newPassword = z.string().min(1, messages.passwordRequired).min(6, messages.passwordMin).max(20, messages.passwordMax);

export const signInSchema = z.object({
  email,
  password: z.string().min(1, messages.passwordRequired).min(5, messages.signInPasswordMin),
  rememberMe: z.boolean(),
});
export type SignInValues = z.infer<typeof signInSchema>;

export const signUpSchema = z.object({
  name: z.string().trim().min(1, messages.nameRequired).min(3, messages.nameMin).max(60, messages.nameMax),
  email,
  password: newPassword,
});
export type SignUpValues = z.infer<typeof signUpSchema>;

export const resetPasswordSchema = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, { message: messages.passwordsDiffer, path: ['confirmPassword'] });
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;
