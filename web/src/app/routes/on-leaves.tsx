import { OnLeavePage } from '@/features/team/components/on-leave-page';

/** Today's absentees. */
export function OnLeavesRoute() {
  return <OnLeavePage />;
}
