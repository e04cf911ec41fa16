import { BreaksPage } from '@/features/breaks/components/breaks-page';

/** Route component for Dashboard. */
export function BreaksRoute() {
  return <BreaksPage />;
}
