import { BreaksPage } from '@/features/breaks/components/breaks-page';
import { EndBreakFromLink } from '@/features/breaks/components/end-break-from-link';

/** Route component for Dashboard; `?action=end-break` (a break reminder's action) ends the live break. */
export function BreaksRoute() {
  return (
    <>
      <EndBreakFromLink />
      <BreaksPage />
    </>
  );
}
