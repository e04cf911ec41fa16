import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { keyIn } from '@/lib/api-paths';
import { useSession } from '@/lib/auth';
import { useApi } from '@/lib/swr';
import { leaveKeys } from './leaves';
import type { HalfDay, LeaveSettingsInput } from './types';

export type { Balance, LeavePreview, LeaveSettings } from './types';

/** The caller's balance of `year` in working days. */
export function useBalance(year: number) {
  const { signedIn } = useSession();
  return useApi(signedIn && leaveKeys.balance(year), { keepPreviousData: true });
}

/** A leave as the dialog holds it; `exclude` is the edited leave, whose own days are not counted twice. */
export interface PreviewQuery {
  fromDate: string;
  toDate: string;
  halfDay?: HalfDay;
  typeId?: string;
  exclude?: string;
}

/** What the leave would take (`GET /leaves/preview`); no call while `query` is null. */
export function useLeavePreview(query: PreviewQuery | null) {
  const { signedIn } = useSession();
  return useApi(signedIn && query && leaveKeys.preview(query), { keepPreviousData: true });
}

/** The team's leave settings (any member may read them). */
export function useLeaveSettings(enabled = true) {
  const { signedIn } = useSession();
  return useApi(signedIn && enabled && leaveKeys.settings);
}

/** Every member's balance of `year`, by name (admins and HR). */
export function useTeamBalances(year: number, enabled: boolean) {
  const { signedIn } = useSession();
  return useApi(signedIn && enabled && leaveKeys.teamBalances(year), { keepPreviousData: true });
}

const isBalanceKey = (key: unknown) => keyIn(key, ['/leaves/balance', '/admin/balances', '/leaves/preview']);

/** An admin's changes: the settings and a member's allowance; each answers what was saved, then the balances reload. */
export function useAllowanceActions() {
  const { mutate } = useSWRConfig();
  return useMemo(
    () => ({
      saveSettings: async (body: LeaveSettingsInput) => {
        const saved = await api.put('/leaves/settings', { body });
        await mutate(leaveKeys.settings, saved, { revalidate: false });
        await mutate(isBalanceKey);
        return saved;
      },
      setAllowance: async (userId: string, year: number, days: number) => {
        const saved = await api.put('/admin/allowance/{userId}', { params: { userId }, body: { year, days } });
        await mutate(isBalanceKey);
        return saved;
      },
    }),
    [mutate],
  );
}
