import { LeavesPage } from '@/features/leaves/components/leaves-page';

/** Route component for Leaves. */
export function LeavesRoute() {
  return <LeavesPage />;
}
