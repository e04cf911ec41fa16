import { OnBreakPage } from '@/features/team/components/on-break-page';

/** Currently on break. */
export function OnBreaksRoute() {
  return <OnBreakPage />;
}
