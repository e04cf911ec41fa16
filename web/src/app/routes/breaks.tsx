import { GuestWelcome } from '@/components/layouts/guest-welcome';
import { BreaksPage } from '@/features/breaks/components/breaks-page';
import { EndBreakFromLink } from '@/features/breaks/components/end-break-from-link';
import { useLiveBreak } from '@/features/breaks/api/breaks';
import { TakeBreakButton } from '@/features/breaks/components/live-break-card';
import { WorkCard } from '@/features/work/components/work-card';
import { useSession } from '@/lib/auth';

/** The working-time card, its "Take a break" starting the live break below it. */
function DashboardWork() {
  const { live } = useLiveBreak();
  return <WorkCard onBreak={Boolean(live)} breakAction={<TakeBreakButton className="min-h-12 sm:flex-1" />} />;
}

/**
 * Route component for Dashboard; `?action=end-break` (a break reminder's action) ends the live break. A visitor
 * gets a welcome with the way in instead of an empty dashboard that has nothing to show them.
 */
export function BreaksRoute() {
  const { signedIn } = useSession();
  if (!signedIn) return <GuestWelcome />;
  return (
    <>
      <EndBreakFromLink />
      <BreaksPage before={<DashboardWork />} />
    </>
  );
}
