import { api } from '@/lib/api-client';
import type { LoginData } from '@/lib/session';

export interface Credentials {
  email: string;
  password: string;
}

export interface SignUpInput extends Credentials {
  name: string;
}

interface MessageData {
  message?: string;
  email?: string;
}

/** The server's answer to an unverified account (sign-in and forgot password). */
export function isEmailNotActive(error: unknown): boolean {
  return error instanceof Error && /email is not active/i.test(error.message);
}

export const login = (credentials: Credentials) => api.post<LoginData>('/auth/login', credentials, { auth: false });

export const signUp = (input: SignUpInput) => api.post<MessageData>('/user/signup', input, { auth: false });

export const forgotPassword = (email: string) => api.post<MessageData>('/user/forgot-password', { email }, { auth: false });

export const resendVerification = (email: string) => api.post<MessageData>('/user/resend-verification', { email }, { auth: false });

export const resetPassword = (token: string, password: string) => api.post<MessageData>('/user/reset-password', { token, password }, { auth: false });

/** Sign-up links carry `kind=signup`; change-of-address links do not. */
export const verifyEmail = (token: string, kind: 'signup' | 'change') =>
  kind === 'signup'
    ? api.post<MessageData>('/user/verify-email', { token }, { auth: false })
    : api.post<MessageData>('/user/verify-new-email', { token }, { auth: false });
