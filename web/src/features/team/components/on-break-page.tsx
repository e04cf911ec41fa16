import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-error';
import { useSession } from '@/lib/auth';
import { breakTypeName } from '@/lib/type-names';
import { useTeamMembers } from '@/lib/team-members';
import { useOnBreak } from '../api/members';
import { elapsed, localClock, useNow } from '../utils/presence-time';
import { SignedOutNotice } from './signed-out-notice';
import { StatusBadge } from './team-members-page';

/** A working member past a break threshold of the team's rules. */
export function BreakDueBadge() {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center rounded-full bg-red-100 px-2.5 py-1 text-xs font-semibold text-red-900 dark:bg-red-950 dark:text-red-200">
      {t('team.status.breakDue')}
    </span>
  );
}

/** Everyone in the team with their status now: working (since), on a break, on leave, or off. */
function TeamNow({ myId }: { myId: string | undefined }) {
  const { t } = useTranslation();
  const { members } = useTeamMembers();
  if (members.length === 0) return null;
  return (
    <Card>
      <h2 className="mb-2 text-lg font-semibold">{t('team.onBreak.teamNow')}</h2>
      <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label={t('team.onBreak.teamNowLabel')}>
        {members.map((member) => (
          <li key={member.id} aria-label={member.name} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="min-w-0 font-medium break-words">
              {member.name}
              {member.id === myId && <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium dark:bg-slate-700">{t('team.you')}</span>}
            </span>
            <span className="flex flex-wrap items-center gap-2">
              {member.breakDue && member.status === 'working' && <BreakDueBadge />}
              <StatusBadge member={member} />
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** Currently on break (/on-breaks): teammates on a live break, longest first, with the type and since when; below, the
 * whole team's status now. */
export function OnBreakPage() {
  const { t } = useTranslation();
  const { signedIn, id } = useSession();
  const { data, isLoading, error } = useOnBreak();
  const now = useNow();
  const onBreak = data ?? [];

  if (!signedIn) return <SignedOutNotice message={t('team.signedOut.onBreak')} />;

  return (
    <div className="flex flex-col gap-4">
      <Card>
        <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-semibold">{onBreak.length > 0 ? t('team.onBreak.titleCount', { total: onBreak.length }) : t('team.onBreak.title')}</h2>
          <p className="text-xs text-slate-500 dark:text-slate-400">{t('team.updatesEvery')}</p>
        </div>
        {isLoading ? (
          <div className="flex justify-center py-6">
            <Spinner label={t('team.onBreak.loading')} />
          </div>
        ) : error && onBreak.length === 0 ? (
          <FormError>{errorMessage(error, t('team.listFailed'))}</FormError>
        ) : onBreak.length === 0 ? (
          <p className="py-4 text-sm text-slate-600 dark:text-slate-400">{t('team.onBreak.empty')}</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label={t('team.onBreak.listLabel')}>
            {onBreak.map((member) => (
              <li key={member.userId} aria-label={member.name} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:gap-4">
                <div className="min-w-0 flex-1">
                  <p className="font-semibold break-words">
                    {member.name}
                    {member.userId === id && (
                      <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium dark:bg-slate-700">{t('team.you')}</span>
                    )}
                  </p>
                  <p className="text-sm text-slate-700 dark:text-slate-300">{breakTypeName(member.type)}</p>
                  {member.reason && <p className="text-sm break-words text-slate-600 dark:text-slate-400">{member.reason}</p>}
                </div>
                <p className="text-sm sm:text-right">
                  <span className="font-medium">{t('team.onBreak.since', { time: localClock(member.since) })}</span>
                  <span className="block text-xs text-slate-600 dark:text-slate-400">{t('team.onBreak.for', { duration: elapsed(member.since, now) })}</span>
                </p>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <TeamNow myId={id} />
    </div>
  );
}
