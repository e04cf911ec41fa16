import { api } from '@/lib/api-client';

export const deleteAccount = (password: string) => api.del('/user/delete-account', { body: { password } });
