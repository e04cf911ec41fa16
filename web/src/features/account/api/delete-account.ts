import { api } from '@/lib/api-client';

export const deleteAccount = (password: string) => api.del<{ message?: string }>('/user/delete-account', { body: { password } });
