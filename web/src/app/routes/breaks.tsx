import { lazy, Suspense, useState } from 'react';
import { GuestWelcome } from '@/components/layouts/guest-welcome';
import { BreaksPage } from '@/features/breaks/components/breaks-page';
import { EndBreakFromLink } from '@/features/breaks/components/end-break-from-link';
import { useLiveBreak } from '@/features/breaks/api/breaks';
import { TakeBreakButton } from '@/features/breaks/components/live-break-card';
import { WorkCard } from '@/features/work/components/work-card';
import { useSession } from '@/lib/auth';
import { useSearchParams } from 'react-router-dom';

// Loaded only when a warning's "Start break" opened the Dashboard (`?action=start-break`).
const StartBreakFromLink = lazy(() => import('@/features/breaks/components/start-break-from-link').then((module) => ({ default: module.StartBreakFromLink })));
// Shown only to a person on leave today; it reads today's absentees after the first screen.
const LeaveTodayCard = lazy(() => import('@/features/team/components/leave-today-card').then((module) => ({ default: module.LeaveTodayCard })));
const BreakFormDialog = lazy(() => import('@/features/breaks/components/break-form-dialog').then((module) => ({ default: module.BreakFormDialog })));

/**
 * The working-time card, its "Take a break" starting the live break below it; the clock-out summary's "Add a break"
 * opens the add-break form for the day.
 */
function DashboardWork() {
  const { live } = useLiveBreak();
  const [addOn, setAddOn] = useState<string | null>(null);
  return (
    <>
      <WorkCard onBreak={Boolean(live)} breakAction={<TakeBreakButton className="min-h-12 sm:flex-1" />} onAddBreak={setAddOn} />
      {addOn && (
        <Suspense fallback={null}>
          <BreakFormDialog prefill={{ createdDate: addOn }} onClose={() => setAddOn(null)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * Route component for Dashboard; `?action=end-break` (a break reminder's action) ends the live break, and
 * `?action=start-break` (a break-and-rest warning's) starts one. A visitor gets a welcome with the way in instead of
 * an empty dashboard that has nothing to show them. A person on leave today sees that first.
 */
export function BreaksRoute() {
  const { signedIn } = useSession();
  const [params] = useSearchParams();
  if (!signedIn) return <GuestWelcome />;
  return (
    <>
      <EndBreakFromLink />
      {params.get('action') === 'start-break' && (
        <Suspense fallback={null}>
          <StartBreakFromLink />
        </Suspense>
      )}
      <BreaksPage
        before={
          <>
            <Suspense fallback={null}>
              <LeaveTodayCard />
            </Suspense>
            <DashboardWork />
          </>
        }
      />
    </>
  );
}
