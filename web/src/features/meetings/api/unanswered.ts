import { apiKey } from '@/lib/api-paths';
import { useSession } from '@/lib/auth';
import { useApi } from '@/lib/swr';

/** Under `/meeting/`: every change of a meeting (an answer too) asks for it again (`isMeetingKey`). */
export const unansweredKey = apiKey('/meeting/unanswered-count');

/**
 * The Meetings badge: how many meetings from today on invite the signed-in person and wait for their answer. Kept
 * apart from the meetings' API so the navigation loads no more than this.
 */
export function useUnansweredCount(): number | undefined {
  const { signedIn } = useSession();
  const { data } = useApi(signedIn && unansweredKey);
  return typeof data === 'number' ? data : undefined;
}
