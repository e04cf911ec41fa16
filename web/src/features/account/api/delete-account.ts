import { api } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-schema';

export const deleteAccount = (password: string) =>
  api.del<Schemas['Message']>('/user/delete-account', { body: { password } satisfies Schemas['PasswordInput'] });
