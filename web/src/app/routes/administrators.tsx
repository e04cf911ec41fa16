import { lazy, Suspense } from 'react';
import { AuditLogSection } from '@/features/audit/components/audit-log-section';
import { HolidaysSection } from '@/features/holidays/components/holidays-section';
import { BalancesSection } from '@/features/leaves/components/balances-section';
import { LeaveSettingsSection } from '@/features/leaves/components/leave-settings-section';
import { LeaveTypesSection } from '@/features/leaves/components/leave-types-section';
import { TeamMembersPage } from '@/features/team/components/team-members-page';
import { WebhooksSection } from '@/features/webhooks/components/webhooks-section';
import { isLeaveApprover, useTeamRole } from '@/lib/team-role';

const SsoSection = lazy(() => import('@/features/sso/components/sso-section').then((module) => ({ default: module.SsoSection })));

/**
 * Team Members (the Admin Panel); for admins the team's leave types, leave settings, public holidays, team-chat
 * webhooks and single sign-on; for admins and HR the balances; for admins the team's audit log.
 */
export function AdministratorsRoute() {
  const { role } = useTeamRole();
  return (
    <div className="space-y-6">
      <TeamMembersPage />
      {role === 'admin' && <LeaveTypesSection />}
      {role === 'admin' && <LeaveSettingsSection />}
      {role === 'admin' && <HolidaysSection />}
      {role === 'admin' && <WebhooksSection />}
      {role === 'admin' && (
        <Suspense fallback={null}>
          <SsoSection />
        </Suspense>
      )}
      {isLeaveApprover(role) && <BalancesSection canEdit={role === 'admin'} />}
      {role === 'admin' && <AuditLogSection />}
    </div>
  );
}
