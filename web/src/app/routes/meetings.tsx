import { MeetingsPage } from '@/features/meetings/components/meetings-page';

/** Route component for Meetings. */
export function MeetingsRoute() {
  return <MeetingsPage />;
}
