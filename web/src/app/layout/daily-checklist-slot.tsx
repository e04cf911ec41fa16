import { lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';

const DailyChecklist = lazy(() => import('@/features/checklist/components/daily-checklist').then((module) => ({ default: module.DailyChecklist })));

/** The checklist inside the Daily Checklist panel, its own chunk loaded when the panel first opens. */
export function DailyChecklistSlot() {
  return (
    <Suspense fallback={<Spinner label="Loading checklist" />}>
      <DailyChecklist />
    </Suspense>
  );
}
