import { lazy, Suspense } from 'react';
import { useSession } from '@/lib/auth';
import { useApi } from '@/lib/swr';
import { PROFILE_KEY } from '@/lib/team-role';
import { deviceTimeZone, zoneQuestionAnswered } from '@/lib/time-zone';
import { useTeam } from '@/features/team/api/team';

// Their forms load only when there is something to ask: the first screen carries none of them.
const TimeZoneBanner = lazy(() => import('@/features/settings/components/time-zone-banner').then((m) => ({ default: m.TimeZoneBanner })));
const TeamNamePrompt = lazy(() => import('@/features/team/components/team-name-prompt').then((m) => ({ default: m.TeamNamePrompt })));

/**
 * Asked once, above the page: whether to follow this device's time zone when the account's differs, and (of the
 * admin of a new team) the team's name. Both read what the shell reads anyway (the profile, the team's name).
 */
export function FirstWeekQuestions() {
  const { signedIn } = useSession();
  const { data: profile } = useApi(signedIn && PROFILE_KEY);
  const { data: team } = useTeam();
  const account = (profile as { timeZone?: unknown } | undefined)?.timeZone;
  const device = deviceTimeZone();
  const askZone = typeof account === 'string' && account !== device && !zoneQuestionAnswered(account, device);
  if (!askZone && !team?.askName) return null;
  return (
    <Suspense fallback={null}>
      {askZone && <TimeZoneBanner />}
      {team?.askName && <TeamNamePrompt />}
    </Suspense>
  );
}
