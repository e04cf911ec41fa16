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
 * Asked once: above the page, whether to follow this device's time zone when the account's differs; below it, of the
 * admin of a new team, the team's name (so the day's first actions, Start work and Start break, stay where they are
 * on a phone). Both read what the shell reads anyway (the profile, the team's name).
 */
export function FirstWeekQuestions({ ask }: { ask: 'zone' | 'name' }) {
  const { signedIn } = useSession();
  const { data: profile } = useApi(signedIn && PROFILE_KEY);
  const { data: team } = useTeam();
  const account = (profile as { timeZone?: unknown } | undefined)?.timeZone;
  const device = deviceTimeZone();
  const askZone = ask === 'zone' && typeof account === 'string' && account !== device && !zoneQuestionAnswered(account, device);
  const askName = ask === 'name' && Boolean(team?.askName);
  if (!askZone && !askName) return null;
  return (
    <Suspense fallback={null}>
      {askZone && <TimeZoneBanner />}
      {askName && <TeamNamePrompt />}
    </Suspense>
  );
}
