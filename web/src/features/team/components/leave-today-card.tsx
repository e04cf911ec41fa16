import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { useSession } from '@/lib/auth';
import { formatDate, todayIso } from '@/lib/format';
import { leaveTypeName } from '@/lib/type-names';
import { useApi } from '@/lib/swr';
import { teamKeys } from '../api/team';

/**
 * The Dashboard's notice of the signed-in person's approved leave today: its type, and until when when it runs past
 * today. Nothing while they are not on leave. Read once per visit (today's absentees of the team, the same answer
 * as /on-leaves), not on the team views' timer.
 */
export function LeaveTodayCard() {
  const { t } = useTranslation();
  const headingId = useId();
  const { signedIn, id } = useSession();
  const today = todayIso();
  const { data } = useApi(signedIn && teamKeys.onLeaves(today));
  const mine = (data ?? []).find((member) => member.userId === id);
  if (!mine) return null;
  return (
    <Card labelledBy={headingId} className="border-l-4 border-sky-600 dark:border-sky-400">
      <h2 id={headingId} className="text-lg font-semibold">
        {t('team.leaveToday.title', { type: leaveTypeName(mine.leaveType) })}
      </h2>
      {mine.toDate > today && (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('team.leaveToday.until', { date: formatDate(mine.toDate) })}</p>
      )}
    </Card>
  );
}
