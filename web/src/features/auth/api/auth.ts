import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import type { Schemas } from '@/lib/api-schema';

export type Credentials = Schemas['Credentials'];

export type SignUpInput = Schemas['SignUpInput'];

/** The answer of a sign-in: the tokens, and who signed in. */
export type LoginAnswer = Schemas['Session'];

/**
 * The server's answer to an unverified account (sign-in and forgot password): a 403, the only one these public calls
 * give, with its message in the person's language; the English wording is recognised on its own too.
 */
export function isEmailNotActive(error: unknown): boolean {
  if (error instanceof ApiError && error.status === 403) return true;
  return error instanceof Error && /email is not active/i.test(error.message);
}

export const login = (credentials: Credentials): Promise<LoginAnswer> => api.post('/auth/login', { auth: false, body: credentials });

export const signUp = (input: SignUpInput) => api.post('/user/signup', { auth: false, body: input });

export const forgotPassword = (email: string) => api.post('/user/forgot-password', { auth: false, body: { email } });

export const resendVerification = (email: string) => api.post('/user/resend-verification', { auth: false, body: { email } });

export const resetPassword = (token: string, password: string) => api.post('/user/reset-password', { auth: false, body: { token, password } });

/** Sign-up links carry `kind=signup`; change-of-address links do not. */
export const verifyEmail = (token: string, kind: 'signup' | 'change') =>
  kind === 'signup' ? api.post('/user/verify-email', { auth: false, body: { token } }) : api.post('/user/verify-new-email', { auth: false, body: { token } });
