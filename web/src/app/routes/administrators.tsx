import { useTeamRole } from '@/lib/team-role';
import { LeaveTypesSection } from '@/features/leaves/components/leave-types-section';
import { TeamMembersPage } from '@/features/team/components/team-members-page';

/** Team Members (the Admin Panel), and for admins the team's leave types. */
export function AdministratorsRoute() {
  const { role } = useTeamRole();
  return (
    <div className="space-y-6">
      <TeamMembersPage />
      {role === 'admin' && <LeaveTypesSection />}
    </div>
  );
}
