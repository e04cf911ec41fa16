import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { useApi } from '@/lib/swr';
import { leaveKeys } from './leaves';
import type { LeaveTypeCreate, LeaveTypeUpdate } from './types';

export type { LeaveType } from './types';

/**
 * The team's leave types (archived ones included, as the server sends them), with the ones a new leave may take,
 * the default, and a look-up by id for the lists.
 */
export function useLeaveTypes() {
  const { signedIn } = useSession();
  const result = useApi(signedIn && leaveKeys.types);
  const { data } = result;
  const derived = useMemo(() => {
    const types = data ?? [];
    const active = types.filter((type) => !type.archived);
    return {
      types,
      active,
      defaultType: active.find((type) => type.isDefault) ?? active[0],
      byId: new Map(types.map((type) => [type._id, type])),
    };
  }, [data]);
  return { ...result, ...derived };
}

/** The admin's changes to the list: each answers the saved type (or the delete's message), then the list reloads. */
export function useLeaveTypeActions() {
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const reload = () => mutate(leaveKeys.types);
    const after = async <T>(call: Promise<T>): Promise<T> => {
      const answer = await call;
      await reload();
      return answer;
    };
    return {
      create: (body: LeaveTypeCreate) => after(api.post('/leaves/types', { body })),
      update: (id: string, body: LeaveTypeUpdate) => after(api.put('/leaves/types/{id}', { params: { id }, body })),
      remove: (id: string) => after(api.del('/leaves/types/{id}', { params: { id } })),
    };
  }, [mutate]);
}
