import { PAGE_SIZE } from '@/config/constants';
import { apiKey } from '@/lib/api-paths';
import { useSession } from '@/lib/auth';
import { useApi } from '@/lib/swr';

/** A page (from 1) of the team's pending requests: the Leave requests page reads it, the navigation its first. */
export const pendingKey = (page: number) => apiKey('/leaves/pending', { query: { skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE } });

/**
 * 'Leave requests (N)' for admins and HR: the total of the first page's answer, the same request and cache entry as
 * the Leave requests page (a decision there takes the count down). Kept apart so the navigation loads no more.
 */
export function usePendingCount(enabled: boolean): number | undefined {
  const { signedIn } = useSession();
  const { data } = useApi(signedIn && enabled && pendingKey(1));
  return data?.totalCount;
}
