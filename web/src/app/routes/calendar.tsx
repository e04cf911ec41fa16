import { FeedsSection } from '@/features/calendar-feeds/components/feeds-section';
import { CalendarPage, useCalendarParams } from '@/features/calendar/components/calendar-page';
import { HolidaysOverview } from '@/features/holidays/components/holidays-overview';
import { useSession } from '@/lib/auth';
import { isLeaveApprover, useTeamRole } from '@/lib/team-role';

/** The team calendar; under it the year's holidays (read-only, admins change them in the Admin Panel) and the feeds. */
export function CalendarRoute() {
  const { signedIn } = useSession();
  const { role } = useTeamRole();
  const { month } = useCalendarParams();
  return (
    // Room at the bottom so the chat launcher never covers the last buttons.
    <div className="mx-auto max-w-7xl space-y-6 pb-20">
      <CalendarPage />
      {signedIn && <HolidaysOverview key={month.slice(0, 4)} initialYear={Number(month.slice(0, 4))} canEdit={role === 'admin'} />}
      {signedIn && <FeedsSection canCreateTeamFeed={isLeaveApprover(role)} />}
    </div>
  );
}
