import { LeaveRequestsPage } from '@/features/leaves/components/leave-requests-page';

/** Leave requests waiting for a decision (admins and HR). */
export function LeaveRequestsRoute() {
  return <LeaveRequestsPage />;
}
