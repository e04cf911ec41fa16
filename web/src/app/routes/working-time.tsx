import { GuestWelcome } from '@/components/layouts/guest-welcome';
import { WorkingTimePage } from '@/features/work/components/working-time-page';
import { useSession } from '@/lib/auth';

/** Route component for Working time: the person's (or, for approvers, a member's) working time and timesheets. */
export function WorkingTimeRoute() {
  const { signedIn } = useSession();
  if (!signedIn) return <GuestWelcome />;
  return <WorkingTimePage />;
}
