import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-error';
import { useSession } from '@/lib/auth';
import { useOnBreak } from '../api/members';
import { elapsed, localClock, useNow } from '../utils/presence-time';
import { SignedOutNotice } from './signed-out-notice';

/** Currently on break (/on-breaks): teammates on a live break, longest first, with the type and since when. */
export function OnBreakPage() {
  const { signedIn, id } = useSession();
  const { data, isLoading, error } = useOnBreak();
  const now = useNow();
  const onBreak = data ?? [];

  if (!signedIn) return <SignedOutNotice what="who is on a break" />;

  return (
    <Card>
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">Currently on break{onBreak.length > 0 ? ` (${onBreak.length})` : ''}</h2>
        <p className="text-xs text-slate-500 dark:text-slate-400">Updates every 30 seconds</p>
      </div>
      {isLoading ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading who is on a break" />
        </div>
      ) : error && onBreak.length === 0 ? (
        <FormError>{errorMessage(error, 'The list could not be loaded. Please try again later.')}</FormError>
      ) : onBreak.length === 0 ? (
        <p className="py-4 text-sm text-slate-600 dark:text-slate-400">Nobody is on a break right now.</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Members on a break">
          {onBreak.map((member) => (
            <li key={member.userId} aria-label={member.name} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:gap-4">
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words">
                  {member.name}
                  {member.userId === id && <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium dark:bg-slate-700">You</span>}
                </p>
                <p className="text-sm text-slate-700 dark:text-slate-300">{member.type}</p>
                {member.reason && <p className="text-sm break-words text-slate-600 dark:text-slate-400">{member.reason}</p>}
              </div>
              <p className="text-sm sm:text-right">
                <span className="font-medium">Since {localClock(member.since)}</span>
                <span className="block text-xs text-slate-600 dark:text-slate-400">for {elapsed(member.since, now)}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
