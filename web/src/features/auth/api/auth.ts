import { api } from '@/lib/api-client';
import type { ApiData, Schemas } from '@/lib/api-schema';

export type Credentials = Schemas['Credentials'];

export type SignUpInput = Schemas['SignUpInput'];

/** The answer of a sign-in: the tokens, and who signed in. */
export type LoginAnswer = Schemas['Session'];

/** The server's answer to an unverified account (sign-in and forgot password). */
export function isEmailNotActive(error: unknown): boolean {
  return error instanceof Error && /email is not active/i.test(error.message);
}

export const login = (credentials: Credentials) => api.post<LoginAnswer>('/auth/login', credentials, { auth: false });

export const signUp = (input: SignUpInput) => api.post<ApiData<'post_user_signup'>>('/user/signup', input, { auth: false });

export const forgotPassword = (email: string) =>
  api.post<Schemas['Message']>('/user/forgot-password', { email } satisfies Schemas['EmailInput'], { auth: false });

export const resendVerification = (email: string) =>
  api.post<Schemas['Message']>('/user/resend-verification', { email } satisfies Schemas['EmailInput'], { auth: false });

export const resetPassword = (token: string, password: string) =>
  api.post<Schemas['Message']>('/user/reset-password', { token, password } satisfies Schemas['ResetPasswordInput'], { auth: false });

/** Sign-up links carry `kind=signup`; change-of-address links do not. */
export const verifyEmail = (token: string, kind: 'signup' | 'change') =>
  kind === 'signup'
    ? api.post<ApiData<'post_user_verify_email'>>('/user/verify-email', { token } satisfies Schemas['TokenInput'], { auth: false })
    : api.post<ApiData<'post_user_verify_new_email'>>('/user/verify-new-email', { token } satisfies Schemas['TokenInput'], { auth: false });
