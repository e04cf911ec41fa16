import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-error';
import { useSession } from '@/lib/auth';
import { formatDate, todayIso } from '@/lib/format';
import { leaveTypeName } from '@/lib/type-names';
import { useOnLeaves } from '../api/members';
import { SignedOutNotice } from './signed-out-notice';

/** Today's absentees (/on-leaves): teammates on leave today with the leave's type; reasons reach admins and HR only. */
export function OnLeavePage() {
  const { t } = useTranslation();
  const { signedIn, id } = useSession();
  const today = todayIso();
  const { data, isLoading, error } = useOnLeaves(today);
  const away = data ?? [];

  if (!signedIn) return <SignedOutNotice message={t('team.signedOut.onLeave')} />;

  return (
    <Card>
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">
          {away.length > 0
            ? t('team.onLeave.titleCount', { date: formatDate(today), total: away.length })
            : t('team.onLeave.title', { date: formatDate(today) })}
        </h2>
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('team.updatesEvery')}</p>
      </div>
      {isLoading ? (
        <div className="flex justify-center py-6">
          <Spinner label={t('team.onLeave.loading')} />
        </div>
      ) : error && away.length === 0 ? (
        <FormError>{errorMessage(error, t('team.listFailed'))}</FormError>
      ) : away.length === 0 ? (
        <p className="py-4 text-sm text-slate-600 dark:text-slate-400">{t('team.onLeave.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label={t('team.onLeave.listLabel')}>
          {away.map((member) => (
            <li key={member.leaveId} aria-label={member.name} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:gap-4">
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words">
                  {member.name}
                  {member.userId === id && (
                    <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium dark:bg-slate-700">{t('team.you')}</span>
                  )}
                </p>
                <p className="text-sm text-slate-700 dark:text-slate-300">{leaveTypeName(member.leaveType)}</p>
                {member.reason && <p className="text-sm break-words text-slate-600 dark:text-slate-400">{member.reason}</p>}
              </div>
              <p className="text-sm sm:text-right">
                <span className="font-medium">
                  {member.fromDate === member.toDate ? formatDate(member.fromDate) : `${formatDate(member.fromDate)} – ${formatDate(member.toDate)}`}
                </span>
                <span className="block text-xs text-slate-600 dark:text-slate-400">
                  {member.toDate === today ? t('team.onLeave.daysLastToday', { count: member.days }) : t('team.onLeave.days', { count: member.days })}
                </span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
