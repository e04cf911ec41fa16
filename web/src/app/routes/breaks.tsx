import { GuestWelcome } from '@/components/layouts/guest-welcome';
import { BreaksPage } from '@/features/breaks/components/breaks-page';
import { EndBreakFromLink } from '@/features/breaks/components/end-break-from-link';
import { useSession } from '@/lib/auth';

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
      <BreaksPage />
    </>
  );
}
