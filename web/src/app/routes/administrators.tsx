import { TeamMembersPage } from '@/features/team/components/team-members-page';

/** Team Members (the Admin Panel). */
export function AdministratorsRoute() {
  return <TeamMembersPage />;
}
