import { PagePlaceholder } from '@/components/layouts/page-placeholder';

/** Route component for Leaves; the record screen replaces this placeholder. */
export function LeavesRoute() {
  return <PagePlaceholder title="Leaves" description="Record the days you are away, from one date to another." />;
}
